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

        @Test func inVirtualTimeNothingArrivesBeforeTheSchedulerRuns() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.receive(on: scheduler))
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [])
            scheduler.advance()
            #expect(recorder.events == [.value(1), .value(2), .finished])
        }

        @Test func passesDemandStraightToTheUpstream() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.receive(on: scheduler), demand: .max(2)) { $0 == 1 ? .max(1) : .none }
            #expect(recorder.values == [])
            // 1 asks for one more: the upstream sends 2 at once, and it is scheduled for now, so it
            // arrives in the same advance.
            scheduler.advance()
            #expect(recorder.values == [0, 1, 2])
            #expect(upstream.requests == ["request max(2)", "request max(1)"])
        }

        @Test func inVirtualTimeCancellingMidStreamDropsWhatWaits() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.receive(on: scheduler))
            subject.send(1)
            scheduler.advance()
            subject.send(2)
            recorder.cancel()
            scheduler.advance()
            #expect(recorder.values == [1])
        }

        @Test func inVirtualTimeAFailureFollowsTheValuesBeforeIt() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.receive(on: scheduler))
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 2)))
            subject.send(3)
            scheduler.advance()
            #expect(recorder.events == [.value(1), .failure(TestError(code: 2))])
        }

        @Test func valuesSentFromFourThreadsArriveInTheOrderEachThreadSentThem() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.receive(on: scheduler))
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                scheduler.advance()
                #expect(recorder.values.count == 1_000)
                for thread in 0..<4 {
                    #expect(recorder.values.filter { $0 / 1_000 == thread } == Array(thread * 1_000..<thread * 1_000 + 250))
                }
            }
        }
    }
}
#endif
