/// The `Decoder` of `ColumnDecodable`: a keyed container over one row's columns, by name, and a
/// single-value container over one column for the properties that are not
/// `DatabaseValueConvertible`. Its errors are `DatabaseError`s naming the column.
final class RowDecoder: Decoder {
    private let values: [DatabaseValue]
    private let row: RowColumns
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// A decoder of the row whose shown columns hold `values`, named by `columns`.
    init(values: [DatabaseValue], columns: ColumnNames) {
        self.values = values
        self.row = RowColumns(columns: columns, count: values.count)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Columns(values: values, row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(extendedCode: .mismatch, message: "a row decodes as a keyed container (by column name), not a list", sql: row.sql)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DatabaseError(extendedCode: .mismatch, message: "a row decodes as a keyed container (by column name), not one value", sql: row.sql)
    }

    /// What the containers need of the row: its names, a lookup by name, its SQL.
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
        let values: [DatabaseValue]
        let row: RowColumns
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { row.names.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { row.find(key.stringValue) != nil }

        private func index(_ key: Key) throws -> Int {
            guard let index = row.find(key.stringValue) else { throw row.missing(key.stringValue) }
            return index
        }

        func decodeNil(forKey key: Key) throws -> Bool { values[try index(key)].isNull }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let index = try index(key)
            return try row.convert(values[index], at: index, as: T.self)
        }

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
