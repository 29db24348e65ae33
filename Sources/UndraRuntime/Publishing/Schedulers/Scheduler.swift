#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A unit of time that the time-based operators can be given in seconds, milliseconds and so
/// on, whatever scheduler it belongs to, as in Combine.
public protocol SchedulerTimeIntervalConvertible {
    /// An interval of `s` seconds.
    static func seconds(_ s: Int) -> Self
    /// An interval of `s` seconds, fractions included.
    static func seconds(_ s: Double) -> Self
    /// An interval of `ms` milliseconds.
    static func milliseconds(_ ms: Int) -> Self
    /// An interval of `us` microseconds.
    static func microseconds(_ us: Int) -> Self
    /// An interval of `ns` nanoseconds.
    static func nanoseconds(_ ns: Int) -> Self
}

/// Something that runs closures, now or at a time of its own clock: what the time-based operators
/// (`receive(on:)`, `debounce`, `throttle`, …) take, as in Combine.
///
/// This module's schedulers: `DispatchQueue`, `RunLoop`, `OperationQueue`, ``ImmediateScheduler``,
/// and ``VirtualTimeScheduler`` for tests. A conformance runs each closure at most once, never
/// before its time; the closures are plain closures, as in Combine: the scheduler runs them on
/// its own thread (so a closure must be safe to run there).
public protocol Scheduler<SchedulerTimeType> {
    /// A point in the scheduler's time; its `Stride` is a length of time.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    /// Options for a scheduled closure (`Never` when there are none).
    associatedtype SchedulerOptions

    /// The scheduler's time now.
    var now: SchedulerTimeType { get }
    /// The finest tolerance the scheduler honours.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Runs `action` as soon as possible.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` at `date`, give or take `tolerance`.
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void)

    /// Runs `action` at `date`, then every `interval`, until the result is cancelled.
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable
}

extension Scheduler {
    /// Runs `action` at `date`, with the minimum tolerance.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs `action` as soon as possible.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Runs `action` at `date`, give or take `tolerance`.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Runs `action` at `date`, then every `interval`, until the result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }

    /// Runs `action` at `date`, then every `interval`, with the minimum tolerance, until the
    /// result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
}

/// A closure handed to a system queue that wants a `Sendable` one. Combine's schedulers take
/// plain closures and run them on the scheduler's thread; whoever schedules one answers for what
/// it touches there, as with Combine. This is where that promise is made, once.
struct ScheduledAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
#endif
