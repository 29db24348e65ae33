#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// RunLoop, OperationQueue and ImmediateScheduler as schedulers.
    @Suite struct FoundationSchedulerTests {
        @Test func aRunLoopRunsActionsAtItsTurnsAndTimersAtTheirDates() {
            let runLoop = RunLoop.current
            var journal: [String] = []
            let due = runLoop.now.advanced(by: .milliseconds(20))
            runLoop.schedule(after: due) { journal.append("after") }
            runLoop.schedule { journal.append("now") }
            var ticks = 0
            let repeating = runLoop.schedule(after: runLoop.now, interval: .milliseconds(5)) { ticks += 1 }
            let deadline = Date().addingTimeInterval(10)
            while (journal.count < 2 || ticks < 3) && Date() < deadline {
                runLoop.run(until: Date().addingTimeInterval(0.01))
            }
            repeating.cancel()
            #expect(journal == ["now", "after"])
            #expect(Date() >= due.date)
            let atCancel = ticks
            runLoop.run(until: Date().addingTimeInterval(0.05))
            #expect(ticks == atCancel)
        }

        /// As in Combine (COMBINE-DIFFERENCES.md, 7), the two Foundation schedulers' times are
        /// distinct types: code overloads on them, and each converts only explicitly.
        @Test func runLoopAndOperationQueueTimesAreDistinctTypes() {
            func kind(_: RunLoop.SchedulerTimeType) -> String { "run loop" }
            func kind(_: OperationQueue.SchedulerTimeType) -> String { "operation queue" }
            func kind(_: RunLoop.SchedulerTimeType.Stride) -> String { "run loop stride" }
            func kind(_: OperationQueue.SchedulerTimeType.Stride) -> String { "operation queue stride" }
            let date = Date(timeIntervalSince1970: 5)
            #expect(kind(RunLoop.main.now) == "run loop")
            #expect(kind(OperationQueue.main.now) == "operation queue")
            #expect(kind(RunLoop.SchedulerTimeType.Stride.seconds(1)) == "run loop stride")
            #expect(kind(OperationQueue.SchedulerTimeType.Stride.seconds(1)) == "operation queue stride")
            #expect(ObjectIdentifier(RunLoop.SchedulerTimeType.self) != ObjectIdentifier(OperationQueue.SchedulerTimeType.self))
            let onQueue = OperationQueue.SchedulerTimeType(RunLoop.SchedulerTimeType(date).date)
            #expect(onQueue.date == date)
            #expect(onQueue.advanced(by: .seconds(2)).distance(to: onQueue) == -2)
        }

        @Test func runLoopTimeIsADateAndItsStrideSeconds() {
            typealias Stride = RunLoop.SchedulerTimeType.Stride
            #expect(Stride.milliseconds(250).timeInterval == 0.25)
            #expect(Stride.seconds(2) == 2)
            #expect(Stride.microseconds(5).magnitude == 0.000005)
            let start = RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 100))
            #expect(start.advanced(by: .seconds(5)).date == Date(timeIntervalSince1970: 105))
            #expect(start.distance(to: RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 90))) == -10)
        }

        @Test func anOperationQueueRunsActionsAsOperations() {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let done = DispatchSemaphore(value: 0)
            let journal = Journal()
            queue.schedule { journal.record("now") }
            queue.schedule(after: queue.now.advanced(by: .milliseconds(10))) {
                journal.record("after")
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 10) == .success)
            let ticks = Locked(0)
            let repeating = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
                if ticks.withLock({ $0 += 1; return $0 }) == 3 { done.signal() }
            }
            #expect(done.wait(timeout: .now() + 10) == .success)
            repeating.cancel()
            queue.waitUntilAllOperationsAreFinished()
            #expect(journal.all == ["now", "after"])
            #expect(ticks.withLock { $0 } >= 3)
        }

        @Test func theImmediateSchedulerRunsEverythingAtOnceAndItsClockStands() {
            let scheduler = ImmediateScheduler.shared
            var journal: [String] = []
            scheduler.schedule { journal.append("now") }
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(60))) { journal.append("later") }
            let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { journal.append("tick") }
            repeating.cancel()
            #expect(journal == ["now", "later", "tick"])
            #expect(scheduler.now.distance(to: scheduler.now.advanced(by: .seconds(5))) == 0)
        }
    }
}
#endif
