import Testing
@testable import UndraRuntime

/// A store whose schema is not the core's: the core answers its attach with its own description,
/// and the connection fails naming the first difference, through every core that describes its
/// schema (the fake through each transport, the Rust reference core when CI builds it).
@Suite struct SchemaMismatchTests {
    /// The Todos store with `filter` and `count` under each other's ids (see SchemaDescriptionTests).
    final class SwappedTodos: UndraStore, @unchecked Sendable {  // @unchecked: only `let`s.
        let runtime = StoreRuntime(name: "Todos", schema: SchemaDescriptionTests.SwappedTodosSchema.wire)
        let commands: CommandChannel<TodoCommand, TodosOutcome>
        init(core: Core) {
            let runtime = runtime
            commands = core.attach(runtime, index: 0, schema: SchemaDescriptionTests.SwappedTodosSchema.wire)
        }
    }

    static let cores = ReferenceCore.available.filter { $0 != .fakeInProcessThreaded }

    @Test(arguments: cores) func theConnectionFailsNamingTheFirstFieldThatDiffers(_ reference: ReferenceCore) async throws {
        let (core, cleanup) = try reference.start(persistent: false)
        defer { cleanup() }
        let store = SwappedTodos(core: core)
        let log = await ConnectionLog(core)
        defer { log.cancel() }
        core.startConnecting()
        let expected = SchemaMismatch(
            store: 0, hostHash: SchemaDescriptionTests.SwappedTodosSchema.wire.hash, coreHash: TodosSchema.wire.hash,
            difference: "field 1: the host has count scalar i64, the core has filter scalar string")
        #expect(await eventually { core.connection.state == .failed(.schemaMismatch(expected)) })
        #expect(store.runtime.mirror.position == nil, "no snapshot applied")
        #expect(store.runtime.errors.recent == [.core(code: "3", message: TodosSchema.wire.description)])
        #expect(await eventually { log.kinds.last == "failed \(expected)" })  // the log's stream lags the state
        #expect(log.kinds.suffix(2) == ["resyncing attach", "failed \(expected)"])
        await #expect(throws: CommandError<TodoError>.notConnected) {
            _ = try await store.commands.call(.add(title: "tea")) { _ in Result<TodoID, TodoError>?.none }
        }
    }

    @Test func aCoreErrorOfTheCodeButNoDescriptionIsOnlyReported() async throws {
        let transport = ScriptedTransport()
        let core = Core(transport: transport)
        let todos = Todos(core: core)
        core.startConnecting()
        #expect(await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) })
        transport.session!.deliver(CoreMessages.error(store: 0, code: CoreError.schemaMismatchCode, "not a description"))
        // The drain may be another thread's (the one that opened the session) when it comes.
        #expect(await eventually { todos.runtime.errors.recent == [.core(code: "3", message: "not a description")] })
        #expect(core.connection.state == .resyncing(.attach))
        core.disconnect()
    }
}
