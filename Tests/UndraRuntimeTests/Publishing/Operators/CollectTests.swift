#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CollectTests {
        @Test func deliversEveryValueInOneArrayWhenTheUpstreamFinishes() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect())
            for value in 1...3 { subject.send(value) }
            #expect(recorder.events == [])
            subject.send(completion: .finished)
            #expect(recorder.events == [.value([1, 2, 3]), .finished])
        }

        @Test func anEmptyUpstreamGivesAnEmptyArrayAndAFailureDropsTheValues() {
            let empty = Recorder(Empty<Int, TestError>().collect())
            #expect(empty.events == [.value([]), .finished])
            let subject = PassthroughSubject<Int, TestError>()
            let failed = Recorder(subject.collect())
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 2)))
            #expect(failed.events == [.failure(TestError(code: 2))])
        }

        @Test func theUpstreamIsAskedForEverythingWhenTheOperatorIsSubscribed() {
            let upstream = CountingPublisher(limit: 4)
            let recorder = Recorder(upstream.collect(), demand: .none)
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [])
            recorder.request(.max(1))
            recorder.request(.max(1))
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [.value([0, 1, 2, 3]), .finished])
        }

        @Test func theArrayWaitsForTheFirstRequest() {
            let recorder = Recorder([5, 6, 7].publisher.collect(), demand: .none)
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value([5, 6, 7]), .finished])
        }

        @Test func aSequencePublisherCollectsAsAResultPublisher() {
            // As in Combine: the array is at hand, so the result is a `Result.Publisher` of it.
            let collected: Result<[Int], Never>.Publisher = (1...3).publisher.collect()
            #expect(Recorder(collected).events == [.value([1, 2, 3]), .finished])
            let empty: Result<[Int], Never>.Publisher = [Int]().publisher.collect()
            #expect(Recorder(empty).events == [.value([]), .finished])
            // Through another operator first, the collect operator runs, with the same events.
            #expect(Recorder((1...3).publisher.map { $0 * 10 }.collect()).events == [.value([10, 20, 30]), .finished])
        }

        @Test func cancellingMidStreamCancelsTheUpstreamAndDeliversNothing() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.collect())
            upstream.send(1)
            recorder.cancel()
            upstream.send(completion: .finished)
            #expect(recorder.events == [])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func valuesFromManyThreadsAreAllCollected() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.collect())
                concurrently(4) { thread in
                    for value in 0..<250 { subject.send(thread * 1000 + value) }
                }
                subject.send(completion: .finished)
                let expected = (0..<4).flatMap { thread in (0..<250).map { thread * 1000 + $0 } }
                #expect(recorder.values.map { $0.sorted() } == [expected])
            }
        }
    }
}
#endif
