import Foundation
import UndraRuntime
import UndraSQLite

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

/// Runs `sql` as one transaction in another process (Tests/UndraDatabaseCrashChild, built beside
/// the test bundle), on the database at `path`; throws unless it committed.
func executeInAnotherProcess(_ sql: String, onDatabaseAt path: String) throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("UndraDatabaseCrashChild")
    child.arguments = ["--execute", path, sql]
    let output = Pipe(), errors = Pipe()
    child.standardOutput = output
    child.standardError = errors
    try child.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    guard child.terminationStatus == 0, printed == "done\n" else {
        throw ChildProcessFailed(status: child.terminationStatus, message: complaint)
    }
}

/// The other process did not commit.
struct ChildProcessFailed: Error {
    let status: Int32
    let message: String
}
