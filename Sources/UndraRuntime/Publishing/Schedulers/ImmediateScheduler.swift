#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A scheduler that runs every action at once, on the calling thread, as in Combine: for
/// operators that need a scheduler when the work should just happen now. Its clock never moves.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// ImmediateScheduler's time: a point that never moves, with an integer stride.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// How far `other` is from this point: always zero, the clock does not move.
        public func distance(to other: SchedulerTimeType) -> Stride { 0 }

        /// This point: the clock does not move.
        public func advanced(by n: Stride) -> SchedulerTimeType { self }

        /// A length of time, counted in plain units; the scheduler ignores it.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The length, in units.
            public var magnitude: Int

            /// A length of `value` units.
            public init(_ value: Int) {
                magnitude = value
            }

            public init(integerLiteral value: Int) {
                magnitude = value
            }

            public init(floatLiteral value: Double) {
                magnitude = Int(value)
            }

            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            /// `s` units: the immediate scheduler's time has no unit, so each conversion keeps the
            /// number, as in Combine.
            public static func seconds(_ s: Int) -> Stride { Stride(s) }
            /// `s` units, truncated toward zero (as in Combine).
            public static func seconds(_ s: Double) -> Stride { Stride(Int(s)) }
            /// `ms` units (as in Combine).
            public static func milliseconds(_ ms: Int) -> Stride { Stride(ms) }
            /// `us` units (as in Combine).
            public static func microseconds(_ us: Int) -> Stride { Stride(us) }
            /// `ns` units (as in Combine).
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// It takes no options.
    public typealias SchedulerOptions = Never

    /// The one immediate scheduler.
    public static let shared = ImmediateScheduler()

    /// The clock's one point.
    public var now: SchedulerTimeType { SchedulerTimeType() }

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs `action` now.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` now, whatever `date` says.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` now, once (the clock never moves, so the next time never comes).
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        return AnyCancellable {}
    }
}
#endif
