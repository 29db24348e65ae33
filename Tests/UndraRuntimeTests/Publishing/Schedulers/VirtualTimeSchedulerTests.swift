#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct VirtualTimeSchedulerTests {
        typealias Time = VirtualTimeScheduler.SchedulerTimeType

        @Test func runsActionsInOrderOfTimeThenOfScheduling() {
            let scheduler = VirtualTimeScheduler()
            let journal = Journal()
            scheduler.schedule(after: Time(nanoseconds: 300)) { journal.record("c@\(scheduler.now.nanoseconds)") }
            scheduler.schedule(after: Time(nanoseconds: 100)) { journal.record("a@\(scheduler.now.nanoseconds)") }
            scheduler.schedule(after: Time(nanoseconds: 100)) { journal.record("b@\(scheduler.now.nanoseconds)") }
            scheduler.schedule { journal.record("now@\(scheduler.now.nanoseconds)") }
            #expect(journal.all == [])  // nothing runs until the clock is moved
            #expect(scheduler.scheduledActionCount == 4)
            scheduler.advance(by: .nanoseconds(200))
            #expect(journal.all == ["now@0", "a@100", "b@100"])
            #expect(scheduler.now == Time(nanoseconds: 200))
            scheduler.advance(by: .nanoseconds(100))
            #expect(journal.all == ["now@0", "a@100", "b@100", "c@300"])
            #expect(scheduler.scheduledActionCount == 0)
        }

        @Test func anActionScheduledWhileAdvancingRunsInTheSameAdvanceIfDue() {
            let scheduler = VirtualTimeScheduler()
            let journal = Journal()
            scheduler.schedule(after: Time(nanoseconds: 10)) {
                journal.record("first@\(scheduler.now.nanoseconds)")
                scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(5))) {
                    journal.record("second@\(scheduler.now.nanoseconds)")
                }
                scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(50))) {
                    journal.record("third@\(scheduler.now.nanoseconds)")
                }
            }
            scheduler.advance(by: .nanoseconds(20))
            #expect(journal.all == ["first@10", "second@15"])
            #expect(scheduler.now == Time(nanoseconds: 20))
            #expect(scheduler.run() == 1)
            #expect(journal.all == ["first@10", "second@15", "third@60"])
        }

        @Test func aDateInThePastMeansNowAndTheClockNeverGoesBack() {
            let scheduler = VirtualTimeScheduler(now: Time(nanoseconds: 1_000))
            var ranAt: Int?
            scheduler.schedule(after: Time(nanoseconds: 5)) { ranAt = scheduler.now.nanoseconds }
            scheduler.advance(to: Time(nanoseconds: 10))
            #expect(ranAt == 1_000)
            #expect(scheduler.now == Time(nanoseconds: 1_000))
        }

        @Test func aRepeatingActionRunsEveryIntervalUntilCancelled() {
            let scheduler = VirtualTimeScheduler()
            var times: [Int] = []
            let repeating = scheduler.schedule(after: Time(nanoseconds: 100), interval: .nanoseconds(30)) {
                times.append(scheduler.now.nanoseconds)
            }
            scheduler.advance(by: .nanoseconds(200))
            #expect(times == [100, 130, 160, 190])
            repeating.cancel()
            #expect(scheduler.scheduledActionCount == 0)
            scheduler.advance(by: .nanoseconds(200))
            #expect(times == [100, 130, 160, 190])
            #expect(scheduler.run() == 0)
        }

        @Test func runStopsAtItsLimitForARepeatingAction() {
            let scheduler = VirtualTimeScheduler()
            var count = 0
            let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { count += 1 }
            #expect(scheduler.run(limit: 5) == 5)
            #expect(count == 5)
            #expect(scheduler.now == Time(nanoseconds: 4_000_000_000))
            repeating.cancel()
        }

        @Test func stridesConvertUnitsAndLiteralsAreSeconds() {
            typealias Stride = VirtualTimeScheduler.SchedulerTimeType.Stride
            #expect(Stride.seconds(2).magnitude == 2_000_000_000)
            #expect(Stride.seconds(0.5).magnitude == 500_000_000)
            #expect(Stride.milliseconds(3).magnitude == 3_000_000)
            #expect(Stride.microseconds(3).magnitude == 3_000)
            #expect(Stride.nanoseconds(3).magnitude == 3)
            let literal: Stride = 2
            let fraction: Stride = 0.25
            #expect(literal == .seconds(2))
            #expect(fraction == .milliseconds(250))
            #expect(Stride(exactly: 3) == .seconds(3))
            #expect(Stride(exactly: UInt64.max) == nil)
            #expect(Time(nanoseconds: 10).distance(to: Time(nanoseconds: 4)) == .nanoseconds(-6))
            #expect(-Stride.seconds(1) == .seconds(-1))
        }

        @Test func actionsScheduledFromManyThreadsEachRunExactlyOnce() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let runs = Locked([Int: Int]())
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for index in 0..<250 {
                        let key = thread * 1_000 + index
                        scheduler.schedule(after: Time(nanoseconds: index % 7)) {
                            runs.withLock { $0[key, default: 0] += 1 }
                        }
                    }
                }
                #expect(scheduler.scheduledActionCount == 1_000)
                scheduler.advance(by: .nanoseconds(10))
                let counts = runs.withLock { $0 }
                #expect(counts.count == 1_000)
                #expect(counts.values.allSatisfy { $0 == 1 })
            }
        }
    }
}
#endif
