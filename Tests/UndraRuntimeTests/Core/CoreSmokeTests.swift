import Testing
@testable import UndraRuntime

@Suite struct CoreSmokeTests {
    @Test func addOverTheFakeInProcessCore() async throws {
        let (core, _) = Core.fakeInProcess()
        let todos = Todos(core: core)
        core.connect()
        #expect(await eventually { if case .live = core.connection.state { true } else { false } })
        let id = try await todos.add(title: "tea")
        #expect(id == TodoID(rawValue: 1))
        #expect(todos.visible.map(\.title) == ["tea"])
        core.disconnect()
    }
}
