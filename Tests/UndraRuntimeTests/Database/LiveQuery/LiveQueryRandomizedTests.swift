import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// 2,000 random inserts, updates and deletes (many of them moving rows in the order), each checked
/// against re-running the live queries' SQL, in a fine-grained and a coarse store at once.
@Suite struct LiveQueryRandomizedTests {
    /// Incremental: mixed-type priorities (integers, reals, NULLs), descending with NULLs last,
    /// titles compared without case, the id last so that the order is total.
    static let incrementalSQL = """
        SELECT id, title, done, priority FROM task WHERE done = 0 AND title <> 'hidden'
        ORDER BY priority DESC NULLS LAST, title COLLATE NOCASE, id
        """
    /// Re-query (LIMIT): the first 40 by title.
    static let requerySQL = "SELECT id, title, done, priority FROM task WHERE priority IS NOT NULL ORDER BY title, id LIMIT 40"

    private static let titles = ["apple", "Apple", "banana", "BANANA", "cherry", "cherry ", "date", "Éclair", "fig", "hidden", "a", "B"]

    @Test(arguments: [UInt64(1), 2])
    func twoThousandRandomChangesInBothModes(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        var random = KeyedListSeededGenerator(seed: seed)
        for _ in 0..<60 { try db.insertTask(Self.titles.randomElement(using: &random)!, priority: Self.priority(&random)) }

        let fine = TaskStore(), coarse = TaskStoreObject()
        let fineFeed = LiveQueryFeed(database: db, runtime: fine.runtime)
        let coarseFeed = LiveQueryFeed(database: db, runtime: coarse.runtime)
        for feed in [fineFeed, coarseFeed] {
            try feed.add(TaskSchema.open, query: Self.incrementalSQL, key: "id")
            try feed.add(TaskSchema.other, query: Self.requerySQL, key: "id")
        }
        #expect(fineFeed.path(of: TaskSchema.open) == .incremental(table: "task"))
        #expect(fineFeed.path(of: TaskSchema.other) == .requery(reason: "it has a LIMIT"))

        // Announcements: one per change of each list, in each mode.
        let fineOpen = CallCounter(), fineOther = CallCounter(), coarseOpen = CallCounter(), coarseOther = CallCounter()
        let willChange = CallCounter()
        let tokens = [
            observe({ fine.open }, onChange: { _ in fineOpen.bump() }),
            observe({ fine.other }, onChange: { _ in fineOther.bump() }),
        ]
        var cancellables: Set<AnyCancellable> = []
        coarse.$open.dropFirst().sink { _ in coarseOpen.bump() }.store(in: &cancellables)
        coarse.$other.dropFirst().sink { _ in coarseOther.bump() }.store(in: &cancellables)
        coarse.objectWillChange.sink { willChange.bump() }.store(in: &cancellables)
        defer { tokens.forEach { $0.cancel() } }

        var expectedOpen = try db.query(Self.incrementalSQL, as: TaskRow.self)
        var expectedOther = try db.query(Self.requerySQL, as: TaskRow.self)
        var openChanges = 0, otherChanges = 0, frames = 0
        for step in 0..<2_000 {
            let description = try Self.randomChange(db, &random)
            fineFeed.waitUntilCurrent()
            coarseFeed.waitUntilCurrent()
            let open = try db.query(Self.incrementalSQL, as: TaskRow.self)
            let other = try db.query(Self.requerySQL, as: TaskRow.self)
            if open != expectedOpen { openChanges += 1 }
            if other != expectedOther { otherChanges += 1 }
            if open != expectedOpen || other != expectedOther { frames += 1 }
            expectedOpen = open
            expectedOther = other
            for (list, name) in [(fine.open, "fine open"), (coarse.open, "coarse open")] where Array(list) != open || Array(list.keys) != open.map(\.id) {
                Issue.record("step \(step) (\(description)), \(name): \(list.titles) instead of \(open.map(\.description))")
                return
            }
            for (list, name) in [(fine.other, "fine other"), (coarse.other, "coarse other")] where Array(list) != other {
                Issue.record("step \(step) (\(description)), \(name): \(list.titles) instead of \(other.map(\.description))")
                return
            }
        }
        #expect(openChanges > 500)
        #expect(fineOpen.count == openChanges)
        #expect(coarseOpen.count == openChanges)
        #expect(fineOther.count == otherChanges)
        #expect(coarseOther.count == otherChanges)
        #expect(willChange.count == frames)
        #expect(fine.runtime.errors.count == 0 && coarse.runtime.errors.count == 0)
    }

    private static func priority(_ random: inout KeyedListSeededGenerator) -> DatabaseValue {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .null
        case 1: .real(Double(Int.random(in: -6...6, using: &random)) / 2)
        default: .integer(Int64.random(in: -3...3, using: &random))
        }
    }

    /// Makes one random change; returns what it did.
    private static func randomChange(_ db: SQLiteDbAdapter, _ random: inout KeyedListSeededGenerator) throws -> String {
        let ids = try db.column("SELECT id FROM task", as: Int64.self)
        let id: DatabaseValue = .integer(ids.randomElement(using: &random) ?? 1)
        let title: DatabaseValue = .text(titles.randomElement(using: &random)!)
        let priority = priority(&random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<28:
            try db.insertTask(titles.randomElement(using: &random)!, done: Int.random(in: 0..<5, using: &random) == 0, priority: priority)
            return "insert"
        case 28..<43:
            try db.execute("UPDATE task SET title = ? WHERE id = ?", [title, id])
            return "retitle \(id)"
        case 43..<63:
            try db.execute("UPDATE task SET priority = ? WHERE id = ?", [priority, id])
            return "reprioritize \(id)"
        case 63..<73:
            try db.execute("UPDATE task SET done = 1 - done WHERE id = ?", [id])
            return "toggle \(id)"
        case 73..<84:
            try db.execute("DELETE FROM task WHERE id = ?", [id])
            return "delete \(id)"
        case 84..<88:
            try db.execute("UPDATE task SET priority = priority + 1 WHERE priority < ?", [priority])
            return "bump below \(priority)"
        case 88..<94:
            try db.transaction {
                try db.insertTask("batch", priority: priority)
                try db.execute("UPDATE task SET title = ? WHERE id = ?", [title, id])
                try db.execute("UPDATE task SET priority = NULL WHERE id = (SELECT min(id) FROM task)")
            }
            return "transaction"
        case 94..<97:
            try? db.transaction {
                try db.execute("UPDATE task SET title = 'rolled back'")
                throw Rollback()
            }
            return "rolled back"
        case 97:
            // A new row id for a row: the update hook reports only the new one.
            try db.execute("UPDATE task SET id = (SELECT max(id) + 1 FROM task) WHERE id = ?", [id])
            return "renumber \(id)"
        case 98:
            // A REPLACE deletes the row it replaces without the update hook hearing of it.
            try db.execute("REPLACE INTO task(id, title, done, priority) VALUES (?, ?, 0, ?)", [id, title, priority])
            return "replace \(id)"
        default:
            try db.execute("DELETE FROM task WHERE priority IS NULL AND id % 7 = 0")
            return "delete some"
        }
    }

    /// A list keyed by a column that is not the row id: rows change keys, and row ids, under it.
    struct CodedRow: RowDecodable, Equatable, Sendable {
        var code: String
        var rank: Int64
        init(row: borrowing StatementRow) throws(DatabaseError) {
            code = try row.decode(at: 0)
            rank = try row.decode(at: 1)
        }
    }

    @Test func aKeyThatIsNotTheRowID() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, rank INTEGER NOT NULL)")
        let sql = "SELECT code, rank FROM item WHERE rank < 8 ORDER BY rank, code"
        let field = ListField<String, CodedRow>(id: 0, name: "items")
        let runtime = StoreRuntime(name: "Items", fields: [field])
        let feed = LiveQueryFeed(database: db, runtime: runtime)
        try feed.add(field, query: sql, key: "code")
        #expect(feed.path(of: field) == .incremental(table: "item"))
        var random = KeyedListSeededGenerator(seed: 3)
        var nextCode = 0
        func code() -> DatabaseValue {
            nextCode += 1
            return .text("c\(nextCode)")
        }
        for step in 0..<800 {
            let ids = try db.column("SELECT id FROM item", as: Int64.self)
            let id: DatabaseValue = .integer(ids.randomElement(using: &random) ?? 0)
            let rank: DatabaseValue = .integer(.random(in: 0..<10, using: &random))
            switch ids.count < 5 ? 0 : Int.random(in: 0..<6, using: &random) {
            case 0, 1: try db.execute("INSERT INTO item(code, rank) VALUES (?, ?)", [code(), rank])
            case 2: try db.execute("UPDATE item SET rank = ? WHERE id = ?", [rank, id])
            case 3: try db.execute("UPDATE item SET code = ? WHERE id = ?", [code(), id])
            case 4: try db.execute("UPDATE item SET id = (SELECT max(id) + 1 FROM item) WHERE id = ?", [id])
            default: try db.execute("DELETE FROM item WHERE id = ?", [id])
            }
            feed.waitUntilCurrent()
            let expected = try db.query(sql, as: CodedRow.self)
            let list = runtime.mirror[field]
            guard Array(list) == expected, list.keys.elementsEqual(expected.map(\.code)) else {
                Issue.record("step \(step): \(list.map(\.code)) instead of \(expected.map(\.code))")
                return
            }
        }
        #expect(runtime.errors.count == 0)
    }
}
