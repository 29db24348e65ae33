import Dispatch
import UndraRuntime

/// A statement whose interpolated values are its arguments, never its text:
///
///     let title = "tea'; DROP TABLE note; --"
///     try db.execute(literal: "INSERT INTO note(text, pinned) VALUES (\(title), \(true))")
///     let pinned = try db.query(literal: "SELECT id, text FROM note WHERE pinned = \(true)", as: Note.self)
///
/// Each interpolated value (any `DatabaseValueConvertible`: strings, integers, doubles, `Bool`s,
/// optionals as NULL, `Data`, a `DatabaseValue`) becomes a `?` in `text` and its value in
/// `arguments`, bound as the value it is, so no value can change the statement. The literal
/// parts are the SQL.
///
/// - Complexity: O(text) to build.
/// - Thread safety: a value.
public struct SQLLiteral: ExpressibleByStringInterpolation, Sendable, Equatable, CustomStringConvertible {
    /// The statement, a `?` where each value was interpolated.
    public private(set) var text: String
    /// The interpolated values, in order.
    public private(set) var arguments: [DatabaseValue]

    public init(stringLiteral value: String) {
        text = value
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        arguments = stringInterpolation.arguments
    }

    /// The statement and its arguments as SQL writes them, for logs: `SELECT … WHERE title = ? ['tea']`.
    public var description: String { arguments.isEmpty ? text : "\(text) \(arguments)" }

    /// Builds an `SQLLiteral`: literal parts as SQL, interpolated values as arguments.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""
        var arguments: [DatabaseValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value, bound as an argument.
        public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
            text += "?"
            arguments.append(value.databaseValue)
        }

        /// An optional value: NULL when nil.
        public mutating func appendInterpolation(_ value: (some DatabaseValueConvertible)?) {
            text += "?"
            arguments.append(value?.databaseValue ?? .null)
        }
    }
}

extension SQLiteDbAdapter {
    /// `execute(_:_:)` of a statement whose interpolated values are its arguments
    /// (`SQLLiteral`). Returns the number of rows changed.
    @discardableResult
    public func execute(literal statement: SQLLiteral) throws(DatabaseError) -> Int64 {
        try execute(statement.text, statement.arguments)
    }

    /// `query(_:_:)` of a statement whose interpolated values are its arguments: its rows.
    public func query(literal statement: SQLLiteral) throws(DatabaseError) -> [DatabaseRow] {
        try query(statement.text, statement.arguments)
    }

    /// `query(_:_:as:)` of a statement whose interpolated values are its arguments.
    public func query<Row: RowDecodable>(literal statement: SQLLiteral, as type: Row.Type) throws(DatabaseError) -> [Row] {
        try query(statement.text, statement.arguments, as: Row.self)
    }

    /// `liveRows(_:_:)` of a statement whose interpolated values are its arguments: the rows
    /// kept current, for these values.
    public func liveRows<Row: Identifiable & RowDecodable & Equatable & Sendable>(
        _ type: Row.Type, literal statement: SQLLiteral, key: String = "id", queue: DispatchQueue = .main
    ) throws(DatabaseError) -> LiveRows<Row.ID, Row> where Row.ID: DatabaseValueConvertible & Sendable {
        try liveRows(Row.self, statement.text, arguments: statement.arguments, key: key, queue: queue)
    }
}
