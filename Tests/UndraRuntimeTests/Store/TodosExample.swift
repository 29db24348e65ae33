#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import UndraRuntime

// The example store of docs/STORES.md, written the way generated code writes it, in both modes.

struct TodoID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int
    var description: String { "\(rawValue)" }
}

struct Todo: Identifiable, Hashable, Sendable {
    let id: TodoID
    var title: String
    var done = false
}

/// The schema: each field declared once, with a small integer id.
enum TodosSchema {
    static let visible = ListField<TodoID, Todo>(id: 0, name: "visible")
    static let filter = Field<String>(id: 1, name: "filter", initial: "all")
    static let count = Field<Int>(id: 2, name: "count", initial: 0)
    static let lastEvent = Field<String>(id: 3, name: "lastEvent", initial: "", coalesces: false)

    static let fields: [any FieldDeclaration] = [visible, filter, count, lastEvent]
    /// The hash its snapshots carry: its wire schema's (Wire/TodosWire.swift).
    static var hash: UInt64 { wire.hash }
}

/// The commands the store's methods send to the core.
enum TodoCommand: Hashable, Sendable {
    case add(title: String)
    case toggle(TodoID)
    case setFilter(String)
}

/// Both modes, declared once: fine-grained (`track`, `observe`, SwiftUI on iOS 17+ with
/// `@State var todos = Todos(…)`) and coarse (`objectWillChange`, `$visible`, SwiftUI on iOS
/// 15/16 with `@StateObject`), with no member for either: `UndraStore` gives both.
///
/// Its commands are awaited method calls: each returns the command's result (or throws its
/// error) once the frame that made its effects visible has been applied, so `visible` already
/// shows them. `send(_:)` is the fire-and-forget form.
///
/// @unchecked Sendable: every stored property is a `let` or a `@Mirrored` field, whose (`var`)
/// backing storage has no setter and is never written after `init`; the data itself lives in
/// the runtime's mirror, behind its lock.
final class Todos: UndraStore, Trackable, ObservableObject, @unchecked Sendable {
    let runtime = StoreRuntime(name: "Todos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    let commands: CommandChannel<TodoCommand, TodosOutcome>

    /// A store fed by hand: its commands go to `send`.
    init(send: @escaping @Sendable (TodoCommand) -> Void) { commands = CommandChannel(standIn: send) }

    /// The app's store 0, attached to `core`.
    init(core: Core) {
        let runtime = runtime
        commands = core.attach(runtime, index: 0, schema: TodosSchema.wire)
    }

    @Mirrored(TodosSchema.visible) var visible      // KeyedList<TodoID, Todo>; also $visible
    @Mirrored(TodosSchema.filter) var filter
    @Mirrored(TodosSchema.count) var count
    @Mirrored(TodosSchema.lastEvent) var lastEvent

    func add(title: String) async throws(CommandError<TodoError>) -> TodoID {
        try await commands.call(.add(title: title)) { if case .add(let result) = $0 { result } else { nil } }
    }

    func toggle(_ id: TodoID) async throws(CommandError<TodoError>) {
        _ = try await commands.call(.toggle(id)) { if case .toggle(let result) = $0 { result } else { nil } }
    }

    func setFilter(_ filter: String) async throws(CommandError<TodoError>) {
        _ = try await commands.call(.setFilter(filter)) { if case .setFilter(let result) = $0 { result } else { nil } }
    }

    /// Sends a command without waiting for its ack.
    @discardableResult func send(_ command: TodoCommand) -> CommandID? { commands.send(command) }
}

/// Coarse mode only, with its member written out (as stores were before `UndraStore` gave it):
/// UIKit, callbacks, SwiftUI on iOS 15/16 (`@StateObject`). The same fields and commands over
/// the same runtime; a declared `objectWillChange` is kept over the default.
final class TodosObject: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as `Todos`.
    let runtime = StoreRuntime(name: "Todos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
    let commands: CommandChannel<TodoCommand, TodosOutcome>

    init(send: @escaping @Sendable (TodoCommand) -> Void) { commands = CommandChannel(standIn: send) }

    init(core: Core) {
        let runtime = runtime
        commands = core.attach(runtime, index: 0, schema: TodosSchema.wire)
    }

    @Mirrored(TodosSchema.visible) var visible
    @Mirrored(TodosSchema.filter) var filter
    @Mirrored(TodosSchema.count) var count
    @Mirrored(TodosSchema.lastEvent) var lastEvent

    func add(title: String) async throws(CommandError<TodoError>) -> TodoID {
        try await commands.call(.add(title: title)) { if case .add(let result) = $0 { result } else { nil } }
    }

    func toggle(_ id: TodoID) async throws(CommandError<TodoError>) {
        _ = try await commands.call(.toggle(id)) { if case .toggle(let result) = $0 { result } else { nil } }
    }

    func setFilter(_ filter: String) async throws(CommandError<TodoError>) {
        _ = try await commands.call(.setFilter(filter)) { if case .setFilter(let result) = $0 { result } else { nil } }
    }

    @discardableResult func send(_ command: TodoCommand) -> CommandID? { commands.send(command) }
}

/// A stand-in for the Rust core: keeps the todos, answers each command with the frame that
/// makes its effect visible, numbered in sequence.
final class FakeTodoCore: @unchecked Sendable {  // @unchecked: driven from one thread in tests.
    private(set) var sequence: UInt64 = 0
    private var todos: [Todo] = []
    private var nextID = 1
    let epoch: UInt64 = 1

    func snapshot(_ titles: [String] = []) -> Frame {
        todos = titles.map { title in
            defer { nextID += 1 }
            return Todo(id: TodoID(rawValue: nextID), title: title)
        }
        sequence += 1
        return Frame(
            epoch: epoch, sequence: sequence, isSnapshot: true, schemaHash: TodosSchema.hash,
            ops: [.reset(TodosSchema.visible, todos.map { (key: $0.id, row: $0) }), .set(TodosSchema.count, todos.count)])
    }

    func frame(answering command: TodoCommand) -> Frame {
        sequence += 1
        switch command {
        case .add(let title):
            let todo = Todo(id: TodoID(rawValue: nextID), title: title)
            nextID += 1
            todos.append(todo)
            return Frame(epoch: epoch, sequence: sequence, ops: [
                .insert(TodosSchema.visible, [(key: todo.id, row: todo)]), .set(TodosSchema.count, todos.count),
                .set(TodosSchema.lastEvent, "added \(title)"),
            ])
        case .toggle(let id):
            guard let index = todos.firstIndex(where: { $0.id == id }) else {
                return Frame(epoch: epoch, sequence: sequence, ops: [])
            }
            todos[index].done.toggle()
            return Frame(epoch: epoch, sequence: sequence, ops: [
                .update(TodosSchema.visible, id, todos[index]), .set(TodosSchema.lastEvent, "toggled \(id)"),
            ])
        case .setFilter(let filter):
            return Frame(epoch: epoch, sequence: sequence, ops: [.set(TodosSchema.filter, filter)])
        }
    }
}
