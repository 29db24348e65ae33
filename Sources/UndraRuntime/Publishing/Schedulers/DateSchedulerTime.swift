#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Foundation

/// A point in a Foundation scheduler's time (a `Date`), and its `Stride` (a `TimeInterval` in
/// seconds): `RunLoop.SchedulerTimeType` is `DateSchedulerTime<RunLoop>`, and
/// `OperationQueue.SchedulerTimeType` is `DateSchedulerTime<OperationQueue>`. As in Combine, the
/// two are distinct types of the same shape (so code may extend each, or overload on them), with
/// one implementation; `Owner`, the scheduler whose time it is, tells them apart.
public struct DateSchedulerTime<Owner>: Strideable, Codable, Hashable, Sendable {
    /// The point in time.
    public var date: Date

    /// The point `date`.
    public init(_ date: Date) {
        self.date = date
    }

    /// How long from this point to `other` (negative if `other` is earlier).
    public func distance(to other: DateSchedulerTime<Owner>) -> Stride {
        Stride(other.date.timeIntervalSince(date))
    }

    /// This point moved by `stride`.
    public func advanced(by stride: Stride) -> DateSchedulerTime<Owner> {
        DateSchedulerTime(date.addingTimeInterval(stride.timeInterval))
    }

    /// A length of time in seconds. A literal is in seconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
        Hashable, Codable, Sendable
    {
        public typealias FloatLiteralType = TimeInterval
        public typealias IntegerLiteralType = TimeInterval
        public typealias Magnitude = TimeInterval

        /// The length in seconds, as Combine names it (it is signed).
        public var magnitude: TimeInterval

        /// The length in seconds.
        public var timeInterval: TimeInterval { magnitude }

        /// `timeInterval` seconds.
        public init(_ timeInterval: TimeInterval) {
            magnitude = timeInterval
        }

        public init(integerLiteral value: TimeInterval) {
            magnitude = value
        }

        public init(floatLiteral value: TimeInterval) {
            magnitude = value
        }

        /// `source` seconds, if it is exactly representable as a `TimeInterval`.
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let seconds = TimeInterval(exactly: source) else { return nil }
            magnitude = seconds
        }

        public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
        public static func seconds(_ s: Double) -> Stride { Stride(s) }
        public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
        public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1_000_000_000) }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
        public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
        public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
        public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
}

/// A repeating `Timer`, as a `Cancellable`: cancelling invalidates it. As with any timer, cancel
/// it on the thread of the run loop it runs on.
struct TimerCancellable: Cancellable {
    let timer: Timer

    func cancel() {
        timer.invalidate()
    }
}
#endif
