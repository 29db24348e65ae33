import Testing
@testable import UndraRuntime

/// The in-process transport: a core's C functions, loaded or passed, each connection one core
/// instance, destroyed when it ends.
@Suite struct InProcessTransportTests {
    /// A library every process has, and which exports no core.
    #if canImport(Darwin)
    static let systemLibrary = "/usr/lib/libSystem.B.dylib"
    #else
    static let systemLibrary = "libc.so.6"
    #endif

    @Test func aLibraryThatCannotBeLoadedIsUnavailable() {
        #expect {
            _ = try InProcessCoreFunctions.load(library: "/nonexistent/libtodos.so")
        } throws: { error in
            guard case .unavailable(let why) = error as? TransportError else { return false }
            return why.hasPrefix("dlopen /nonexistent/libtodos.so: ")
        }
        #expect(throws: TransportError.unavailable("\(Self.systemLibrary) has no function undra_core_create")) {
            _ = try InProcessCoreFunctions.load(library: Self.systemLibrary)
        }
        #expect(throws: TransportError.unavailable("\(Self.systemLibrary) has no function todos_create")) {
            _ = try InProcessCoreFunctions.load(library: Self.systemLibrary, prefix: "todos")
        }
    }

    @Test func aCoreThatRefusesToStartIsAConnectFailureAndARetry() async {
        let scheduler = ManualScheduler()
        let core = Core(
            transport: InProcessTransport(functions: FakeCoreABI.functions, configuration: Array("--bogus".utf8)),
            options: Core.Options(scheduler: scheduler, random: { 0.5 }))
        core.startConnecting()
        #expect(await eventually { scheduler.delays.count == 1 })
        #expect(core.connection.state == .disconnected(.transport(.connectFailed(operation: "create", errno: 0)), nextRetry: .milliseconds(100)))
    }

    @Test func eachConnectionIsAnInstanceDestroyedWhenItEnds() async throws {
        let (core, memory) = Core.fakeInProcess()
        let todos = Todos(core: core)
        core.startConnecting()
        #expect(await eventually { core.connection.state == .live(epoch: 1, sequence: 1) })
        #expect(memory.instancesAlive == 1)
        _ = try await todos.add(title: "tea")
        core.disconnect()
        #expect(await eventually { memory.instancesAlive == 0 })
        core.startConnecting()
        // The next instance starts from the memory, at the next epoch.
        #expect(await eventually { core.connection.state == .live(epoch: 2, sequence: 1) })
        #expect(todos.titles == ["tea"])
        #expect(memory.instancesAlive == 1)
        core.disconnect()
    }

    @Test func aCoreNobodyHoldsDestroysItsInstance() async throws {
        let memory: FakeTodosCore.Memory
        do {
            let (core, shared) = Core.fakeInProcess()
            memory = shared
            let todos = Todos(core: core)
            core.startConnecting()
            #expect(await eventually { core.connection.state == .live(epoch: 1, sequence: 1) })
            _ = try await todos.add(title: "tea")
        }
        #expect(await eventually { memory.instancesAlive == 0 })
    }

    @Test func aCoreThatDiesIsToldByItsCallbackAndRecreated() async throws {
        let scheduler = ManualScheduler()
        let (core, memory) = Core.fakeInProcess(options: Core.Options(scheduler: scheduler, random: { 0.5 }))
        let todos = Todos(core: core), chaos = Chaos(core: core)
        core.startConnecting()
        #expect(await eventually { core.connection.state.isConnected && chaos.runtime.mirror.position != nil && todos.runtime.mirror.position != nil })
        try await chaos.perform(.dieMidFrame)
        await #expect(throws: CommandError<TodoError>.disconnected) { try await todos.add(title: "tea") }
        #expect(core.connection.state == .disconnected(.transport(.closed), nextRetry: .milliseconds(100)))
        #expect(await eventually { memory.instancesAlive == 0 })
        scheduler.fire()
        #expect(await eventually { core.connection.state == .live(epoch: 2, sequence: 1) })
        #expect(todos.titles == ["tea"])  // applied once, before the core died
    }
}
