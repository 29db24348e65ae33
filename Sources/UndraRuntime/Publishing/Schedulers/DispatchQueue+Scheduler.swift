#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Dispatch

extension DispatchQueue: Scheduler {
    /// A point in a dispatch queue's time (its `DispatchTime`), as in Combine.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The point in time.
        public var dispatchTime: DispatchTime

        /// The point `time`.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// How long from this point to `other` (negative if `other` is earlier).
        public func distance(to other: SchedulerTimeType) -> Stride {
            let (from, to) = (dispatchTime.uptimeNanoseconds, other.dispatchTime.uptimeNanoseconds)
            return to >= from
                ? Stride(nanoseconds: Int(clamping: to - from)) : Stride(nanoseconds: -Int(clamping: from - to))
        }

        /// This point moved by `stride` (clamped to the clock's range).
        public func advanced(by stride: Stride) -> SchedulerTimeType {
            let now = dispatchTime.uptimeNanoseconds
            let moved = stride.magnitude >= 0
                ? now.addingReportingOverflow(UInt64(stride.magnitude))
                : now.subtractingReportingOverflow(UInt64(stride.magnitude.magnitude))
            let nanoseconds = moved.overflow ? (stride.magnitude >= 0 ? UInt64.max : 0) : moved.partialValue
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: nanoseconds))
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime == rhs.dispatchTime
        }

        /// Reads the time as uptime nanoseconds.
        public init(from decoder: Decoder) throws {
            let nanoseconds = try decoder.singleValueContainer().decode(UInt64.self)
            dispatchTime = DispatchTime(uptimeNanoseconds: nanoseconds)
        }

        /// Writes the time as uptime nanoseconds.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A length of time, in nanoseconds (negative for a length back in time). A literal is in
        /// seconds: `0.25` is 250 ms.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The length in nanoseconds, as Combine names it (it is signed).
            public var magnitude: Int

            /// The length as a `DispatchTimeInterval`.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            init(nanoseconds: Int) {
                magnitude = nanoseconds
            }

            /// The length of `timeInterval` (`.never` is the longest there is).
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let seconds): magnitude = seconds.multipliedClamping(by: 1_000_000_000)
                case .milliseconds(let milliseconds): magnitude = milliseconds.multipliedClamping(by: 1_000_000)
                case .microseconds(let microseconds): magnitude = microseconds.multipliedClamping(by: 1_000)
                case .nanoseconds(let nanoseconds): magnitude = nanoseconds
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// `seconds` seconds, to the nearest nanosecond.
            public init(_ seconds: Double) {
                magnitude = Int(clampingSeconds: seconds)
            }

            /// `seconds` seconds.
            public init(integerLiteral seconds: Int) {
                self.init(.seconds(seconds))
            }

            /// `seconds` seconds, to the nearest nanosecond.
            public init(floatLiteral seconds: Double) {
                self.init(seconds)
            }

            /// `source` seconds, if that many nanoseconds fit in an `Int`.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int(exactly: source) else { return nil }
                let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                guard !overflow else { return nil }
                magnitude = nanoseconds
            }

            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// How a closure is run on the queue: its quality of service, work-item flags, and a group to
    /// enter while it waits (for closures run as soon as possible).
    public struct SchedulerOptions {
        /// The quality of service the closure runs at.
        public var qos: DispatchQoS
        /// The work item's flags (`.barrier`, …).
        public var flags: DispatchWorkItemFlags
        /// A group the closure is submitted in, as `DispatchQueue.async(group:)` does.
        public var group: DispatchGroup?

        /// Options; the defaults run a closure as `DispatchQueue.async` would.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// The queue's time now.
    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    /// Dispatch takes no tolerance finer than this: none.
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Runs `action` on the queue, as `async` does.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action.run() }
    }

    /// Runs `action` on the queue at `date`, as `asyncAfter` does (the tolerance is not used).
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            action.run()
        }
    }

    /// Runs `action` on the queue at `date`, then every `interval`, with a dispatch timer, until
    /// the result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let timer = DispatchSource.makeTimerSource(queue: self)
        let action = ScheduledAction(action)
        timer.setEventHandler(qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action.run() }
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

extension Int {
    /// `self * factor`, or the nearest bound if that overflows.
    func multipliedClamping(by factor: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        return overflow ? ((self < 0) != (factor < 0) ? .min : .max) : product
    }

    /// `seconds` as nanoseconds, rounded, clamped to the range of an `Int` (NaN is 0).
    init(clampingSeconds seconds: Double) {
        let nanoseconds = (seconds * 1_000_000_000).rounded()
        if nanoseconds.isNaN {
            self = 0
        } else if nanoseconds >= Double(Int.max) {
            self = .max
        } else if nanoseconds <= Double(Int.min) {
            self = .min
        } else {
            self = Int(nanoseconds)
        }
    }
}
#endif
