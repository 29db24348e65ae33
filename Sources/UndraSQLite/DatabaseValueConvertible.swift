import UndraRuntime

/// A Swift type stored as one `DatabaseValue`: the type of a parameter, a column, or a live
/// query's key.
///
/// Conversions are exact: an integer column reads as an `Int8` only if it fits, a `real` reads as
/// an integer only if it has no fraction, text is not parsed as a number. A value that does not
/// convert is an error naming the column and the value (`DatabaseError` with `.mismatch`), never a
/// trap. `NULL` reads as `nil` through `Optional`, and is an error for any other type.
///
///     let id: Int64 = try row.decode(at: 0)
///     let note: String? = try row.decode(named: "note")
///
/// The standard conformances: `Int`, `Int8` to `Int64`, `UInt8` to `UInt32`, `Double`, `Float`,
/// `Bool` (0 and 1), `String`, `[UInt8]` (a blob), `DatabaseValue` itself, and `Optional` of any
/// of them. (`UInt` and `UInt64` are not: SQLite's integers are 64-bit signed.)
public protocol DatabaseValueConvertible {
    /// The value stored for this Swift value. O(1), plus a copy for text and blobs.
    var databaseValue: DatabaseValue { get }
    /// The Swift value for `databaseValue`, or nil if it does not convert exactly. O(1), plus a
    /// copy for text and blobs.
    init?(databaseValue: DatabaseValue)
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .integer(self) }

    @inlinable
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .integer(let value): self = value
        // Exactly integral and in range: `Int64(exactly:)` refuses 2^63, fractions and infinities.
        case .real(let value): guard let exact = Int64(exactly: value) else { return nil }; self = exact
        default: return nil
        }
    }
}

extension FixedWidthInteger where Self: DatabaseValueConvertible {
    /// The integer as an `integer` (every conforming type fits in an `Int64`).
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// The `integer` (or exactly integral `real`) that fits this type; nil for another value, or
    /// one out of range.
    @inlinable
    public init?(databaseValue: DatabaseValue) {
        guard let wide = Int64(databaseValue: databaseValue), let narrow = Self(exactly: wide) else { return nil }
        self = narrow
    }
}

extension Int: DatabaseValueConvertible {}
extension Int32: DatabaseValueConvertible {}
extension Int16: DatabaseValueConvertible {}
extension Int8: DatabaseValueConvertible {}
extension UInt32: DatabaseValueConvertible {}
extension UInt16: DatabaseValueConvertible {}
extension UInt8: DatabaseValueConvertible {}

extension Double: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .real(self) }

    @inlinable
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(Double(self)) }

    public init?(databaseValue: DatabaseValue) {
        guard let value = Double(databaseValue: databaseValue) else { return nil }
        self = Float(value)
    }
}

extension Bool: DatabaseValueConvertible {
    /// Stored as 1 or 0, as SQLite stores `TRUE` and `FALSE`.
    @inlinable public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// 0 is false, 1 is true; any other value does not convert.
    @inlinable
    public init?(databaseValue: DatabaseValue) {
        switch Int64(databaseValue: databaseValue) {
        case 0: self = false
        case 1: self = true
        default: return nil
        }
    }
}

/// TEXT, compared by its bytes as SQLite compares it: the key type of a live query whose text keys
/// may differ only by Unicode normalization.
extension ExactString: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .text(value) }

    @inlinable
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self.init(value)
    }
}

extension String: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .text(self) }

    @inlinable
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    /// Bytes are a blob.
    public var databaseValue: DatabaseValue { .blob(self) }

    public init?(databaseValue: DatabaseValue) {
        guard case .blob(let bytes) = databaseValue else { return nil }
        self = bytes
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// `nil` is `NULL`.
    @inlinable public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    /// `NULL` is `nil`; anything else must convert to `Wrapped`.
    @inlinable
    public init?(databaseValue: DatabaseValue) {
        if databaseValue.isNull {
            self = .none
        } else if let wrapped = Wrapped(databaseValue: databaseValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}
