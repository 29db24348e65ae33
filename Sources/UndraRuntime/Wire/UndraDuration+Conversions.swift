// Conversions between UndraDuration and Swift's Duration (iOS 16+) and TimeInterval.

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension UndraDuration {
    /// The duration `duration` is, exactly: throws if it is negative, has a part below a
    /// nanosecond, or exceeds `max`. O(1).
    public init(exactly duration: Swift.Duration) throws(ConversionError) {
        let (seconds, attoseconds) = try Self.parts(of: duration)
        guard attoseconds % 1_000_000_000 == 0 else { throw .subNanosecond }
        self.init(uncheckedSeconds: seconds, nanoseconds: UInt32(attoseconds / 1_000_000_000))
    }

    /// `duration` rounded to the nanosecond by `rule`: throws only if it is negative or (once
    /// rounded) exceeds `max`. O(1).
    public init(rounding duration: Swift.Duration, _ rule: FloatingPointRoundingRule = .toNearestOrEven) throws(ConversionError) {
        let (seconds, attoseconds) = try Self.parts(of: duration)
        let nanoseconds = attoseconds / 1_000_000_000, below = attoseconds % 1_000_000_000
        let roundsUp: Bool = switch rule {
        case .toNearestOrAwayFromZero: below >= 500_000_000
        case .toNearestOrEven: below > 500_000_000 || (below == 500_000_000 && nanoseconds % 2 == 1)
        case .up, .awayFromZero: below > 0
        case .down, .towardZero: false
        @unknown default: below >= 500_000_000
        }
        let truncated = UndraDuration(uncheckedSeconds: seconds, nanoseconds: UInt32(nanoseconds))
        guard roundsUp else {
            self = truncated
            return
        }
        guard let rounded = truncated.checkedAdding(.nanoseconds(1)) else { throw .outOfRange }
        self = rounded
    }

    /// Whole seconds and attoseconds (below 10¹⁸) of a duration from zero to just under `max`
    /// plus a nanosecond. `components` traps past `Int64.max` seconds, so longer durations give
    /// up `Int64.max` seconds at a time first (twice at most, below that bound).
    private static func parts(of duration: Swift.Duration) throws(ConversionError) -> (UInt64, UInt64) {
        guard duration >= .zero else { throw .negative }
        guard duration < Swift.Duration(max) + .nanoseconds(1) else { throw .outOfRange }
        let step = Swift.Duration.seconds(Int64.max)
        var rest = duration, seconds: UInt64 = 0
        while rest > step {
            rest -= step
            seconds += UInt64(Int64.max)
        }
        let components = rest.components
        return (seconds + UInt64(components.seconds), UInt64(components.attoseconds))
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Swift.Duration {
    /// The same duration, exactly (every `UndraDuration` is a `Duration`). O(1).
    public init(_ duration: UndraDuration) {
        // Seconds past Int64.max are added in two halves.
        let half = Int64(duration.seconds / 2), odd = Int64(duration.seconds % 2)
        self = .seconds(half) + .seconds(half) + .seconds(odd) + .nanoseconds(Int64(duration.nanoseconds))
    }
}

extension UndraDuration {
    /// `timeInterval` seconds rounded to the nearest nanosecond: throws if it is NaN, negative
    /// or longer than `max` (−0 is zero). O(1).
    public init(rounding timeInterval: Double) throws(ConversionError) {
        if timeInterval.isNaN { throw .notANumber }
        guard timeInterval >= 0 else { throw .negative }
        // 2^64 seconds: the first double past `max`.
        guard timeInterval < 18_446_744_073_709_551_616.0 else { throw .outOfRange }
        let whole = timeInterval.rounded(.down)
        let nanoseconds = ((timeInterval - whole) * 1e9).rounded()
        let truncated = UndraDuration(uncheckedSeconds: UInt64(whole), nanoseconds: 0)
        // A fraction that rounds to a whole second (0.9999999996) carries.
        guard let duration = truncated.checkedAdding(.nanoseconds(UInt64(nanoseconds))) else { throw .outOfRange }
        self = duration
    }

    /// The nearest `Double` number of seconds (a `TimeInterval`): exact up to about 104 days
    /// (2^53 nanoseconds), rounded beyond. O(1).
    public var timeInterval: Double {
        Double(seconds) + Double(nanoseconds) / 1e9
    }
}
