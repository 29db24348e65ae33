import UndraRuntime

/// The `Decoder` of `ColumnDecodable`: a keyed container over one row's columns, by name, and a
/// single-value container over one column for the properties that are not
/// `DatabaseValueConvertible`. Its errors are `DatabaseError`s naming the column.
///
/// It reads the row in place through the `StatementRow` it holds (the usual types straight from
/// the statement, as `decode(_:at:)` reads them), during one `init(row:)` call, while the row is
/// lent: `ColumnDecodable.init(row:)` hands it to `init(from:)` between `begin()` and `end()`. A
/// statement keeps one for its rows (`StatementRow.rowDecoder()`), so a value must not keep the
/// decoder it was given.
final class RowDecoder: Decoder {
    /// The row, read in place.
    fileprivate let statementRow: StatementRow
    fileprivate let row: RowColumns
    /// The column after the last one found: properties are usually declared in the columns'
    /// order, so the next is tried first, by one comparison of names, before the table.
    fileprivate var next = 0
    /// Between `begin()` and `end()`.
    private var isDecoding = false
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// A decoder of the row `source` holds, its first `count` columns named by `columns`.
    init(source: StatementRow.Source, columns: ColumnNames, count: Int) {
        statementRow = StatementRow(source: source, columns: columns, count: count)
        row = RowColumns(columns: columns, count: count)
    }

    /// Whether it can decode a row of the statement it was made for, showing `count` columns: it
    /// shows as many, and is not decoding one already.
    func canDecode(count: Int) -> Bool { !isDecoding && row.count == count }

    /// Starts a row: the same statement's next, or the first.
    func begin() {
        isDecoding = true
        next = 0
    }

    func end() { isDecoding = false }

    /// The index of the column named `name`, or nil.
    fileprivate func find(_ name: String) -> Int? {
        if next < row.count && row.columns.names[next] == name {
            next += 1
            return next - 1
        }
        guard let index = row.find(name) else { return nil }
        next = index + 1
        return index
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Columns(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(extendedCode: .mismatch, message: "a row decodes as a keyed container (by column name), not a list", sql: row.sql)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DatabaseError(extendedCode: .mismatch, message: "a row decodes as a keyed container (by column name), not one value", sql: row.sql)
    }

    /// What the containers need of the row's columns: their names, a lookup by name, the SQL.
    struct RowColumns {
        let columns: ColumnNames
        /// The columns shown (a live query's own; it hides those it adds after them).
        let count: Int
        var names: ArraySlice<String> { columns.names[..<count] }
        var sql: String? { columns.sql }

        /// The index of the column named `name`, as `StatementRow.index(ofColumn:)` finds it.
        func find(_ name: String) -> Int? {
            guard let index = columns.index(of: name), index < count else { return nil }
            return index
        }

        func missing(_ name: String) -> DatabaseError {
            DatabaseError(extendedCode: .range, message: "no column named \(name)", sql: sql)
        }

        func mismatch(_ value: DatabaseValue, at index: Int, expected: Any.Type) -> DatabaseError {
            DatabaseError(
                extendedCode: .mismatch,
                message: "column \(index) (\(names[index])) holds \(value.storageClass) \(value), not a \(expected)", sql: sql)
        }

        /// `value`, column `index`'s, as a `T`.
        func convert<T: Decodable>(_ value: DatabaseValue, at index: Int, as type: T.Type) throws -> T {
            if let convertible = T.self as? any DatabaseValueConvertible.Type {
                guard let converted = convertible.init(databaseValue: value) as? T else {
                    throw mismatch(value, at: index, expected: T.self)
                }
                return converted
            }
            do {
                return try T(from: ColumnDecoder(value: value, index: index, row: self))
            } catch let error as DecodingError {
                throw DatabaseError(
                    extendedCode: .mismatch, message: "column \(index) (\(names[index])) holds \(value.storageClass) \(value), "
                        + "not a \(T.self): \(error.reason)", sql: sql)
            }
        }
    }

    struct Columns<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: RowDecoder
        var row: RowColumns { decoder.row }
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { row.names.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { row.find(key.stringValue) != nil }

        private func index(_ key: Key) throws -> Int {
            guard let index = decoder.find(key.stringValue) else { throw row.missing(key.stringValue) }
            return index
        }

        func decodeNil(forKey key: Key) throws -> Bool { try decoder.statementRow.value(at: try index(key)).isNull }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let index = try index(key)
            return try row.convert(try decoder.statementRow.value(at: index), at: index, as: T.self)
        }

        // The types a row's properties usually are, read in place with no cast (what the
        // synthesized `init(from:)` calls for them).
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.statementRow.decode(String.self, at: try index(key)) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.statementRow.decode(Int64.self, at: try index(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.statementRow.decode(Int.self, at: try index(key)) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.statementRow.decode(Int32.self, at: try index(key)) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.statementRow.decode(Bool.self, at: try index(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.statementRow.decode(Double.self, at: try index(key)) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DatabaseError(extendedCode: .mismatch, message: "column \(key.stringValue) holds one value, not a keyed container", sql: row.sql)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DatabaseError(extendedCode: .mismatch, message: "column \(key.stringValue) holds one value, not a list", sql: row.sql)
        }

        func superDecoder() throws -> any Decoder {
            throw DatabaseError(extendedCode: .mismatch, message: "a row has no super decoder", sql: row.sql)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
    }

    /// One column's value, for a property whose type decodes itself from a single value.
    struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
        let value: DatabaseValue
        let index: Int
        let row: RowColumns
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw row.mismatch(value, at: index, expected: Key.self)
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DatabaseError(
                extendedCode: .mismatch, message: "column \(index) (\(row.names[index])) holds one value, not a list", sql: row.sql)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { value.isNull }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try row.convert(value, at: index, as: T.self) }
    }
}

extension DecodingError {
    /// What the error says, without its context's coding path (a row's is one column, named already).
    var reason: String {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            context.debugDescription
        @unknown default:
            "\(self)"
        }
    }
}
