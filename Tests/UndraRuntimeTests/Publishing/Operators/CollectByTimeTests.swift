#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// In virtual time: each `advance` runs what is due, so every expectation is exact.
    @Suite struct CollectByTimeTests {
        @Test func byTimeCutsAtEveryIntervalAndDeliversNothingForAnEmptyOne() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect(.byTime(scheduler, .seconds(1))))
            subject.send(1)
            subject.send(2)
            scheduler.advance(by: .milliseconds(999))
            #expect(recorder.events == [])
            scheduler.advance(by: .milliseconds(1))
            #expect(recorder.events == [.value([1, 2])])
            scheduler.advance(by: .seconds(1))
            subject.send(3)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value([1, 2])])
            scheduler.advance()
            #expect(recorder.events == [.value([1, 2]), .value([3]), .finished])
            #expect(scheduler.scheduledActionCount == 0)
        }

        @Test func byTimeOrCountAlsoCutsAtTheCountAndKeepsTheTimersRhythm() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect(.byTimeOrCount(scheduler, .seconds(2), 2)))
            for value in 1...3 { subject.send(value) }
            scheduler.advance(by: .seconds(2))
            for value in 4...8 { subject.send(value) }
            scheduler.advance(by: .seconds(2))
            subject.send(completion: .finished)
            scheduler.advance()
            #expect(recorder.events == [.value([1, 2]), .value([3]), .value([4, 5]), .value([6, 7]), .value([8]), .finished])
        }

        @Test func arraysAreDeliveredOnTheSchedulerOnly() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect(.byTimeOrCount(scheduler, .seconds(10), 2)))
            subject.send(1)
            subject.send(2)
            #expect(recorder.events == [])
            scheduler.advance()
            #expect(recorder.events == [.value([1, 2])])
        }

        @Test func aFailureDropsWhatWaitsAndIsDeliveredOnTheScheduler() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect(.byTime(scheduler, .seconds(1))))
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 3)))
            #expect(recorder.events == [])
            scheduler.advance(by: .seconds(5))
            #expect(recorder.events == [.failure(TestError(code: 3))])
        }

        @Test func arraysBeyondTheDemandWaitInOrderAndTheCompletionAfterThem() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect(.byTime(scheduler, .seconds(1))), demand: .max(1))
            subject.send(1)
            scheduler.advance(by: .seconds(1))
            subject.send(2)
            scheduler.advance(by: .seconds(1))
            subject.send(3)
            scheduler.advance(by: .seconds(1))
            subject.send(completion: .finished)
            scheduler.advance()
            #expect(recorder.events == [.value([1])])
            recorder.request(.max(1))
            scheduler.advance()
            #expect(recorder.events == [.value([1]), .value([2])])
            recorder.request(.max(1))
            scheduler.advance()
            #expect(recorder.events == [.value([1]), .value([2]), .value([3]), .finished])
        }

        @Test func byTimeAsksForEverythingAndByTimeOrCountForCountTimesTheDemand() {
            let scheduler = VirtualTimeScheduler()
            let all = CountingPublisher(limit: 5)
            let byTime = Recorder(all.collect(.byTime(scheduler, .seconds(1))), demand: .max(1))
            #expect(all.requests == ["request unlimited"])
            scheduler.advance()
            #expect(byTime.events == [.value([0, 1, 2, 3, 4]), .finished])

            let counted = CountingPublisher(limit: 100)
            let byCount = Recorder(counted.collect(.byTimeOrCount(scheduler, .seconds(1), 3)), demand: .max(2),
                                   onValue: { $0.first == 0 ? .max(1) : .none })
            scheduler.advance()
            #expect(byCount.values == [[0, 1, 2], [3, 4, 5], [6, 7, 8]])
            #expect(counted.requests == ["request max(6)", "request max(3)"])
        }

        @Test func theTimerStartsAtTheSubscription() {
            let scheduler = VirtualTimeScheduler()
            scheduler.advance(by: .milliseconds(300))
            let subject = PassthroughSubject<Int, Never>()
            var log: [String] = []
            let subscription = subject.collect(.byTime(scheduler, .seconds(1))).sink {
                log.append("\($0) at \(scheduler.now.nanoseconds / 1_000_000)")
            }
            subject.send(1)
            scheduler.advance(by: .seconds(2))
            #expect(log == ["[1] at 1300"])
            withExtendedLifetime(subscription) {}
        }

        @Test func cancellingStopsTheTimerAndReleasesTheSubscriber() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let subscription = subject.collect(.byTime(scheduler, .seconds(1))).sink { [canary] _ in _ = canary }
            canary = nil
            subject.send(1)
            subscription.cancel()
            #expect(weakCanary == nil)
            #expect(scheduler.scheduledActionCount == 0)
            scheduler.advance(by: .seconds(3))
        }

        @Test func valuesFromManyThreadsAreAllDelivered() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.collect(.byTimeOrCount(scheduler, .seconds(1), 7)))
                concurrently(4) { thread in
                    for value in 0..<100 { subject.send(thread * 1000 + value) }
                }
                subject.send(completion: .finished)
                scheduler.advance()
                let values = recorder.values.flatMap { $0 }
                #expect(values.count == 400)
                #expect(Set(values).count == 400)
                #expect(recorder.values.dropLast().allSatisfy { $0.count == 7 })
                #expect(recorder.events.last == .finished)
            }
        }
    }
}
#endif
