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
    static let hash: UInt64 = 0x7D05
}

/// The commands the store's methods send to the core.
enum TodoCommand: Hashable, Sendable {
    case add(title: String)
    case toggle(TodoID)
    case setFilter(String)
}

/// Fine-grained mode: `track`, `observe`, SwiftUI on iOS 17+ (`@State var todos = Todos(…)`).
///
/// @unchecked Sendable: every stored property is a `let` or a `@Mirrored` field, whose (`var`)
/// backing storage has no setter and is never written after `init`; the data itself lives in
/// the runtime's mirror, behind its lock.
final class Todos: UndraStore, Trackable, @unchecked Sendable {
    let runtime = StoreRuntime(name: "Todos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    var registrar: Registrar { runtime.registrar }
    private let send: @Sendable (TodoCommand) -> Void

    init(send: @escaping @Sendable (TodoCommand) -> Void) { self.send = send }

    @Mirrored(TodosSchema.visible) var visible      // KeyedList<TodoID, Todo>; also $visible
    @Mirrored(TodosSchema.filter) var filter
    @Mirrored(TodosSchema.count) var count
    @Mirrored(TodosSchema.lastEvent) var lastEvent

    func add(title: String) { send(.add(title: title)) }
    func toggle(_ id: TodoID) { send(.toggle(id)) }
    func setFilter(_ filter: String) { send(.setFilter(filter)) }
}

/// Coarse mode: UIKit, callbacks, SwiftUI on iOS 15/16 (`@StateObject`). The same fields and
/// commands over the same runtime; only the conformance differs.
final class TodosObject: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as `Todos`.
    let runtime = StoreRuntime(name: "Todos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
    private let send: @Sendable (TodoCommand) -> Void

    init(send: @escaping @Sendable (TodoCommand) -> Void) { self.send = send }

    @Mirrored(TodosSchema.visible) var visible
    @Mirrored(TodosSchema.filter) var filter
    @Mirrored(TodosSchema.count) var count
    @Mirrored(TodosSchema.lastEvent) var lastEvent

    func add(title: String) { send(.add(title: title)) }
    func toggle(_ id: TodoID) { send(.toggle(id)) }
    func setFilter(_ filter: String) { send(.setFilter(filter)) }
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
