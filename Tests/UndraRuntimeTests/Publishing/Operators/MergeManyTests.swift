#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MergeManyTests {
        @Test func deliversTheValuesOfACollectionOfPublishersAsTheyCome() {
            let subjects = (0..<5).map { _ in PassthroughSubject<Int, TestError>() }
            let recorder = Recorder(Publishers.MergeMany(subjects))
            subjects[3].send(3)
            subjects[0].send(0)
            subjects[3].send(33)
            for subject in subjects.dropLast() { subject.send(completion: .finished) }
            #expect(recorder.events == [.value(3), .value(0), .value(33)])
            subjects[4].send(4)
            subjects[4].send(completion: .finished)
            #expect(recorder.events == [.value(3), .value(0), .value(33), .value(4), .finished])
        }

        @Test func withNoPublisherItFinishesAtOnce() {
            let recorder = Recorder(Publishers.MergeMany<Just<Int>>([]), demand: .none)
            #expect(recorder.events == [.finished])
            #expect(recorder.subscriptions == 1)
        }

        @Test func failsAsSoonAsOneFailsAndCancelsTheRest() {
            let a = CountingPublisher(limit: 10)
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(Publishers.MergeMany(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()), demand: .max(2))
            b.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.events == [.value(0), .value(1), .failure(TestError(code: 2))])
            #expect(a.requests == ["request max(2)", "cancel"])
        }

        @Test func asksEveryUpstreamForTheDemandAndStepsThroughIt() {
            let upstreams = [CountingPublisher(limit: 2), CountingPublisher(limit: 2), CountingPublisher(limit: 2)]
            let recorder = Recorder(Publishers.MergeMany(upstreams), demand: .max(1))
            #expect(recorder.values == [0])
            for _ in 0..<5 { recorder.request(.max(1)) }
            #expect(recorder.events == [.value(0), .value(0), .value(0), .value(1), .value(1), .value(1), .finished])
            // Each was asked for 1, then for what the queue did not cover: 1 … 1, then 0 once 2
            // values waited (the two other upstreams' answers to a request of 1).
            for upstream in upstreams { #expect(upstream.requests.first == "request max(1)") }
        }

        @Test func cancellingMidStreamCancelsEveryUpstream() {
            let upstreams = [CountingPublisher(), CountingPublisher()]
            let recorder = Recorder(Publishers.MergeMany(upstreams), demand: .max(1))
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.values == [0])
            #expect(upstreams.map(\.requests) == [["request max(1)", "cancel"], ["request max(1)", "cancel"]])
        }

        @Test func mergeWithAddsAnUpstream() {
            let merged = Publishers.MergeMany(Just(1), Just(2)).merge(with: Just(3))
            #expect(merged.publishers == [Just(1), Just(2), Just(3)])
            #expect(merged == Publishers.MergeMany([Just(1), Just(2), Just(3)]))
            #expect(Recorder(merged).events == [.value(1), .value(2), .value(3), .finished])
        }
    }
}
#endif
