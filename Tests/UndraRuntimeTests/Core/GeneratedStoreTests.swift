import Foundation
import Reference15Kit
import ReferenceKit
import Testing
@testable import UndraRuntime

/// The reference core's stores as `undra bindgen` writes them (Tests/Generated: ReferenceKit at
/// the iOS 17 floor, Observation; Reference15Kit at iOS 15, ObservableObject), against every
/// reachable core: the fake in Swift through each transport, and the Rust core in process and as
/// a process when CI builds it. No line of the stores is written by hand.
@Suite struct GeneratedStoreTests {
    enum Kit: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case observation, observableObject
        var testDescription: String { rawValue }
    }

    static let cases = ReferenceCore.available.flatMap { core in Kit.allCases.map { (core, $0) } }

    /// A generated Todos store, whichever package it comes from.
    struct App: Sendable {
        let todos: any GeneratedTodos
        let chaos: any GeneratedChaos
        let core: Core
        let cleanup: @Sendable () -> Void

        static func start(_ reference: ReferenceCore, _ kit: Kit) async throws -> App {
            let (transport, cleanup) = try reference.transport(persistent: false)
            let app: App
            switch kit {
            case .observation:
                let core = ReferenceKit.ReferenceCore(transport: transport, options: ReferenceCore.options)
                app = App(todos: ReferenceKit.Todos(core: core), chaos: ReferenceKit.Chaos(core: core), core: core.core, cleanup: cleanup)
            case .observableObject:
                let core = Reference15Core(transport: transport, options: ReferenceCore.options)
                app = App(todos: Reference15Kit.Todos(core: core), chaos: Reference15Kit.Chaos(core: core), core: core.core, cleanup: cleanup)
            }
            #expect(await eventually {
                if case .live = app.core.connection.state { app.todos.runtime.mirror.position != nil } else { false }
            })
            return app
        }

        func stop() {
            core.disconnect()
            cleanup()
        }
    }

    @Test func bothPackagesDescribeTheRustCoresSchema() throws {
        let golden = try #require(SchemaDescriptionTests.golden["todos"])
        #expect(ReferenceKit.TodosSchema.wire.description == golden.description)
        #expect(ReferenceKit.TodosSchema.wire.hash == golden.hash)
        #expect(Reference15Kit.TodosSchema.wire.hash == golden.hash)
        let chaos = try #require(SchemaDescriptionTests.golden["chaos"])
        #expect(ReferenceKit.ChaosSchema.wire.hash == chaos.hash)
        #expect(Reference15Kit.ChaosSchema.wire.hash == chaos.hash)
        // `LastEvent(NoCoalesce<String>)`: every value kept.
        #expect(!ReferenceKit.TodosSchema.lastEvent.coalesces && ReferenceKit.TodosSchema.count.coalesces)
    }

    @Test func theGeneratedTypesWriteTheRustPeersBytes() throws {
        let vectors = GoldenVectors.load("messages.vectors")
        func bytes(_ name: String) -> [UInt8] { vectors.first { $0.name == name }!.bytes }
        let add = try WireCommand<ReferenceKit.TodosCommand>(wireBytes: bytes("todos.command.add"))
        #expect(add.command == .add(title: "tea"))
        #expect(add.wireBytes == bytes("todos.command.add"))
        #expect(WireCommand(id: add.id, command: Reference15Kit.TodosCommand.add(title: "tea")).wireBytes == bytes("todos.command.add"))
        let frame = try ReferenceKit.TodosSchema.wire.decodeFrame(bytes("todos.snapshot.rows"))
        let mirror = StoreMirror(schemaHash: ReferenceKit.TodosSchema.wire.hash, fields: ReferenceKit.TodosSchema.fields)
        #expect(mirror.apply(frame.frame).applied == 1)
        #expect(mirror[ReferenceKit.TodosSchema.visible].map(\.title) == ["milk", "œufs 🥚"])
        #expect(mirror[ReferenceKit.TodosSchema.visible].first?.id == ReferenceKit.TodoId(1))
    }

    @Test(arguments: cases) func commandsReturnTheirTypedResultsAndErrors(_ reference: ReferenceCore, _ kit: Kit) async throws {
        let app = try await App.start(reference, kit)
        defer { app.stop() }
        try await Self.commands(app.todos)
    }

    static func commands(_ todos: some GeneratedTodos) async throws {
        let milk = try await todos.add(title: "milk")
        let eggs = try await todos.add(title: "eggs")
        #expect(todos.titles == ["milk", "eggs"])
        #expect(todos.count == 2)
        try await todos.toggle(milk)
        #expect(todos.doneTitles == ["milk"])
        try await todos.setFilter("open")
        #expect(todos.filter == "open")
        #expect(todos.titles == ["eggs"])
        #expect(todos.lastEvent == "filter open")
        await #expect(throws: todos.emptyTitleFailure) { _ = try await todos.add(title: "") }
        await #expect(throws: todos.unknownFilterFailure("someday")) { try await todos.setFilter("someday") }
        #expect(todos.titles == ["eggs"])
        #expect(todos.idOfRow(at: 0) == eggs)
        #expect(todos.runtime.errors.count == 0)
    }

    @Test(arguments: cases) func fourThousandCommandsFromFourTasksEachSeeTheirEffect(_ reference: ReferenceCore, _ kit: Kit) async throws {
        let app = try await App.start(reference, kit)
        defer { app.stop() }
        try await Self.fourTasks(app.todos)
    }

    static func fourTasks(_ todos: some GeneratedTodos) async throws {
        let added = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<500 {
                        let title = "\(task)-\(index)"
                        let id = try await todos.add(title: title)
                        #expect(todos.title(of: id) == title)
                        try await todos.toggle(id)
                        #expect(todos.isDone(id))
                    }
                    return 500
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(added == 2_000)
        #expect(todos.count == 2_000)
        #expect(todos.doneTitles.count == 2_000)
        #expect(todos.runtime.errors.count == 0)
    }

    /// `lastEvent` does not coalesce: an observer sees every value the core set, in order, even
    /// when one frame sets several.
    @Test(arguments: cases) func everyEventIsDeliveredInOrder(_ reference: ReferenceCore, _ kit: Kit) async throws {
        let app = try await App.start(reference, kit)
        defer { app.stop() }
        let events = Recorded<String>()
        let token = app.todos.observeEvents { events.append($0) }
        defer { token.cancel() }
        for title in ["milk", "eggs", "tea"] { _ = try await app.todos.add(title: title) }
        try await app.todos.setFilter("done")
        #expect(await eventually { events.values.count == 5 })
        #expect(events.values == ["", "added milk", "added eggs", "added tea", "filter done"])
    }

    @Test(arguments: cases) func aSkippedSequenceNumberIsResyncedAndTheCallStillReturns(_ reference: ReferenceCore, _ kit: Kit) async throws {
        let app = try await App.start(reference, kit)
        defer { app.stop() }
        try await Self.skippedSequence(app.todos, app.chaos)
    }

    static func skippedSequence(_ todos: some GeneratedTodos, _ chaos: some GeneratedChaos) async throws {
        _ = try await todos.add(title: "milk")
        try await chaos.skipSequence()
        let id = try await todos.add(title: "eggs")  // its ack is in the frame rejected for the gap
        #expect(todos.title(of: id) == "eggs")
        #expect(todos.runtime.errors.count == 1)
        _ = try await todos.add(title: "tea")
        #expect(todos.titles == ["milk", "eggs", "tea"])
    }
}

/// Values recorded from any thread.
final class Recorded<Value: Sendable>: @unchecked Sendable {  // @unchecked: `recorded` is reached only under `lock`.
    private let lock = NSLock()
    private var recorded: [Value] = []
    func append(_ value: Value) { lock.withLock { recorded.append(value) } }
    var values: [Value] { lock.withLock { recorded } }
}

/// What the scenarios use of a generated Todos store, whichever package it comes from.
protocol GeneratedTodos: UndraStore, Sendable {
    associatedtype ID: Hashable & Sendable
    associatedtype Failure: Error & Equatable
    func add(title: String) async throws(CommandError<Failure>) -> ID
    func toggle(_ todoId: ID) async throws(CommandError<Failure>)
    func setFilter(_ value: String) async throws(CommandError<Failure>)
    var count: Int64 { get }
    var filter: String { get }
    var lastEvent: String { get }
    var titles: [String] { get }
    var doneTitles: [String] { get }
    func title(of id: ID) -> String?
    func isDone(_ id: ID) -> Bool
    func idOfRow(at index: Int) -> ID?
    var emptyTitleFailure: CommandError<Failure> { get }
    func unknownFilterFailure(_ filter: String) -> CommandError<Failure>
    /// Calls `body` with `lastEvent` now and with each value it takes from now on, in the store's mode.
    func observeEvents(_ body: @escaping @Sendable (String) -> Void) -> AnyCancellable
}

protocol GeneratedChaos: UndraStore, Sendable {
    associatedtype Failure: Error
    func skipSequence() async throws(CommandError<Failure>)
}

extension ReferenceKit.Todos: GeneratedTodos {
    // The list is read under the mirror's lock (see `UndraStore.row` for why).
    var titles: [String] { runtime.mirror.withList(ReferenceKit.TodosSchema.visible) { $0.map(\.title) } }
    var doneTitles: [String] { runtime.mirror.withList(ReferenceKit.TodosSchema.visible) { $0.filter(\.done).map(\.title) } }
    func title(of id: ReferenceKit.TodoId) -> String? { runtime.mirror.withList(ReferenceKit.TodosSchema.visible) { $0[id: id]?.title } }
    func isDone(_ id: ReferenceKit.TodoId) -> Bool { runtime.mirror.withList(ReferenceKit.TodosSchema.visible) { $0[id: id]?.done == true } }
    func idOfRow(at index: Int) -> ReferenceKit.TodoId? { runtime.mirror.withList(ReferenceKit.TodosSchema.visible) { $0.key(at: index) } }
    var emptyTitleFailure: CommandError<ReferenceKit.TodoError> { .failed(.emptyTitle) }
    func unknownFilterFailure(_ filter: String) -> CommandError<ReferenceKit.TodoError> { .failed(.unknownFilter(filter)) }
    func observeEvents(_ body: @escaping @Sendable (String) -> Void) -> AnyCancellable {
        // Trackable: a continuous observation, run again synchronously after each value is set.
        let store = self
        let token = observe { body(store.lastEvent) }
        return AnyCancellable { token.cancel() }
    }
}

extension Reference15Kit.Todos: GeneratedTodos {
    var titles: [String] { runtime.mirror.withList(Reference15Kit.TodosSchema.visible) { $0.map(\.title) } }
    var doneTitles: [String] { runtime.mirror.withList(Reference15Kit.TodosSchema.visible) { $0.filter(\.done).map(\.title) } }
    func title(of id: Reference15Kit.TodoId) -> String? { runtime.mirror.withList(Reference15Kit.TodosSchema.visible) { $0[id: id]?.title } }
    func isDone(_ id: Reference15Kit.TodoId) -> Bool { runtime.mirror.withList(Reference15Kit.TodosSchema.visible) { $0[id: id]?.done == true } }
    func idOfRow(at index: Int) -> Reference15Kit.TodoId? { runtime.mirror.withList(Reference15Kit.TodosSchema.visible) { $0.key(at: index) } }
    var emptyTitleFailure: CommandError<Reference15Kit.TodoError> { .failed(.emptyTitle) }
    func unknownFilterFailure(_ filter: String) -> CommandError<Reference15Kit.TodoError> { .failed(.unknownFilter(filter)) }
    func observeEvents(_ body: @escaping @Sendable (String) -> Void) -> AnyCancellable {
        // ObservableObject: `$lastEvent` publishes the current value at once, then each one set.
        $lastEvent.sink { body($0) }
    }
}

extension ReferenceKit.Chaos: GeneratedChaos {}
extension Reference15Kit.Chaos: GeneratedChaos {}
