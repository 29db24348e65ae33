#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ReplaceErrorTests {
        @Test func aFailureBecomesTheReplacementThenFinished() {
            let subject = PassthroughSubject<Int, TestError>()
            let replaced: Publishers.ReplaceError<PassthroughSubject<Int, TestError>> = subject.replaceError(with: 9)
            let recorder = Recorder(replaced)
            subject.send(1)
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1), .value(9), .finished])
        }

        @Test func finishingPassesThrough() {
            let recorder = Recorder([1].publisher.setFailureType(to: TestError.self).replaceError(with: 0))
            #expect(recorder.events == [.value(1), .finished])
        }

        @Test func theReplacementWaitsForDemand() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.replaceError(with: 9), demand: .max(1))
            upstream.send(1)
            upstream.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(1), .value(9), .finished])
            // The request was met by the replacement: the upstream is not asked again.
            #expect(upstream.requests == ["request max(1)"])
        }

        @Test func demandTheSubscriberReturnedCounts() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.replaceError(with: 9), demand: .max(1), onValue: { _ in .max(1) })
            #expect(upstream.send(1) == .max(1))
            upstream.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1), .value(9), .finished])
        }

        @Test func stepsAndCancelsWithAUsersPublisher() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.replaceError(with: -1), demand: .max(1))
            recorder.request(.max(1))
            recorder.cancel()
            #expect(recorder.events == [.value(0), .value(1)])
            #expect(upstream.requests == ["request max(1)", "request max(1)", "cancel"])
        }
    }
}
#endif
