#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct FlatMapTests {
        @Test func deliversTheValuesOfEveryInnerPublisherAsTheyCome() {
            let outer = PassthroughSubject<Int, TestError>()
            let inners = [PassthroughSubject<String, TestError>(), PassthroughSubject<String, TestError>()]
            let recorder = Recorder(outer.flatMap { inners[$0] })
            outer.send(0)
            inners[0].send("a")
            outer.send(1)
            inners[1].send("b")
            inners[0].send("c")
            outer.send(completion: .finished)
            inners[0].send(completion: .finished)
            #expect(recorder.events == [.value("a"), .value("b"), .value("c")])
            inners[1].send(completion: .finished)
            #expect(recorder.events == [.value("a"), .value("b"), .value("c"), .finished])
        }

        @Test func anInnerFailureFailsAtOnceAndCancelsTheRest() {
            let outer = ManualPublisher<Int, TestError>()
            let inners = [CountingPublisher(limit: 100), CountingPublisher(limit: 100)]
            let failing = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(outer.flatMap { $0 < 2 ? inners[$0].eraseToAnyPublisher() : failing.eraseToAnyPublisher() },
                                    demand: .max(1))
            outer.send(0)
            outer.send(1)
            outer.send(2)
            failing.send(completion: .failure(TestError(code: 4)))
            #expect(recorder.events == [.value(0), .failure(TestError(code: 4))])
            #expect(outer.requests == ["request unlimited", "cancel"])
            #expect(inners[0].requests == ["request max(1)", "request max(1)", "cancel"])
            #expect(inners[1].requests == ["request max(1)", "cancel"])
        }

        @Test func theOuterFailureFailsAtOnceAndCancelsEveryInner() {
            let outer = PassthroughSubject<Int, TestError>()
            let inner = CountingPublisher(limit: 100)
            let recorder = Recorder(outer.flatMap { _ in inner }, demand: .none)
            outer.send(0)
            outer.send(completion: .failure(TestError(code: 1)))
            #expect(recorder.events == [.failure(TestError(code: 1))])
            #expect(inner.requests == ["request max(1)", "cancel"])
        }

        @Test func maxPublishersBoundsTheInnerSubscriptions() {
            let outer = CountingPublisher(limit: 5)
            let inners = (0..<5).map { _ in PassthroughSubject<Int, TestError>() }
            let recorder = Recorder(outer.flatMap(maxPublishers: .max(2)) { inners[$0] })
            // Two inner publishers: the outer was asked for two values.
            #expect(outer.requests == ["request max(2)"])
            inners[1].send(10)
            inners[2].send(20)  // not subscribed yet
            inners[0].send(completion: .finished)
            // One finished: the outer is asked for one more, and inner 2 is subscribed.
            #expect(outer.requests == ["request max(2)", "request max(1)"])
            inners[2].send(21)
            #expect(recorder.values == [10, 21])
            for index in 1...4 { inners[index].send(completion: .finished) }
            #expect(recorder.events == [.value(10), .value(21), .finished])
            // Inner 4 took the outer's last value: it finished then, and is asked for nothing more.
            #expect(outer.requests == ["request max(2)"] + Array(repeating: "request max(1)", count: 3))
        }

        @Test func eachInnerPublisherIsAskedForOneValueAtATime() {
            let outer = PassthroughSubject<Int, TestError>()
            let inner = CountingPublisher(limit: 100)
            let recorder = Recorder(outer.flatMap { _ in inner }, demand: .max(1))
            outer.send(0)
            // 0 is delivered; 1 is asked for in its place and waits for demand.
            #expect(recorder.values == [0])
            #expect(inner.requests == ["request max(1)", "request max(1)"])
            recorder.request(.max(2))
            #expect(recorder.values == [0, 1, 2])
            #expect(inner.requests == Array(repeating: "request max(1)", count: 4))
        }

        @Test func innerPublishersThatFinishWithinTheirSubscribeWaitForDemand() {
            let outer = PassthroughSubject<Int, Never>()
            let recorder = Recorder(outer.flatMap { Just($0) }, demand: .max(1))
            outer.send(1)
            outer.send(2)
            outer.send(3)
            // Each Just delivered its value and finished as it was subscribed: 2 and 3 wait.
            #expect(recorder.values == [1])
            recorder.request(.max(1))
            #expect(recorder.values == [1, 2])
            // Every publisher has finished: the completion comes after the value still waiting.
            outer.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(1), .value(2), .value(3), .finished])
        }

        @Test func anInnerPublisherThatHasFinishedIsNotAskedForMore() {
            let outer = PassthroughSubject<Int, TestError>()
            let inner = ManualPublisher<Int, TestError>()
            let recorder = Recorder(outer.flatMap { _ in inner }, demand: .none)
            outer.send(0)
            inner.send(7)
            inner.send(completion: .finished)
            recorder.request(.max(1))
            #expect(recorder.values == [7])
            #expect(inner.requests == ["request max(1)"])
        }

        @Test func withUnlimitedDemandInnerPublishersAreAskedForEverything() {
            let outer = PassthroughSubject<Int, TestError>()
            let early = CountingPublisher(limit: 100)
            let late = CountingPublisher(limit: 3)
            let recorder = Recorder(outer.flatMap { $0 == 0 ? early : late }, demand: .max(1))
            outer.send(0)
            recorder.request(.unlimited)
            // The value waiting (1) is let out, and asks for the next (2), which is delivered as it
            // comes; then everything is asked for.
            #expect(early.requests == ["request max(1)", "request max(1)", "request max(1)", "request unlimited"])
            #expect(recorder.values.count == 100)
            outer.send(1)
            #expect(late.requests == ["request unlimited"])
            #expect(recorder.values.suffix(3) == [0, 1, 2])
        }

        @Test func cancellingCancelsTheOuterAndEveryInnerSubscription() {
            let outer = ManualPublisher<Int, TestError>()
            let inners = [CountingPublisher(limit: 10), CountingPublisher(limit: 10)]
            let recorder = Recorder(outer.flatMap { inners[$0] }, demand: .max(1))
            outer.send(0)
            outer.send(1)
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.values == [0])
            #expect(outer.requests == ["request unlimited", "cancel"])
            #expect(inners[0].requests == ["request max(1)", "request max(1)", "cancel"])
            #expect(inners[1].requests == ["request max(1)", "cancel"])
        }

        @Test func theOverloadsTypeTheFailuresAsCombineDoes() {
            let neverBoth: Publishers.FlatMap<Just<Int>, Just<Int>> = Just(1).flatMap { Just($0 + 1) }
            let neverOuter: Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<Just<Int>, TestError>> =
                Just(1).flatMap { _ in Fail<Int, TestError>(error: TestError(code: 8)) }
            let subject = PassthroughSubject<Int, TestError>()
            let neverInner: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, PassthroughSubject<Int, TestError>> =
                subject.flatMap { Just($0 * 2) }
            let a = Recorder(neverBoth)
            let b = Recorder(neverOuter)
            let c = Recorder(neverInner)
            subject.send(4)
            subject.send(completion: .finished)
            #expect(a.events == [.value(2), .finished])
            #expect(b.events == [.failure(TestError(code: 8))])
            #expect(c.events == [.value(8), .finished])
        }

        @Test func innerPublishersOnManyThreadsReachTheSubscriberOneAtATime() {
            for _ in 0..<20 {
                let outer = PassthroughSubject<Int, Never>()
                let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
                let overlap = OverlapGuard()
                let recorder = Recorder(outer.flatMap { inners[$0] }, onValue: { _ in overlap.run { .none } })
                for index in 0..<4 { outer.send(index) }
                outer.send(completion: .finished)
                let shared = Shared(inners)
                concurrently(4) { thread in
                    for sequence in 0..<250 { shared.value[thread].send(thread * 1000 + sequence) }
                    shared.value[thread].send(completion: .finished)
                }
                let values = recorder.values
                #expect(values.count == 1000)
                for thread in 0..<4 {
                    #expect(values.filter { $0 / 1000 == thread } == Array(thread * 1000..<thread * 1000 + 250))
                }
                #expect(recorder.events.last == .finished)
                #expect(overlap.overlaps == 0)
            }
        }

        @Test func requestsFromManyThreadsLetOutExactlyTheValuesAskedFor() {
            for _ in 0..<20 {
                let outer = PassthroughSubject<Int, TestError>()
                let inners = (0..<3).map { _ in CountingPublisher(limit: 1000) }
                let overlap = OverlapGuard()
                let recorder = Recorder(outer.flatMap { inners[$0] }, demand: .none, onValue: { _ in overlap.run { .none } })
                for index in 0..<3 { outer.send(index) }
                let shared = Shared(recorder)
                concurrently(4) { _ in
                    for _ in 0..<100 { shared.value.request(.max(1)) }
                }
                #expect(recorder.values.count == 400)
                #expect(overlap.overlaps == 0)
            }
        }
    }
}
#endif
