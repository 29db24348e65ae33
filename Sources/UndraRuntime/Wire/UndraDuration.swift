/// A span of time exactly as Rust's `std::time::Duration` holds it: whole seconds (`u64`) plus
/// nanoseconds below 10⁹ (`u32`). The wire type for durations (12 bytes: seconds, then
/// nanoseconds).
///
/// Every value of Rust's type is a value of this one and back, with nothing rounded. Arithmetic
/// is checked (`checkedAdding` returns nil on overflow, as Rust's `checked_add` returns `None`);
/// conversions that could lose something say so in their names (`init(exactly:)` throws,
/// `init(rounding:)` rounds, `timeInterval` is the nearest `Double`).
///
/// - Thread safety: a value.
public struct UndraDuration: Hashable, Comparable, Sendable {
    /// Whole seconds.
    public let seconds: UInt64
    /// Nanoseconds past `seconds`, below 10⁹.
    public let nanoseconds: UInt32

    @usableFromInline static let nanosecondsPerSecond: UInt32 = 1_000_000_000

    /// Creates a duration; `nanoseconds` must be below 10⁹ (Rust's `Duration::new` carries more
    /// into the seconds; this initializer does not guess). O(1).
    public init(seconds: UInt64, nanoseconds: UInt32 = 0) throws(ConversionError) {
        guard nanoseconds < Self.nanosecondsPerSecond else { throw .nanosecondsOutOfRange(nanoseconds) }
        self.init(uncheckedSeconds: seconds, nanoseconds: nanoseconds)
    }

    @usableFromInline
    init(uncheckedSeconds seconds: UInt64, nanoseconds: UInt32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Zero.
    public static let zero = UndraDuration(uncheckedSeconds: 0, nanoseconds: 0)
    /// The longest duration: `u64::MAX` seconds and 999,999,999 nanoseconds (Rust's `Duration::MAX`).
    public static let max = UndraDuration(uncheckedSeconds: .max, nanoseconds: nanosecondsPerSecond - 1)

    /// `count` seconds.
    public static func seconds(_ count: UInt64) -> UndraDuration {
        UndraDuration(uncheckedSeconds: count, nanoseconds: 0)
    }

    /// `count` milliseconds (every `UInt64` count fits).
    public static func milliseconds(_ count: UInt64) -> UndraDuration {
        UndraDuration(uncheckedSeconds: count / 1_000, nanoseconds: UInt32(count % 1_000) * 1_000_000)
    }

    /// `count` microseconds (every `UInt64` count fits).
    public static func microseconds(_ count: UInt64) -> UndraDuration {
        UndraDuration(uncheckedSeconds: count / 1_000_000, nanoseconds: UInt32(count % 1_000_000) * 1_000)
    }

    /// `count` nanoseconds (every `UInt64` count fits).
    public static func nanoseconds(_ count: UInt64) -> UndraDuration {
        let perSecond = UInt64(nanosecondsPerSecond)
        return UndraDuration(uncheckedSeconds: count / perSecond, nanoseconds: UInt32(count % perSecond))
    }

    public static func < (lhs: UndraDuration, rhs: UndraDuration) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// Why a value is not a duration.
    public enum ConversionError: Error, Hashable, Sendable {
        /// A duration is never negative.
        case negative
        /// The value has a part below one nanosecond (use a rounding conversion to drop it).
        case subNanosecond
        /// The value is longer than `UndraDuration.max`.
        case outOfRange
        /// Nanoseconds of 10⁹ or more were given apart from the seconds.
        case nanosecondsOutOfRange(UInt32)
        /// The value is not a number (NaN).
        case notANumber
    }
}

// MARK: Checked arithmetic (Rust's checked_add, checked_sub, checked_mul, checked_div)

extension UndraDuration {
    /// `self + other`, or nil if the sum exceeds `max`. O(1).
    public func checkedAdding(_ other: UndraDuration) -> UndraDuration? {
        var (seconds, overflow) = self.seconds.addingReportingOverflow(other.seconds)
        if overflow { return nil }
        var nanoseconds = self.nanoseconds + other.nanoseconds
        if nanoseconds >= Self.nanosecondsPerSecond {
            nanoseconds -= Self.nanosecondsPerSecond
            (seconds, overflow) = seconds.addingReportingOverflow(1)
            if overflow { return nil }
        }
        return UndraDuration(uncheckedSeconds: seconds, nanoseconds: nanoseconds)
    }

    /// `self - other`, or nil if `other` is longer (a duration is never negative). O(1).
    public func checkedSubtracting(_ other: UndraDuration) -> UndraDuration? {
        guard other <= self else { return nil }
        if nanoseconds >= other.nanoseconds {
            return UndraDuration(uncheckedSeconds: seconds - other.seconds, nanoseconds: nanoseconds - other.nanoseconds)
        }
        return UndraDuration(
            uncheckedSeconds: seconds - other.seconds - 1,
            nanoseconds: nanoseconds + Self.nanosecondsPerSecond - other.nanoseconds)
    }

    /// `self × factor`, or nil if the product exceeds `max`. O(1).
    public func checkedMultiplied(by factor: UInt32) -> UndraDuration? {
        let totalNanoseconds = UInt64(nanoseconds) * UInt64(factor)
        let perSecond = UInt64(Self.nanosecondsPerSecond)
        let (product, overflow) = seconds.multipliedReportingOverflow(by: UInt64(factor))
        if overflow { return nil }
        let (seconds, carryOverflow) = product.addingReportingOverflow(totalNanoseconds / perSecond)
        if carryOverflow { return nil }
        return UndraDuration(uncheckedSeconds: seconds, nanoseconds: UInt32(totalNanoseconds % perSecond))
    }

    /// `self ÷ divisor`, rounded toward zero to the nanosecond, or nil if `divisor` is 0. O(1).
    public func checkedDivided(by divisor: UInt32) -> UndraDuration? {
        guard divisor != 0 else { return nil }
        let divisor64 = UInt64(divisor), perSecond = UInt64(Self.nanosecondsPerSecond)
        let wholeSeconds = seconds / divisor64
        // The seconds left over, in nanoseconds, divided with the nanoseconds: below 2^32 × 10⁹.
        let remainderNanoseconds = (seconds % divisor64) * perSecond + UInt64(nanoseconds)
        let nanoseconds = remainderNanoseconds / divisor64
        return UndraDuration(
            uncheckedSeconds: wholeSeconds + nanoseconds / perSecond, nanoseconds: UInt32(nanoseconds % perSecond))
    }
}

// MARK: The wire and Codable

/// `std::time::Duration`: serde's struct `{ secs: u64, nanos: u32 }`, 12 bytes. Nanoseconds of
/// 10⁹ or more are an error (Rust's serializer never writes them).
extension UndraDuration: WireCodable {
    @inlinable
    public init(from reader: inout WireReader) throws(WireError) {
        let seconds = try reader.read(UInt64.self)
        let nanoseconds = try reader.read(UInt32.self)
        guard nanoseconds < Self.nanosecondsPerSecond else {
            throw WireError(offset: reader.offset - 4, reason: .nanosecondsOutOfRange(nanoseconds))
        }
        self.init(uncheckedSeconds: seconds, nanoseconds: nanoseconds)
    }

    @inlinable
    public func encode(to writer: inout WireWriter) {
        writer.write(seconds)
        writer.write(nanoseconds)
    }

    public static var minimumWireSize: Int { 12 }
}

/// Coded as serde codes `Duration` in self-describing formats: `{"secs": …, "nanos": …}`.
extension UndraDuration: Codable {
    enum CodingKeys: String, CodingKey {
        case secs, nanos
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nanoseconds = try container.decode(UInt32.self, forKey: .nanos)
        guard nanoseconds < Self.nanosecondsPerSecond else {
            throw DecodingError.dataCorruptedError(
                forKey: .nanos, in: container, debugDescription: "nanoseconds \(nanoseconds) are not below 1000000000")
        }
        self.init(uncheckedSeconds: try container.decode(UInt64.self, forKey: .secs), nanoseconds: nanoseconds)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .secs)
        try container.encode(nanoseconds, forKey: .nanos)
    }
}

// MARK: Description

/// As Rust's `{:?}` writes a `Duration`: the largest unit that is at least 1 (s, ms, µs, ns),
/// with the exact fraction and no trailing zeros: `1.5s`, `250ms`, `1.5µs`, `0ns`.
extension UndraDuration: CustomStringConvertible {
    public var description: String {
        if seconds > 0 { return Self.decimal(seconds, fraction: nanoseconds, digits: 9, unit: "s") }
        if nanoseconds >= 1_000_000 {
            return Self.decimal(UInt64(nanoseconds / 1_000_000), fraction: nanoseconds % 1_000_000, digits: 6, unit: "ms")
        }
        if nanoseconds >= 1_000 {
            return Self.decimal(UInt64(nanoseconds / 1_000), fraction: nanoseconds % 1_000, digits: 3, unit: "µs")
        }
        return "\(nanoseconds)ns"
    }

    /// `whole`, then `fraction` as `digits` decimals with trailing zeros dropped, then `unit`.
    private static func decimal(_ whole: UInt64, fraction: UInt32, digits: Int, unit: String) -> String {
        guard fraction > 0 else { return "\(whole)\(unit)" }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: digits - decimals.count) + decimals
        while decimals.last == "0" { decimals.removeLast() }
        return "\(whole).\(decimals)\(unit)"
    }
}

extension UndraDuration {
    /// The whole duration in nanoseconds, saturating at `UInt64.max` (about 584 years).
    package var totalNanoseconds: UInt64 {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = scaled.addingReportingOverflow(UInt64(nanoseconds))
        return overflow || carry ? .max : total
    }
}
