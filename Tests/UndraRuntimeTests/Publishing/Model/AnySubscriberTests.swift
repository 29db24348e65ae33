#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AnySubscriberTests {
        @Test func wrapsASubscriberAndKeepsItsIdentity() {
            let recorder = Recorder<Int, TestError>(demand: .max(2))
            let erased = AnySubscriber(recorder)
            #expect(erased.combineIdentifier == recorder.combineIdentifier)
            #expect(AnySubscriber(erased).combineIdentifier == recorder.combineIdentifier)
            let publisher = CountingPublisher(limit: 5)
            publisher.subscribe(erased)
            #expect(recorder.values == [0, 1])
            #expect(publisher.requests == ["request max(2)"])
        }

        @Test func isMadeOfClosuresThatDefaultToDoingNothing() {
            let journal = Journal()
            let subscriber = AnySubscriber<Int, TestError>(
                receiveSubscription: { journal.record("subscribed"); $0.request(.max(1)) },
                receiveValue: { journal.record("value \($0)"); return .max(1) },
                receiveCompletion: { journal.record("\($0)") })
            CountingPublisher(limit: 2).subscribe(subscriber)
            #expect(journal.all == ["subscribed", "value 0", "value 1", "finished"])
            #expect(subscriber.description == "Anonymous AnySubscriber")

            let silent = AnySubscriber<Int, TestError>()
            let publisher = CountingPublisher(limit: 2)
            publisher.subscribe(silent)
            #expect(publisher.requests == [])
            #expect(silent.receive(1) == .none)
        }

        @Test func forwardsIntoASubject() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject)
            CountingPublisher(limit: 3).subscribe(AnySubscriber(subject))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
        }

        @Test func describesTheWrappedSubscriber() {
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            #expect(AnySubscriber(sink).description == "Sink")
        }
    }
}
#endif
