import UndraRuntime

/// One value of a database row or parameter: SQLite's five storage classes.
///
/// The wire's data model (serde's) has the same primitives: `integer` is an `i64`, `real` an
/// `f64`, `text` a string, `blob` a byte sequence and `null` a `None`; `DatabaseValueConvertible`
/// converts between these and Swift types.
///
/// Two values are equal as SQLite's BINARY collation compares them: texts by their UTF-8 bytes,
/// not by Swift's `String ==` (which calls `"\u{E9}"` and `"e\u{301}"` equal, where SQLite keeps
/// them as two distinct keys); reals by `==`; values of two storage classes are never equal.
///
/// - Note: SQLite stores a NaN `real` as NULL, and reads text as UTF-8 (invalid sequences read
///   back as U+FFFD).
/// - Thread safety: a value type; `Sendable`.
public enum DatabaseValue: Hashable, Sendable {
    /// SQL's NULL (Rust's `None`).
    case null
    /// A 64-bit signed integer (Rust's `i64`).
    case integer(Int64)
    /// A 64-bit IEEE float (Rust's `f64`).
    case real(Double)
    /// A text, stored as UTF-8 (Rust's `String`).
    case text(String)
    /// Bytes (Rust's `Vec<u8>`).
    case blob([UInt8])

    /// Whether this is `null`. O(1).
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The storage class, as SQLite names it (`INTEGER`, `REAL`, `TEXT`, `BLOB`, `NULL`), for errors.
    public var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}

extension DatabaseValue {
    /// Equal as SQLite's BINARY collation: a text's UTF-8 bytes, a blob's bytes, a number's value
    /// within its storage class. O(length) for texts and blobs.
    @inlinable
    public static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a == b
        case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
        case (.blob(let a), .blob(let b)): a == b
        default: false
        }
    }

    /// Hashes what `==` compares: a text's UTF-8 bytes (so two texts Swift calls equal but whose
    /// bytes differ may hash apart).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .integer(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .real(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .text(let value):
            hasher.combine(3 as UInt8)
            var value = value
            value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .blob(let bytes):
            hasher.combine(4 as UInt8)
            hasher.combine(bytes)
        }
    }
}

extension DatabaseValue: CustomStringConvertible {
    /// The value as an SQL literal would show it: `NULL`, `42`, `1.5`, `'it''s'`, `x'00ff'`.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        case .blob(let bytes): return "x'" + hexDigits(bytes) + "'"
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    /// An interpolated string is text too: `["note \(index)"]` binds `.text("note 3")`.
    public init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }
    /// `true` and `false` are stored as 1 and 0, as SQLite does.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
