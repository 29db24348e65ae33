#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ZipTests {
        @Test func pairsTheValuesInOrder() {
            let numbers = PassthroughSubject<Int, TestError>()
            let letters = PassthroughSubject<String, TestError>()
            let recorder = Recorder(numbers.zip(letters) { "\($0)\($1)" })
            numbers.send(1)
            numbers.send(2)
            #expect(recorder.values == [])
            letters.send("a")
            numbers.send(3)
            letters.send("b")
            #expect(recorder.values == ["1a", "2b"])
            letters.send("c")
            letters.send("d")
            #expect(recorder.values == ["1a", "2b", "3c"])
        }

        @Test func zipsThreeAndFour() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<String, Never>()
            let c = PassthroughSubject<Bool, Never>()
            let d = PassthroughSubject<Double, Never>()
            let three = Recorder(a.zip(b, c).map { "\($0)\($1)\($2)" })
            let four = Recorder(a.zip(b, c, d) { "\($0)\($1)\($2)\($3)" })
            a.send(1)
            b.send("x")
            c.send(true)
            d.send(0.5)
            a.send(2)
            c.send(false)
            b.send("y")
            #expect(three.values == ["1xtrue", "2yfalse"])
            #expect(four.values == ["1xtrue0.5"])
        }

        @Test func finishesAtOnceWhenAnUpstreamFinishesWithNothingWaitingAndCancelsTheOther() {
            let a = PassthroughSubject<Int, TestError>()
            let b = CountingPublisher()
            let recorder = Recorder(a.zip(b).map { $0 * 10 + $1 }, demand: .max(2))
            a.send(1)  // pairs with b's 0; b's 1 waits
            a.send(completion: .finished)  // nothing of a's waits: no pair can be made again
            #expect(recorder.events == [.value(10), .finished])
            #expect(b.requests == ["request max(2)", "cancel"])
        }

        @Test func finishesOnceTheLastWaitingValueOfAFinishedUpstreamIsPaired() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.zip(b).map { $0 + $1 })
            a.send(1)
            a.send(2)
            a.send(completion: .finished)
            #expect(recorder.events == [])
            b.send(10)
            #expect(recorder.events == [.value(11)])
            b.send(20)
            #expect(recorder.events == [.value(11), .value(22), .finished])
            b.send(30)
            #expect(recorder.events == [.value(11), .value(22), .finished])
        }

        @Test func anUpstreamThatFinishesFirstEndsItAndTheOtherIsCancelled() {
            let a = CountingPublisher(limit: 2)
            let b = CountingPublisher()
            let recorder = Recorder(a.zip(b) { "\($0)\($1)" }, demand: .max(5))
            #expect(recorder.events == [.value("00"), .value("11"), .finished])
            #expect(a.requests == ["request max(5)"])
            #expect(b.requests == ["request max(5)", "cancel"])
        }

        @Test func failsAsSoonAsOneFailsDroppingWhatWaits() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.zip(b).map { $0 + $1 })
            a.send(1)
            a.send(2)
            b.send(10)
            b.send(completion: .failure(TestError(code: 7)))
            a.send(3)
            #expect(recorder.events == [.value(11), .failure(TestError(code: 7))])
            let probe = Recorder(a)
            a.send(4)
            #expect(probe.values == [4])  // the zip's subscription to `a` is gone
        }

        @Test func stepsThroughLimitedDemand() {
            let a = CountingPublisher(limit: 3)
            let b = CountingPublisher(limit: 3)
            let recorder = Recorder(a.zip(b) { $0 * 10 + $1 }, demand: .max(1))
            #expect(recorder.events == [.value(0)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(0), .value(11)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(0), .value(11), .value(22), .finished])
            // a finished after its 2; b was still going when 2 was paired with a's last, so it was
            // cancelled.
            #expect(a.requests == ["request max(1)", "request max(1)", "request max(1)"])
            #expect(b.requests == ["request max(1)", "request max(1)", "request max(1)", "cancel"])
        }

        @Test func theDemandASubscriberReturnsIsAskedOfBothUpstreams() {
            let a = CountingPublisher(limit: 3)
            let b = CountingPublisher(limit: 3)
            let recorder = Recorder(a.zip(b) { $0 * 10 + $1 }, demand: .max(1)) { _ in .max(1) }
            #expect(recorder.events == [.value(0), .value(11), .value(22), .finished])
        }

        @Test func cancellingMidStreamCancelsBothAndDeliversNothingMore() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let recorder = Recorder(a.zip(b) { $0 + $1 })
            a.send(100)
            a.send(200)
            b.send(1)
            #expect(recorder.values == [101])
            recorder.cancel()
            b.send(2)
            a.send(300)
            b.send(3)
            #expect(recorder.values == [101])
            #expect(recorder.events.count == 1)  // no completion after a cancel
        }

        @Test func pairsValuesSentFromTwoThreadsInOrderOneAtATime() {
            let sends = 2_000
            for _ in 0..<20 {
                let a = PassthroughSubject<Int, Never>()
                let b = PassthroughSubject<Int, Never>()
                var pairs: [Int] = []  // a plain array: the zip must call the sink one at a time
                let subscription = a.zip(b).sink { pairs.append($0 == $1 ? $0 : -1) }
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    let upstream = index == 0 ? a : b
                    for value in 0..<sends { upstream.send(value) }
                }
                #expect(pairs == Array(0..<sends))
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func zipsAreEqualWhenTheirUpstreamsAre() {
            #expect(Just(1).zip(Just(2)) == Just(1).zip(Just(2)))
            #expect(Just(1).zip(Just(2), Just(3)) != Just(1).zip(Just(2), Just(4)))
        }
    }
}
#endif
