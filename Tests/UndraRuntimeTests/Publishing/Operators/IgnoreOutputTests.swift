#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct IgnoreOutputTests {
        @Test func deliversOnlyTheCompletion() {
            let subject = PassthroughSubject<Int, TestError>()
            let ignored: Publishers.IgnoreOutput<PassthroughSubject<Int, TestError>> = subject.ignoreOutput()
            let recorder = Recorder(ignored)
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(TestError(code: 1)))
            #expect(recorder.events == [.failure(TestError(code: 1))])
            let finished = Recorder([1, 2].publisher.ignoreOutput())
            #expect(finished.events == [.finished])
        }

        @Test func asksTheUpstreamForEverythingEvenWithoutDemand() {
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.ignoreOutput(), demand: .none)
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [.finished])
        }

        @Test func cancellingCancelsTheUpstream() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.ignoreOutput(), demand: .none)
            upstream.send(1)
            recorder.cancel()
            #expect(upstream.requests == ["request unlimited", "cancel"])
            #expect(recorder.events == [])
        }
    }
}
#endif
