// Rust's i128 and u128 as two 64-bit halves, for platforms below Swift's Int128 (iOS 18).

/// Rust's `i128` as its two halves: the value is `high` × 2⁶⁴ + `low` (two's complement, `high`
/// carrying the sign). On the wire 16 bytes, little-endian: `low` first, then `high`; the bytes
/// of `Int128`, which needs iOS 18, macOS 15, tvOS 18, watchOS 11 (convert with
/// `WireInt128(_:)` and `Int128(_:)` there, exactly either way).
///
///     WireInt128(-1)                               // low 0xffff_ffff_ffff_ffff, high -1
///     WireInt128(low: 0, high: 1).description      // "18446744073709551616" (2⁶⁴)
///
/// `description` is the exact decimal value, as Rust's `{}` writes it.
///
/// - Complexity: reading, writing, `==` and hashing are O(1); `description` is O(1) too (at most
///   39 digits, from at most four 64-bit divisions).
/// - Thread safety: a value type; `Sendable`.
public struct WireInt128: Hashable, Sendable, CustomStringConvertible {
    /// The low 64 bits.
    public var low: UInt64
    /// The high 64 bits, with the sign.
    public var high: Int64

    /// The value `high` × 2⁶⁴ + `low`. O(1).
    @inlinable
    public init(low: UInt64, high: Int64) {
        self.low = low
        self.high = high
    }

    /// `value`, exactly (sign-extended). O(1).
    @inlinable
    public init(_ value: Int64) {
        self.init(low: UInt64(bitPattern: value), high: value < 0 ? -1 : 0)
    }

    /// Zero.
    public static let zero = WireInt128(low: 0, high: 0)
    /// −2¹²⁷, `i128::MIN`.
    public static let min = WireInt128(low: 0, high: .min)
    /// 2¹²⁷ − 1, `i128::MAX`.
    public static let max = WireInt128(low: .max, high: .max)

    /// The exact decimal value, with a `-` when negative: `-170141183460469231731687303715884105728`
    /// for `min`. O(1).
    public var description: String {
        guard high < 0 else { return decimalDigits(high: UInt64(high), low: low) }
        // The magnitude: the two's complement negation of the 128 bits (2¹²⁷ for `min`, which
        // fits the unsigned halves).
        let magnitudeLow = ~low &+ 1
        let magnitudeHigh = ~UInt64(bitPattern: high) &+ (low == 0 ? 1 : 0)
        return "-" + decimalDigits(high: magnitudeHigh, low: magnitudeLow)
    }
}

/// Rust's `u128` as its two halves: the value is `high` × 2⁶⁴ + `low`. On the wire 16 bytes,
/// little-endian: `low` first, then `high`; the bytes of `UInt128`, which needs iOS 18, macOS 15,
/// tvOS 18, watchOS 11 (convert with `WireUInt128(_:)` and `UInt128(_:)` there, exactly either
/// way).
///
///     WireUInt128.max.description       // "340282366920938463463374607431768211455"
///
/// - Complexity: reading, writing, `==` and hashing are O(1); `description` is O(1) too (at most
///   39 digits, from at most four 64-bit divisions).
/// - Thread safety: a value type; `Sendable`.
public struct WireUInt128: Hashable, Sendable, CustomStringConvertible {
    /// The low 64 bits.
    public var low: UInt64
    /// The high 64 bits.
    public var high: UInt64

    /// The value `high` × 2⁶⁴ + `low`. O(1).
    @inlinable
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// `value`, exactly. O(1).
    @inlinable
    public init(_ value: UInt64) {
        self.init(low: value, high: 0)
    }

    /// Zero, `u128::MIN`.
    public static let zero = WireUInt128(low: 0, high: 0)
    /// 2¹²⁸ − 1, `u128::MAX`.
    public static let max = WireUInt128(low: .max, high: .max)

    /// The exact decimal value. O(1).
    public var description: String { decimalDigits(high: high, low: low) }
}

/// The decimal digits of the unsigned 128-bit number `high` × 2⁶⁴ + `low`, with no leading
/// zeros ("0" for zero): divided by 10¹⁹ (the largest power of ten below 2⁶⁴) until the quotient
/// fits a `UInt64`, at most twice, each remainder giving 19 digits.
private func decimalDigits(high: UInt64, low: UInt64) -> String {
    let chunk: UInt64 = 10_000_000_000_000_000_000
    var (high, low) = (high, low)
    var remainders: [UInt64] = []
    while high != 0 {
        // (high, low) ÷ 10¹⁹ in two 64-bit steps: the high word first, then its remainder (below
        // 10¹⁹, so the second quotient fits) with the low word.
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: chunk)
        let (lowQuotient, remainder) = chunk.dividingFullWidth((high: highRemainder, low: low))
        remainders.append(remainder)
        (high, low) = (highQuotient, lowQuotient)
    }
    var text = String(low)
    for remainder in remainders.reversed() {
        let digits = String(remainder)
        text += String(repeating: "0", count: 19 - digits.count) + digits
    }
    return text
}

// MARK: The wire

/// `i128`: 16 bytes, little-endian, `low` then `high`. Input shorter than 16 bytes is an error
/// at its start (`unexpectedEnd(needed: 16, …)`, as for `Int128`).
///
/// - Complexity: O(1).
/// - Thread safety: reading and writing touch only the reader or writer, each confined to its
///   thread.
extension WireInt128: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let bytes = try reader.readBytes(16)
        self.init(
            low: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            high: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self)))
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        writer.write(low)
        writer.write(high)
    }

    public static var minimumWireSize: Int { 16 }
}

/// `u128`: 16 bytes, little-endian, `low` then `high` (see `WireInt128`).
///
/// - Complexity: O(1).
/// - Thread safety: reading and writing touch only the reader or writer, each confined to its
///   thread.
extension WireUInt128: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let bytes = try reader.readBytes(16)
        self.init(
            low: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            high: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        writer.write(low)
        writer.write(high)
    }

    public static var minimumWireSize: Int { 16 }
}

/// Shape `i128`, as `Int128`'s.
extension WireInt128: WireShaped {
    public static var wireShape: WireShape { .i128 }
}

/// Shape `u128`, as `UInt128`'s.
extension WireUInt128: WireShaped {
    public static var wireShape: WireShape { .u128 }
}

// MARK: Swift's 128-bit integers

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension WireInt128 {
    /// `value`'s two halves, exactly. O(1). (Disfavored, so that an integer literal picks the
    /// 64-bit initializer, which every platform has.)
    @inlinable @_disfavoredOverload
    public init(_ value: Int128) {
        self.init(low: UInt64(truncatingIfNeeded: value), high: Int64(truncatingIfNeeded: value >> 64))
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension WireUInt128 {
    /// `value`'s two halves, exactly. O(1). (Disfavored, so that an integer literal picks the
    /// 64-bit initializer, which every platform has.)
    @inlinable @_disfavoredOverload
    public init(_ value: UInt128) {
        self.init(low: UInt64(truncatingIfNeeded: value), high: UInt64(truncatingIfNeeded: value >> 64))
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension Int128 {
    /// The value of the two halves, exactly. O(1).
    @inlinable
    public init(_ value: WireInt128) {
        self = Int128(value.high) << 64 | Int128(value.low)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension UInt128 {
    /// The value of the two halves, exactly. O(1).
    @inlinable
    public init(_ value: WireUInt128) {
        self = UInt128(value.high) << 64 | UInt128(value.low)
    }
}
