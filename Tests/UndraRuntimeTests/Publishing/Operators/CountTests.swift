#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CountTests {
        @Test func deliversHowManyValuesCameWhenTheUpstreamFinishes() {
            let subject = PassthroughSubject<String, TestError>()
            let recorder = Recorder(subject.count())
            for text in ["a", "b", "c"] { subject.send(text) }
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(3), .finished])
            #expect(Recorder(Empty<Int, Never>().count()).events == [.value(0), .finished])
        }

        @Test func aFailureIsPassedOnAndTheCountDropped() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.count())
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.events == [.failure(TestError(code: 2))])
        }

        @Test func asksTheUpstreamForEverythingOnceAskedAndCancelsWhenCancelled() {
            let counted = CountingPublisher(limit: 7)
            let recorder = Recorder(counted.count(), demand: .none)
            recorder.request(.max(1))
            #expect(recorder.events == [.value(7), .finished])
            #expect(counted.requests == ["request unlimited"])
            let manual = ManualPublisher<Int, TestError>()
            let cancelled = Recorder(manual.count())
            manual.send(1)
            cancelled.cancel()
            #expect(manual.requests == ["request unlimited", "cancel"])
            #expect(Publishers.Count(upstream: Just(1)) == Just(1).count())
        }

        @Test func valuesFromManyThreadsAreAllCounted() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.count())
                concurrently(4) { _ in
                    for value in 0..<250 { subject.send(value) }
                }
                subject.send(completion: .finished)
                #expect(recorder.events == [.value(1000), .finished])
            }
        }
    }
}
#endif
