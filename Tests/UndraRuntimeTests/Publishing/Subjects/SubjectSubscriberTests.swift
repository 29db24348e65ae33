#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Subjects as subscribers: `publisher.subscribe(subject)` and `send(subscription:)`.
    @Suite struct SubjectSubscriberTests {
        @Test func aSubjectAsksItsUpstreamForEveryValueAndForwardsTheCompletion() {
            let upstream = CountingPublisher(limit: 3)
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject)
            let subscription = upstream.subscribe(subject)
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            withExtendedLifetime(subscription) {}
        }

        @Test func cancellingTheForwardingStopsIt() {
            let source = PassthroughSubject<Int, TestError>()
            let target = CurrentValueSubject<Int, TestError>(0)
            let recorder = Recorder(target)
            let subscription = source.subscribe(target)
            source.send(1)
            subscription.cancel()
            source.send(2)
            source.send(completion: .finished)
            #expect(recorder.events == [.value(0), .value(1)])
            #expect(target.value == 1)
        }

        @Test func theForwardingKeepsTheSubjectAliveUntilItEnds() {
            let source = PassthroughSubject<Int, TestError>()
            var target: PassthroughSubject<Int, TestError>? = PassthroughSubject()
            weak let weakTarget = target
            let subscription = source.subscribe(target!)
            target = nil
            #expect(weakTarget != nil)
            source.send(completion: .finished)
            #expect(weakTarget == nil)
            withExtendedLifetime(subscription) {}
        }

        @Test func aSubjectCancelsTheUpstreamsItWasGivenWhenItGoes() {
            let upstream = CountingPublisher(limit: 0)
            var subject: PassthroughSubject<Int, TestError>? = PassthroughSubject()
            upstream.subscribe(AnySubscriber(receiveSubscription: { subject!.send(subscription: $0) }))
            #expect(upstream.requests == [])  // nobody has asked the subject for anything
            subject = nil
            #expect(upstream.requests == ["cancel"])
        }

        /// As Combine (COMBINE-DIFFERENCES.md, 1): a subject asks its upstreams for values only
        /// once a subscriber asks it for some, so a subscriber that comes after the subscription
        /// gets the upstream's values; an upstream kept after that is asked at once.
        @Test func aSubjectAsksItsUpstreamsOnlyOnceASubscriberAsks() {
            let subject = PassthroughSubject<Int, Never>()
            let subscription = [1, 2, 3].publisher.subscribe(subject)
            var received: [Int] = []
            var finished = false
            let sink = subject.sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
            #expect(received == [1, 2, 3])
            #expect(finished)
            withExtendedLifetime((subscription, sink)) {}

            // A subscriber that asks later; a second upstream after it has asked.
            let current = CurrentValueSubject<Int, TestError>(0)
            let first = CountingPublisher(limit: 0), second = CountingPublisher(limit: 0)
            first.subscribe(AnySubscriber(receiveSubscription: { current.send(subscription: $0) }))
            let recorder = Recorder(current, demand: .none)
            #expect(first.requests == [])
            recorder.request(.max(1))
            #expect(first.requests == ["request unlimited"])
            recorder.request(.max(1))
            second.subscribe(AnySubscriber(receiveSubscription: { current.send(subscription: $0) }))
            #expect(first.requests == ["request unlimited"])
            #expect(second.requests == ["request unlimited"])
        }

        /// Upstreams kept and subscribers asking on four threads at once: every upstream is asked
        /// for everything exactly once, whichever comes first.
        @Test func everyUpstreamIsAskedOnceWhateverTheOrderAcrossThreads() {
            for round in 0..<100 {
                let subject = PassthroughSubject<Int, TestError>()
                let upstreams = (0..<4).map { _ in CountingPublisher(limit: 0) }
                let recorders = Locked<[Recorder<Int, TestError>]>([])
                concurrently(4) { thread in
                    if thread % 2 == 0 {
                        for upstream in upstreams[(thread / 2 * 2)..<(thread / 2 * 2 + 2)] {
                            upstream.subscribe(AnySubscriber(receiveSubscription: { subject.send(subscription: $0) }))
                        }
                    } else {
                        let recorder = Recorder(subject, demand: .max(1))
                        recorders.withLock { $0.append(recorder) }
                    }
                }
                for (index, upstream) in upstreams.enumerated() {
                    #expect(upstream.requests == ["request unlimited"], "round \(round), upstream \(index)")
                }
            }
        }
    }
}
#endif
