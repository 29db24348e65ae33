#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// The queue is suspended while a burst is sent, so that however slowly the test runs, the
    /// whole burst is in before any scheduled delivery can run: the outcome does not depend on time.
    @Suite struct DebounceTests {
        @Test func deliversOnlyTheLastValueOfEachBurst() {
            let queue = DispatchQueue(label: "debounce")
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.debounce(for: .milliseconds(20), scheduler: queue))
            queue.suspend()
            for value in 1...3 { subject.send(value) }
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.values == [3])
            queue.suspend()
            subject.send(4)
            subject.send(5)
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.values == [3, 5])
        }

        @Test func aCompletionDropsTheWaitingValueAsCombineDoes() {
            let queue = DispatchQueue(label: "debounce-completion")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.debounce(for: 0.02, scheduler: queue))
            queue.suspend()
            subject.send(1)
            subject.send(completion: .failure(TestError()))
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.events == [.failure(TestError())])
        }

        @Test func cancellingReleasesTheSubscriberWhileADeliveryIsScheduled() {
            let queue = DispatchQueue(label: "debounce-cancel")
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let subscription = subject.debounce(for: .seconds(60), scheduler: queue).sink { [canary] _ in _ = canary }
            canary = nil
            subject.send(1)
            subscription.cancel()
            #expect(weakCanary == nil)
        }

        // In virtual time: exact times, no waiting.

        @Test func inVirtualTimeDeliversTheLastValueOfEachBurstWhenTheQuietEnds() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            var log: [String] = []
            let subscription = subject.debounce(for: .milliseconds(100), scheduler: scheduler).sink(
                receiveCompletion: { log.append("\($0) at \(scheduler.now.nanoseconds / 1_000_000)") },
                receiveValue: { log.append("\($0) at \(scheduler.now.nanoseconds / 1_000_000)") })
            subject.send(1)
            scheduler.advance(by: .milliseconds(50))
            subject.send(2)  // restarts the wait
            scheduler.advance(by: .milliseconds(99))
            #expect(log == [])
            scheduler.advance(by: .milliseconds(1))
            #expect(log == ["2 at 150"])
            subject.send(3)
            scheduler.advance(by: .milliseconds(30))
            subject.send(completion: .finished)  // 3 is still waiting: dropped, as in Combine
            scheduler.advance(by: .seconds(1))
            #expect(log == ["2 at 150", "finished at 180"])
            withExtendedLifetime(subscription) {}
        }

        @Test func inVirtualTimeAValueDueWhileTheSubscriberHasNoDemandIsNotDelivered() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.debounce(for: .seconds(1), scheduler: scheduler), demand: .max(1))
            subject.send(1)
            scheduler.advance(by: .seconds(1))
            subject.send(2)
            scheduler.advance(by: .seconds(1))
            #expect(recorder.values == [1])
            recorder.request(.max(1))
            subject.send(3)
            scheduler.advance(by: .seconds(1))
            #expect(recorder.values == [1, 3])
        }

        @Test func inVirtualTimeCancellingMidStreamStopsTheWaitingValue() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.debounce(for: .seconds(1), scheduler: scheduler))
            subject.send(1)
            scheduler.advance(by: .seconds(1))
            subject.send(2)
            recorder.cancel()
            scheduler.advance(by: .seconds(5))
            subject.send(3)
            scheduler.advance(by: .seconds(5))
            #expect(recorder.values == [1])
        }

        @Test func asksTheUpstreamForEverythingAndDropsAValueWaitingAtItsFinish() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher(limit: 5)
            let timeline = Timeline(upstream.debounce(for: .milliseconds(10), scheduler: scheduler), on: scheduler, demand: .max(1))
            scheduler.advance(ms: 100)
            #expect(timeline.log == ["subscribed@0", "finished@0"])
            #expect(upstream.requests == ["request unlimited"])
        }

        @Test func sendsFromFourThreadsInOneBurstDeliverOneValueAThreadsLast() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.debounce(for: .seconds(1), scheduler: scheduler))
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                scheduler.advance(ms: 5_000)
                // The subject delivers one send at a time: the last it delivers is some thread's
                // last.
                #expect(recorder.values.count == 1)
                #expect([249, 1_249, 2_249, 3_249].contains(recorder.values.first ?? -1))
            }
        }
    }
}
#endif
