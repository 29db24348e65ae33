/// One value of a database row or parameter: SQLite's five storage classes.
///
/// The wire's data model (serde's) has the same primitives: `integer` is an `i64`, `real` an
/// `f64`, `text` a string, `blob` a byte sequence and `null` a `None`; `DatabaseValueConvertible`
/// converts between these and Swift types.
///
/// - Note: SQLite stores a NaN `real` as NULL, and reads text as UTF-8 (invalid sequences read
///   back as U+FFFD).
/// - Thread safety: a value type; `Sendable`.
public enum DatabaseValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
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

extension DatabaseValue: CustomStringConvertible {
    /// The value as an SQL literal would show it: `NULL`, `42`, `1.5`, `'it''s'`, `x'00ff'`.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        case .blob(let bytes):
            let digits = Array("0123456789abcdef".utf8)
            var hex: [UInt8] = []
            hex.reserveCapacity(bytes.count * 2)
            for byte in bytes {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0xF)])
            }
            return "x'" + String(decoding: hex, as: UTF8.self) + "'"
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    /// `true` and `false` are stored as 1 and 0, as SQLite does.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
