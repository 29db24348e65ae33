import Foundation
import Testing
import UndraRuntime
import UndraSQLite

/// A process killed (SIGKILL) in the middle of a transaction leaves a consistent file: every
/// transaction it committed, nothing of the one it was in.
@Suite struct DatabaseCrashTests {
    /// The helper executable, built beside the test bundle (`UndraDatabaseCrashChild`).
    private var childURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("UndraDatabaseCrashChild")
    }

    @Test(arguments: [0, 3])
    func aKilledWriterLeavesAConsistentFile(committedBeforeTheKill: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("crash.sqlite")
        do {
            let db = try SQLiteDbAdapter(path: path)
            try db.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, payload BLOB)")
            try db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
                INSERT INTO item(batch, payload) SELECT 0, randomblob(100) FROM n
                """)
            try db.close()
        }
        let child = Process()
        child.executableURL = childURL
        child.arguments = [path, String(committedBeforeTheKill)]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        // Read the child's lines until it is writing its last transaction.
        var lines: [String] = [], buffer = Data()
        while !lines.contains("writing") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // The child ended: the expectations below fail.
            buffer.append(chunk)
            lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        usleep(100_000)  // Deeper into the transaction.
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
        let expectedLines = (0..<committedBeforeTheKill).map { "committed \($0 + 1)" } + ["writing"]
        #expect(lines == expectedLines)

        // Before reopening: the kill left the uncommitted transaction's pages in the WAL.
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize > 1_000_000)

        let db = try SQLiteDbAdapter(path: path)
        #expect(try db.column("PRAGMA integrity_check", as: String.self) == ["ok"])
        #expect(try db.column("SELECT count(*) FROM item WHERE batch = 0", as: Int.self) == [1000])
        #expect(try db.column("SELECT count(*) FROM item WHERE batch > 0", as: Int.self) == [committedBeforeTheKill * 100])
        #expect(try db.column("SELECT count(*) FROM item WHERE batch < 0", as: Int.self) == [0])
        // Updates of the last transaction are gone too: committed rows keep their 200 bytes.
        #expect(try db.column("SELECT count(*) FROM item WHERE batch > 0 AND length(payload) <> 200", as: Int.self) == [0])
        // And the file takes new writes.
        try db.execute("INSERT INTO item(batch) VALUES (7)")
        #expect(try db.column("SELECT count(*) FROM item", as: Int.self) == [1001 + committedBeforeTheKill * 100])
    }
}
