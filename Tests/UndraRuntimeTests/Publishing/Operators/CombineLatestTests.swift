#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CombineLatestTests {
        @Test func pairsTheLatestValuesOnceBothHaveOne() {
            let letters = PassthroughSubject<String, TestError>()
            let numbers = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(letters.combineLatest(numbers) { "\($0)\($1)" })
            letters.send("a")
            letters.send("b")
            numbers.send(1)
            numbers.send(2)
            letters.send("c")
            #expect(recorder.values == ["b1", "b2", "c2"])
        }

        @Test func finishesWhenBothFinish() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.combineLatest(b).map { $0 + $1 })
            a.send(1)
            b.send(10)
            a.send(completion: .finished)
            b.send(20)
            #expect(recorder.events == [.value(11), .value(21)])
            b.send(completion: .finished)
            #expect(recorder.events == [.value(11), .value(21), .finished])
        }

        @Test func failsAsSoonAsOneFailsAndUnsubscribesFromBoth() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.combineLatest(b).map { $0 + $1 })
            a.send(1)
            b.send(completion: .failure(TestError(code: 3)))
            a.send(2)
            #expect(recorder.events == [.failure(TestError(code: 3))])
            let probe = Recorder(a)
            a.send(3)
            #expect(probe.values == [3])
        }

        @Test func combinesThreeAndFour() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<String, TestError>()
            let c = PassthroughSubject<Bool, TestError>()
            let d = PassthroughSubject<Int, TestError>()
            let three = Recorder(a.combineLatest(b, c) { "\($0)\($1)\($2)" })
            let four = Recorder(a.combineLatest(b, c, d).map { "\($0)\($1)\($2)\($3)" })
            a.send(1)
            b.send("x")
            c.send(true)
            a.send(2)
            d.send(9)
            c.send(false)
            #expect(three.values == ["1xtrue", "2xtrue", "2xfalse"])
            #expect(four.values == ["2xtrue9", "2xfalse9"])
            for subject in [a, d] { subject.send(completion: .finished) }
            b.send(completion: .finished)
            #expect(three.events.last == .value("2xfalse"))
            c.send(completion: .finished)
            #expect(three.events.last == .finished)
            #expect(four.events.last == .finished)
        }

        @Test func fourFailsAsSoonAsOneFails() {
            let subjects = (0..<4).map { _ in PassthroughSubject<Int, TestError>() }
            let recorder = Recorder(subjects[0].combineLatest(subjects[1], subjects[2], subjects[3]) { $0 + $1 + $2 + $3 })
            for subject in subjects { subject.send(1) }
            subjects[2].send(completion: .failure(TestError(code: 4)))
            subjects[0].send(5)
            #expect(recorder.events == [.value(4), .failure(TestError(code: 4))])
        }

        @Test func theDemandTheSubscriberReturnsIsAskedOfEveryUpstream() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let recorder = Recorder(a.combineLatest(b) { $0 * 10 + $1 }, demand: .max(1)) { _ in .max(1) }
            a.send(1)
            b.send(1)
            b.send(2)
            a.send(3)
            #expect(recorder.values == [11, 12, 32])
        }

        @Test func cancellingMidStreamEndsEveryUpstreamSubscription() {
            let a = CountingPublisher()
            let b = CountingPublisher()
            let c = CountingPublisher()
            let recorder = Recorder(a.combineLatest(b, c) { "\($0)\($1)\($2)" }, demand: .max(1))
            #expect(recorder.values == ["000"])
            recorder.cancel()
            recorder.request(.max(3))
            #expect(recorder.events == [.value("000")])
            #expect([a, b, c].map(\.requests) == Array(repeating: ["request max(1)", "cancel"], count: 3))
        }

        @Test func upstreamsOnThreeThreadsReachTheSubscriberOneAtATimeEndingOnTheLatest() {
            for _ in 0..<20 {
                let s = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
                var count = 0  // plain state: the operator must call the sink one at a time
                var last: (Int, Int, Int)?
                let subscription = s[0].combineLatest(s[1], s[2]).sink {
                    count += 1
                    last = $0
                }
                for subject in s { subject.send(0) }
                DispatchQueue.concurrentPerform(iterations: 3) { index in
                    for value in 1...1_000 { s[index].send(value) }
                }
                #expect(count == 3_001)
                #expect(last.map { [$0.0, $0.1, $0.2] } == [1_000, 1_000, 1_000])
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func combinesPublishedProperties() {
            final class Form {
                @Published var name = ""
                @Published var agreed = false
            }
            let form = Form()
            let recorder = Recorder(form.$name.combineLatest(form.$agreed) { !$0.isEmpty && $1 })
            form.name = "Ada"
            form.agreed = true
            #expect(recorder.values == [false, false, true])
        }

        @Test func pairsWithinDemandAndQueuesThePairsBeyondIt() {
            let a = CountingPublisher(limit: 2)
            let b = CountingPublisher(limit: 2)
            let recorder = Recorder(a.combineLatest(b) { "\($0)-\($1)" }, demand: .max(1))
            #expect(recorder.values == ["0-0"])
            // One more from each: a's makes "1-0" (delivered), b's makes "1-1" (queued), then both
            // finish: the finish waits behind the queued pair.
            recorder.request(.max(1))
            #expect(recorder.events == [.value("0-0"), .value("1-0")])
            recorder.request(.max(1))
            #expect(recorder.events == [.value("0-0"), .value("1-0"), .value("1-1"), .finished])
            #expect(a.requests == ["request max(1)", "request max(1)"])
            #expect(b.requests == ["request max(1)", "request max(1)"])
        }
    }
}
#endif
