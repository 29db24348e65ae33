#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Dispatch
import Foundation

extension OperationQueue: Scheduler {
    /// A point in an operation queue's time: a `Date`.
    public typealias SchedulerTimeType = DateSchedulerTime<OperationQueue>

    /// An operation queue takes no options.
    public struct SchedulerOptions: Sendable {}

    /// The time now.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// An operation queue honours no finer tolerance than none.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Adds `action` to the queue as an operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        addOperation { action.run() }
    }

    /// Adds `action` to the queue at `date` (a dispatch timer waits on a global queue, then
    /// adds the operation).
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let queue = SendableOperationQueue(self)
        let action = ScheduledAction(action)
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, date.date.timeIntervalSinceNow)) {
            queue.queue.addOperation { action.run() }
        }
    }

    /// Adds `action` to the queue at `date`, then every `interval`, until the result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let queue = SendableOperationQueue(self)
        let action = ScheduledAction(action)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { queue.queue.addOperation { action.run() } }
        timer.schedule(
            deadline: .now() + max(0, date.date.timeIntervalSinceNow),
            repeating: interval.timeInterval, leeway: .nanoseconds(Int(clampingSeconds: tolerance.timeInterval)))
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

/// An operation queue handed to a dispatch block. `addOperation` is safe from any thread.
private struct SendableOperationQueue: @unchecked Sendable {
    let queue: OperationQueue

    init(_ queue: OperationQueue) {
        self.queue = queue
    }
}
#endif
