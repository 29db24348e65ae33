#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MergeTests {
        @Test func deliversTheValuesOfBothAsTheyCome() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.merge(with: b))
            a.send(1)
            b.send(2)
            a.send(3)
            a.send(completion: .finished)
            b.send(4)
            b.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .value(3), .value(4), .finished])
        }

        @Test func failsAsSoonAsOneFails() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.merge(with: b))
            a.send(1)
            b.send(completion: .failure(TestError()))
            a.send(2)
            #expect(recorder.events == [.value(1), .failure(TestError())])
        }

        @Test func aValueSentFromInsideTheSubscriberComesAfterTheCurrentOne() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            var received: [Int] = []
            let subscription = a.merge(with: b).sink { value in
                if value == 1 { b.send(2) }
                received.append(value)
            }
            a.send(1)
            #expect(received == [1, 2])
            withExtendedLifetime(subscription) {}
        }

        @Test func asksEachUpstreamForTheDemandAndQueuesWhatGoesBeyondIt() {
            let a = CountingPublisher(limit: 2)
            let b = CountingPublisher(limit: 2)
            let recorder = Recorder(a.merge(with: b.map { $0 + 100 }), demand: .max(3))
            // a gives 0, 1 and finishes; b gives 100, then 101 waits, and so does the finish.
            #expect(recorder.events == [.value(0), .value(1), .value(100)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(0), .value(1), .value(100), .value(101), .finished])
            #expect(a.requests == ["request max(3)"])
            #expect(b.requests == ["request max(3)"])
        }

        @Test func theDemandTheSubscriberReturnsIsAskedOfEveryUpstream() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let recorder = Recorder(a.merge(with: b), demand: .max(1)) { _ in .max(1) }
            a.send(1)
            b.send(2)
            a.send(3)
            b.send(4)
            #expect(recorder.values == [1, 2, 3, 4])
        }

        @Test func valuesBeyondDemandWaitAndAreDeliveredAsItComes() {
            let a = CountingPublisher(limit: 2)
            let b = CountingPublisher(limit: 2)
            let recorder = Recorder(a.merge(with: b.map { $0 + 100 }), demand: .max(1))
            #expect(recorder.events == [.value(0)])  // 100 waits: b was asked for 1 too
            recorder.request(.max(1))
            #expect(recorder.events == [.value(0), .value(100)])
            recorder.request(.max(2))
            #expect(recorder.events == [.value(0), .value(100), .value(1), .value(101), .finished])
            #expect(a.requests == ["request max(1)", "request max(2)"])
            #expect(b.requests == ["request max(1)", "request max(2)"])
        }

        @Test func mergesThreeToEightUpstreams() {
            let subjects = (0..<8).map { _ in PassthroughSubject<Int, TestError>() }
            let s = subjects
            let three = Recorder(s[0].merge(with: s[1], s[2]))
            let eight = Recorder(s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7]))
            for (index, subject) in subjects.enumerated().reversed() { subject.send(index) }
            #expect(three.values == [2, 1, 0])
            #expect(eight.values == [7, 6, 5, 4, 3, 2, 1, 0])
            for subject in subjects.dropLast() { subject.send(completion: .finished) }
            #expect(three.events.last == .finished)
            #expect(eight.events.last == .value(0))
            subjects[7].send(completion: .finished)
            #expect(eight.events.last == .finished)
        }

        @Test func aMergeMergedWithMoreIsOneWiderMerge() {
            let a = Just(1), b = Just(2), c = Just(3), d = Just(4)
            let three: Publishers.Merge3<Just<Int>, Just<Int>, Just<Int>> = a.merge(with: b).merge(with: c)
            let four: Publishers.Merge4<Just<Int>, Just<Int>, Just<Int>, Just<Int>> = a.merge(with: b).merge(with: c, d)
            let eight = a.merge(with: b, c).merge(with: d).merge(with: a, b).merge(with: c, d)
            #expect(Recorder(three).events == [.value(1), .value(2), .value(3), .finished])
            #expect(Recorder(four).values == [1, 2, 3, 4])
            #expect(Recorder(eight).values == [1, 2, 3, 4, 1, 2, 3, 4])
            #expect(three == a.merge(with: b, c))
        }

        @Test func eightUpstreamsOnEightThreadsReachTheSubscriberOneAtATime() {
            for _ in 0..<20 {
                let s = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
                var received: [Int] = []  // a plain array: the merge must call the sink one at a time
                let subscription = s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                    .sink { received.append($0) }
                DispatchQueue.concurrentPerform(iterations: 8) { index in
                    for value in 0..<500 { s[index].send(index * 1_000 + value) }
                }
                #expect(received.count == 4_000)
                for index in 0..<8 {
                    #expect(received.filter { $0 / 1_000 == index } == Array(index * 1_000..<index * 1_000 + 500))
                }
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func cancellingEndsBothUpstreamSubscriptions() {
            let a = CountingPublisher()
            let b = CountingPublisher()
            let recorder = Recorder(a.merge(with: b), demand: .max(1))
            recorder.cancel()
            #expect(recorder.values == [0])
            #expect(a.requests == ["request max(1)", "cancel"])
            #expect(b.requests == ["request max(1)", "cancel"])
        }
    }
}
#endif
