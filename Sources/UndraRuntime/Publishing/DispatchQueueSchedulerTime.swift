#if !canImport(Combine)
import Dispatch

extension DispatchQueue {
    /// A point in a dispatch queue's time, under Combine's name, so that time-based operators
    /// read as they do with Combine: `.debounce(for: .milliseconds(300), scheduler: queue)`.
    public struct SchedulerTimeType: Comparable, Sendable {
        /// The point in time.
        public let dispatchTime: DispatchTime

        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// This time plus `stride`.
        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(dispatchTime + .nanoseconds(stride.magnitude))
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime < rhs.dispatchTime
        }

        /// A length of time, in nanoseconds. A literal is in seconds: `0.25` is 250 ms.
        public struct Stride: Comparable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Sendable {
            /// The length in nanoseconds.
            public var magnitude: Int

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

            public init(integerLiteral seconds: Int) {
                self.init(.seconds(seconds))
            }

            public init(floatLiteral seconds: Double) {
                magnitude = Int((seconds * 1_000_000_000).rounded())
            }

            public static func seconds(_ seconds: Int) -> Stride { Stride(.seconds(seconds)) }
            public static func seconds(_ seconds: Double) -> Stride { Stride(floatLiteral: seconds) }
            public static func milliseconds(_ milliseconds: Int) -> Stride { Stride(.milliseconds(milliseconds)) }
            public static func microseconds(_ microseconds: Int) -> Stride { Stride(.microseconds(microseconds)) }
            public static func nanoseconds(_ nanoseconds: Int) -> Stride { Stride(.nanoseconds(nanoseconds)) }

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
