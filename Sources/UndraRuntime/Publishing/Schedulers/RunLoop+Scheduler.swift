#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Foundation

extension RunLoop: Scheduler {
    /// A point in a run loop's time: a `Date`.
    public typealias SchedulerTimeType = DateSchedulerTime<RunLoop>

    /// A run loop takes no options.
    public struct SchedulerOptions: Sendable {}

    /// The time now.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// A run loop honours no finer tolerance than none.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs `action` on this run loop at its next turn (`perform`).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        perform { action.run() }
    }

    /// Runs `action` on this run loop at `date`, with a one-shot timer in the default mode.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
    }

    /// Runs `action` on this run loop at `date`, then every `interval`, with a repeating timer
    /// in the default mode, until the result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let action = ScheduledAction(action)
        let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in action.run() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
        return AnyCancellable(TimerCancellable(timer: timer))
    }
}
#endif
