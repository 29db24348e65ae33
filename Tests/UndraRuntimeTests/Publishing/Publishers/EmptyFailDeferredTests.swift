#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct EmptyFailDeferredTests {
        @Test func emptyFinishesAtOnceWithoutDemandOrNever() {
            let finishing = Recorder(Empty<Int, TestError>(), demand: .none)
            #expect(finishing.subscriptions == 1)
            #expect(finishing.events == [.finished])
            let silent = Recorder(Empty<Int, TestError>(completeImmediately: false))
            #expect(silent.subscriptions == 1)
            #expect(silent.events == [])
            #expect(Empty<Int, Never>() == Empty(completeImmediately: true, outputType: Int.self, failureType: Never.self))
            #expect(Empty<Int, Never>() != Empty(completeImmediately: false))
        }

        @Test func failFailsAtOnceWithoutDemand() {
            let recorder = Recorder(Fail<Int, TestError>(error: TestError(code: 5)), demand: .none)
            #expect(recorder.events == [.failure(TestError(code: 5))])
            #expect(Fail(outputType: Int.self, failure: TestError(code: 5)) == Fail<Int, TestError>(error: TestError(code: 5)))
        }

        @Test func deferredMakesAFreshPublisherForEachSubscriber() {
            var made = 0
            let deferred = Deferred { () -> Just<Int> in
                made += 1
                return Just(made)
            }
            #expect(made == 0)
            let first = Recorder(deferred)
            let second = Recorder(deferred)
            #expect(made == 2)
            #expect(first.events == [.value(1), .finished])
            #expect(second.events == [.value(2), .finished])
        }

        @Test func deferredPassesDemandAndCancelThrough() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(Deferred { upstream }, demand: .max(2))
            recorder.cancel()
            #expect(recorder.values == [0, 1])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }
    }
}
#endif
