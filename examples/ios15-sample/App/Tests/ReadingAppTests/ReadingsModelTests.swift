import Testing
import UndraRuntime
import UndraTesting
import ReadingKit
import ReadingApp

/// The view model over the store, with UndraTesting playing the core: the app's own generated
/// store and core type run unchanged.
@MainActor @Test func addingShowsTheItemOrTheCoresError() async throws {
    let testCore = TestCore()
    let script = testCore.store(
        0, schema: ReadingsSchema.wire, snapshot: [.reset(ReadingsSchema.items, []), .set(ReadingsSchema.remaining, 0)])
    let core = ReadingCore(transport: testCore)
    let model = ReadingsModel(store: Readings(core: core))
    try await core.core.connect()
    #expect(model.titles == [])

    async let added: Void = model.add(title: "milk")
    await script.receive(.add(title: "milk"))
    let milk = Reading(id: ReadingId(1), title: "milk", done: false)
    await script.answer(.add(.success(milk.id)), ops: [.insert(ReadingsSchema.items, [(milk.id, milk)]), .set(ReadingsSchema.remaining, 1)])
    await added
    #expect(model.titles == ["milk"])
    #expect(model.remaining == 1)
    #expect(model.message == "")

    async let refused: Void = model.add(title: "")
    await script.receive(.add(title: ""))
    await script.answer(.add(.failure(.emptyTitle)))
    await refused
    #expect(model.message == "failed: emptyTitle")
    #expect(model.titles == ["milk"])
    await testCore.finish()
}

/// The real core, linked into the app as an iOS app links it (the C module over the Rust library):
/// `try! Readings()` starts it in this process.
@MainActor @Test func theLinkedCoreAddsTogglesAndRefuses() async throws {
    let store = try Readings()
    try await store.core.core.connect()
    let model = ReadingsModel(store: store)
    await model.add(title: "tea")
    #expect(model.titles == ["tea"])
    #expect(model.remaining == 1)
    await model.toggle(store.items[0].id)
    #expect(model.remaining == 0)
    await model.add(title: " ")
    #expect(model.message == "failed: emptyTitle")
    #expect(model.titles == ["tea"])
}
