#if !canImport(Combine)
import Dispatch

extension DispatchQueue {
    /// A point in a dispatch queue's time, under Combine's name, so that time-based operators
    /// read as they do with Combine: `.debounce(for: .milliseconds(300), scheduler: queue)`.
    public struct SchedulerTimeType: Comparable, Sendable {
        /// The point in time.
        public let dispatchTime: DispatchTime

        /// The point `time`.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// This time plus `stride`.
        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(dispatchTime + .nanoseconds(stride.magnitude))
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime < rhs.dispatchTime
        }

        /// A length of time, in nanoseconds. A literal is in seconds: `0.25` is 250 ms.
        public struct Stride: Comparable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Sendable {
            /// The length in nanoseconds.
            public var magnitude: Int

            /// The length of `timeInterval` (`.never` is the longest there is).
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let seconds): magnitude = seconds * 1_000_000_000
                case .milliseconds(let milliseconds): magnitude = milliseconds * 1_000_000
                case .microseconds(let microseconds): magnitude = microseconds * 1_000
                case .nanoseconds(let nanoseconds): magnitude = nanoseconds
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// `seconds` seconds.
            public init(integerLiteral seconds: Int) {
                self.init(.seconds(seconds))
            }

            /// `seconds` seconds, to the nearest nanosecond.
            public init(floatLiteral seconds: Double) {
                magnitude = Int((seconds * 1_000_000_000).rounded())
            }

            /// `seconds` seconds.
            public static func seconds(_ seconds: Int) -> Stride { Stride(.seconds(seconds)) }
            /// `seconds` seconds, to the nearest nanosecond.
            public static func seconds(_ seconds: Double) -> Stride { Stride(floatLiteral: seconds) }
            /// `milliseconds` milliseconds.
            public static func milliseconds(_ milliseconds: Int) -> Stride { Stride(.milliseconds(milliseconds)) }
            /// `microseconds` microseconds.
            public static func microseconds(_ microseconds: Int) -> Stride { Stride(.microseconds(microseconds)) }
            /// `nanoseconds` nanoseconds.
            public static func nanoseconds(_ nanoseconds: Int) -> Stride { Stride(.nanoseconds(nanoseconds)) }

            /// Whether `lhs` is shorter than `rhs`.
            public static func < (lhs: Stride, rhs: Stride) -> Bool {
                lhs.magnitude < rhs.magnitude
            }
        }
    }

    /// The queue's time now.
    var now: SchedulerTimeType {
        SchedulerTimeType(.now())
    }
}
#endif
