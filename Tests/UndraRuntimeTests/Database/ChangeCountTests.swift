import Foundation
import Testing
import UndraRuntime

/// Change counts are 64-bit: exact past 2³¹, where SQLite's 32-bit calls wrap.
@Suite struct ChangeCountTests {
    /// A real count past 2³¹ through `sqlite3_total_changes64`: 2¹¹ + 1 statements each delete
    /// 2²⁰ rows, each in a transaction that is then rolled back (the rows come back; the count of
    /// rows the statements changed stays). A DELETE without WHERE clears a table page by page,
    /// counting its cells, so a round costs a few milliseconds, not a million row deletes.
    @Test func aCountPast2Pow31IsExact() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        let rows: Int64 = 1 << 20
        // Room for the whole table in the writer's page cache: a round then never touches the disk.
        try db.execute("PRAGMA cache_size = -65536")
        try db.execute("CREATE TABLE big(x)")
        let inserted = try db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO big SELECT NULL FROM n
            """)
        #expect(inserted == rows)
        let rounds: Int64 = (1 << 11) + 1
        var deletedEachRound: Set<Int64> = []
        for _ in 0..<rounds {
            #expect(throws: Rollback()) {
                try db.transaction {
                    deletedEachRound.insert(try db.execute("DELETE FROM big"))
                    throw Rollback()
                }
            }
        }
        #expect(deletedEachRound == [rows])
        let total = try db.totalChanges()
        #expect(total == rows + rounds * rows)
        #expect(total == 2_149_580_800)
        #expect(total > Int64(Int32.max))
        // What the 32-bit call would have said: wrapped around to a negative number.
        #expect(Int32(truncatingIfNeeded: total) == -2_145_386_496)
        #expect(try db.column("SELECT count(*) FROM big", as: Int64.self) == [rows])
    }

    /// The documented check of the calls used: the library counts changes only with
    /// `sqlite3_changes64` and `sqlite3_total_changes64`, never the 32-bit `sqlite3_changes` or
    /// `sqlite3_total_changes`.
    @Test func onlyTheSixtyFourBitCallsAreUsed() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../../Sources/UndraSQLite").standardized
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        var uses64: [String] = [], uses32: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if line.contains("sqlite3_changes64") || line.contains("sqlite3_total_changes64") { uses64.append(file) }
                for name in ["sqlite3_changes(", "sqlite3_total_changes(", "sqlite3_changes)", "sqlite3_total_changes)",
                    "sqlite3_changes,", "sqlite3_total_changes,"]
                where line.contains(name) {
                    uses32.append("\(file): \(line)")
                }
            }
        }
        #expect(uses32 == [])
        #expect(Set(uses64) == ["SQLite/ChangeCounters.swift"])
    }
}
