import Foundation
import UndraRuntime

/// A folder of its own under the system's temporary folder, deleted with everything in it when
/// the value is released: each test's database files live in one.
final class TemporaryFolder: Sendable {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("undra-db-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of a file named `name` in the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Opens (creating) the database `name` in the folder.
    func database(
        _ name: String = "test.sqlite", configuration: SQLiteDbAdapter.Configuration = .init()
    ) throws -> SQLiteDbAdapter {
        try SQLiteDbAdapter(path: file(name), configuration: configuration)
    }
}

/// An error a test throws on purpose.
struct Rollback: Error, Equatable {}

extension SQLiteDbAdapter {
    /// Every value of a one-column query, as `T`.
    func column<T: DatabaseValueConvertible>(_ sql: String, _ arguments: [DatabaseValue] = [], as type: T.Type = T.self) throws -> [T] {
        try query(sql, arguments).map { try $0.decode(T.self, at: 0) }
    }
}
