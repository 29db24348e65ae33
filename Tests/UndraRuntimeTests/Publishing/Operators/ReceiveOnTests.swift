#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ReceiveOnTests {
        private static let queueKey = DispatchSpecificKey<String>()

        private func makeQueue(_ label: String) -> DispatchQueue {
            let queue = DispatchQueue(label: label)
            queue.setSpecific(key: Self.queueKey, value: label)
            return queue
        }

        @Test func deliversValuesThenTheCompletionOnTheQueueInOrder() {
            let queue = makeQueue("receive-on")
            let subject = PassthroughSubject<Int, TestError>()
            let journal = Journal()
            func queueName() -> String { DispatchQueue.getSpecific(key: Self.queueKey) ?? "?" }
            let subscription = subject.receive(on: queue).sink(
                receiveCompletion: { _ in journal.record("finished on \(queueName())") },
                receiveValue: { journal.record("\($0) on \(queueName())") })
            for value in 1...3 { subject.send(value) }
            subject.send(completion: .finished)
            queue.sync {}  // every delivery was queued before this barrier
            #expect(journal.all == ["1 on receive-on", "2 on receive-on", "3 on receive-on", "finished on receive-on"])
            withExtendedLifetime(subscription) {}
        }

        @Test func workQueuedBeforeACancelIsNotDelivered() {
            let queue = makeQueue("receive-on-cancel")
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            var received: [Int] = []
            queue.suspend()
            let subscription = subject.receive(on: queue).sink { [canary] value in
                _ = canary
                received.append(value)
            }
            canary = nil
            subject.send(1)
            subject.send(2)
            subscription.cancel()
            #expect(weakCanary == nil)  // released at cancel, though two deliveries still wait on the queue
            queue.resume()
            queue.sync {}
            #expect(received.isEmpty)
        }
    }
}
#endif
