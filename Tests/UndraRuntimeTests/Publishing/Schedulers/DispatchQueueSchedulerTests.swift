#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct DispatchQueueSchedulerTests {
        typealias Stride = DispatchQueue.SchedulerTimeType.Stride

        @Test func stridesAreNanosecondsAndLiteralsAreSeconds() {
            #expect(Stride.seconds(2).magnitude == 2_000_000_000)
            #expect(Stride.seconds(0.25).magnitude == 250_000_000)
            #expect(Stride.milliseconds(3).magnitude == 3_000_000)
            #expect(Stride.microseconds(3).magnitude == 3_000)
            #expect(Stride.nanoseconds(3).magnitude == 3)
            let literal: Stride = 1
            let fraction: Stride = 0.5
            #expect(literal == .seconds(1))
            #expect(fraction == .milliseconds(500))
            #expect(Stride(.never).magnitude == Int.max)
            #expect(Stride(.seconds(Int.max)).magnitude == Int.max)  // clamped, not trapped
            #expect(Stride(exactly: 2) == .seconds(2))
            #expect(Stride(exactly: Int.max) == nil)
            #expect(Stride.seconds(1) + .milliseconds(1) == .nanoseconds(1_001_000_000))
        }

        @Test func timesMoveByStridesBothWays() {
            let start = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000_000))
            let later = start.advanced(by: .milliseconds(2))
            #expect(later.dispatchTime.uptimeNanoseconds == 3_000_000)
            #expect(start.distance(to: later) == .milliseconds(2))
            #expect(later.distance(to: start) == .milliseconds(-2))
            #expect(later.advanced(by: .milliseconds(-2)) == start)
            #expect(start.advanced(by: .seconds(-10)).dispatchTime.uptimeNanoseconds == 0)  // clamped
        }

        @Test func schedulesOnTheQueueNowLaterAndRepeatedly() {
            let queue = DispatchQueue(label: "scheduler")
            let ran = DispatchSemaphore(value: 0)
            queue.schedule {
                dispatchPrecondition(condition: .onQueue(queue))
                ran.signal()
            }
            #expect(ran.wait(timeout: .now() + 10) == .success)

            let start = queue.now
            let due = start.advanced(by: .milliseconds(20))
            let ranAt = Locked<DispatchQueue.SchedulerTimeType?>(nil)
            queue.schedule(after: due) {
                ranAt.withLock { $0 = queue.now }
                ran.signal()
            }
            #expect(ran.wait(timeout: .now() + 10) == .success)
            #expect(ranAt.withLock { $0! } >= due)

            let ticks = Locked(0)
            let repeating = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
                if ticks.withLock({ $0 += 1; return $0 }) == 3 { ran.signal() }
            }
            #expect(ran.wait(timeout: .now() + 10) == .success)
            repeating.cancel()
            let atCancel = queue.sync { ticks.withLock { $0 } }
            queue.sync {}
            usleep(30_000)
            #expect(queue.sync { ticks.withLock { $0 } } == atCancel)
        }

        @Test func honoursTheOptionsGroup() {
            let queue = DispatchQueue(label: "scheduler-group")
            let group = DispatchGroup()
            let ran = Locked(false)
            queue.schedule(options: .init(qos: .utility, group: group)) { ran.withLock { $0 = true } }
            #expect(group.wait(timeout: .now() + 10) == .success)
            #expect(ran.withLock { $0 })
        }
    }
}
#endif
