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
            #expect(upstream.requests == ["request unlimited"])
            subject = nil
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }
    }
}
#endif
