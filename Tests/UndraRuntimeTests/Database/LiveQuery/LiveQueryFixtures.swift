import Dispatch
import UndraRuntime
import UndraSQLite

/// A task as the live queries of the tests read it.
struct TaskRow: RowDecodable, Equatable, Sendable, CustomStringConvertible {
    var id: Int64
    var title: String
    var done: Bool
    var priority: DatabaseValue

    init(id: Int64, title: String, done: Bool = false, priority: DatabaseValue = .null) {
        self.id = id
        self.title = title
        self.done = done
        self.priority = priority
    }

    init(row: borrowing StatementRow) throws(DatabaseError) {
        id = try row.decode(at: 0)
        title = try row.decode(at: 1)
        done = try row.decode(at: 2)
        priority = try row.value(at: 3)
    }

    var description: String { "\(id):\(title)" }
}

enum TaskSchema {
    static let open = ListField<Int64, TaskRow>(id: 0, name: "open")
    static let other = ListField<Int64, TaskRow>(id: 1, name: "other")
    static let fields: [any FieldDeclaration] = [open, other]
    static let hash: UInt64 = 0x7A5C
}

/// The fine-grained store the live query tests feed.
final class TaskStore: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: see Todos.
    let runtime = StoreRuntime(name: "Tasks", schemaHash: TaskSchema.hash, fields: TaskSchema.fields)
    var registrar: Registrar { runtime.registrar }
    @Mirrored(TaskSchema.open) var open
    @Mirrored(TaskSchema.other) var other
}

/// The same store in the coarse mode.
final class TaskStoreObject: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as above.
    let runtime = StoreRuntime(name: "Tasks", schemaHash: TaskSchema.hash, fields: TaskSchema.fields)
    var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
    @Mirrored(TaskSchema.open) var open
    @Mirrored(TaskSchema.other) var other
}

extension SQLiteDbAdapter {
    /// A database with the tests' `task` table.
    static func tasks(in folder: TemporaryFolder) throws -> SQLiteDbAdapter {
        let db = try folder.database()
        try db.execute("""
            CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, priority);
            CREATE INDEX task_open ON task(done, priority);
            """)
        return db
    }

    /// Inserts a task; returns its id.
    @discardableResult
    func insertTask(_ title: String, done: Bool = false, priority: DatabaseValue = .null) throws -> Int64 {
        try transaction { () throws -> Int64 in
            try execute("INSERT INTO task(title, done, priority) VALUES (?, ?, ?)", [.text(title), done.databaseValue, priority])
            return try lastInsertRowID()
        }
    }
}

extension KeyedList where Row == TaskRow {
    /// The rows, as `id:title` strings.
    var titles: [String] { map(\.description) }
}
