#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AssertNoFailureTests {
        @Test func passesValuesDemandAndTheFinishStraightThrough() {
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.assertNoFailure(), demand: .max(1))
            #expect(recorder.events == [.value(0)])
            recorder.request(.max(5))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            #expect(upstream.requests == ["request max(1)", "request max(5)"])
        }

        @Test func cancellingCancelsTheUpstream() {
            let upstream = CountingPublisher()
            let recorder = Recorder(upstream.assertNoFailure(), demand: .max(2))
            recorder.cancel()
            #expect(recorder.values == [0, 1])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }

        @Test func aFailureStopsTheProgram() async {
            await #expect(processExitsWith: .failure) {
                let subject = PassthroughSubject<Int, TestError>()
                let subscription = subject.assertNoFailure("upstream: ").sink { _ in }
                subject.send(completion: .failure(TestError(code: 3)))
                withExtendedLifetime(subscription) {}
            }
        }
    }
}
#endif
