#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct SinkTests {
        @Test func asksForEverythingThenDeliversValuesAndTheCompletion() {
            let publisher = CountingPublisher(limit: 3)
            let journal = Journal()
            let sink = Subscribers.Sink<Int, TestError>(
                receiveCompletion: { journal.record("\($0)") }, receiveValue: { journal.record("\($0)") })
            publisher.subscribe(sink)
            #expect(publisher.requests == ["request unlimited"])
            #expect(journal.all == ["0", "1", "2", "finished"])
        }

        @Test func aSecondSubscriptionIsCancelled() {
            let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in }, receiveValue: { _ in })
            let first = CountingPublisher(limit: 0)
            let second = CountingPublisher()
            let subject = PassthroughSubject<Int, TestError>()
            subject.subscribe(sink)
            second.subscribe(sink)
            #expect(first.requests == [])
            #expect(second.requests == ["cancel"])
        }

        @Test func aCancelBeforeTheSubscriptionCancelsItWhenItArrives() {
            let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in }, receiveValue: { _ in })
            sink.cancel()
            let publisher = CountingPublisher()
            publisher.subscribe(sink)
            #expect(publisher.requests == ["cancel"])
        }

        @Test func cancelStopsValuesAndTheCompletion() {
            let subject = PassthroughSubject<Int, TestError>()
            let journal = Journal()
            let sink = Subscribers.Sink<Int, TestError>(
                receiveCompletion: { journal.record("\($0)") }, receiveValue: { journal.record("\($0)") })
            subject.subscribe(sink)
            subject.send(1)
            sink.cancel()
            sink.cancel()
            subject.send(2)
            subject.send(completion: .finished)
            // Even a publisher that ignores the cancel gets nothing through.
            _ = sink.receive(3)
            sink.receive(completion: .finished)
            #expect(journal.all == ["1"])
        }

        @Test func theCompletionLetsTheClosuresGoWhileTheSinkIsStillKept() {
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let sink = Subscribers.Sink<Int, TestError>(
                receiveCompletion: { [canary] _ in _ = canary }, receiveValue: { [canary] _ in _ = canary })
            canary = nil
            let subject = PassthroughSubject<Int, TestError>()
            subject.subscribe(sink)
            #expect(weakCanary != nil)
            subject.send(completion: .failure(TestError()))
            #expect(weakCanary == nil)
            sink.receiveValue(1)  // a closure that does nothing now
            #expect(sink.description == "Sink")
        }

        @Test func aCancelRacingTheSubscriptionOnAnotherThreadAlwaysCancelsIt() {
            for _ in 0..<500 {
                let sink = Shared(Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in }, receiveValue: { _ in }))
                let publisher = CountingPublisher()
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { publisher.subscribe(sink.value) } else { sink.value.cancel() }
                }
                // Either the cancel came first (then the subscription is cancelled on arrival), or
                // the subscription did (then it is asked for everything, and cancelled: a request
                // racing the cancel may land after it, where it does nothing).
                let requests = publisher.requests
                #expect(requests.filter { $0 == "cancel" }.count == 1, "\(requests)")
                #expect(requests.filter { $0 == "request unlimited" }.count <= 1, "\(requests)")
            }
        }
    }
}
#endif
