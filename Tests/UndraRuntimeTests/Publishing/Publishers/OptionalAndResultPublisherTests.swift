#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct OptionalAndResultPublisherTests {
        @Test func anOptionalDeliversItsValueAtTheFirstRequestOrFinishesAtOnce() {
            let some = Recorder(Optional(3).publisher, demand: .none)
            #expect(some.events == [])
            some.request(.max(1))
            #expect(some.events == [.value(3), .finished])
            #expect(Recorder(Optional<Int>.none.publisher, demand: .none).events == [.finished])
            #expect(Optional(3).publisher == Optional<Int>.Publisher(3))
        }

        @Test func aResultDeliversItsValueAtTheFirstRequestOrItsFailureAtOnce() {
            let success = Recorder(Result<Int, TestError>.success(4).publisher, demand: .none)
            #expect(success.events == [])
            success.request(.max(2))
            #expect(success.events == [.value(4), .finished])
            let failure = Recorder(Result<Int, TestError>.Publisher(TestError(code: 6)), demand: .none)
            #expect(failure.events == [.failure(TestError(code: 6))])
            #expect(Result<Int, TestError>.Publisher(4) == Result.success(4).publisher)
        }

        @Test func cancellingBeforeTheRequestDeliversNothing() {
            let recorder = Recorder(Result<Int, TestError>.success(4).publisher, demand: .none)
            recorder.cancel()
            recorder.request(.max(1))
            #expect(recorder.events == [])
        }
    }
}
#endif
