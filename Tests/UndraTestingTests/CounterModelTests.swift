import Testing
import UndraRuntime
import UndraTesting

// docs/TESTING.md's example test, as the guide shows it.

@MainActor @Test func incrementingShowsTheNewCountOrTheCoresError() async throws {
    let testCore = TestCore()
    let counterCore = testCore.store(0, schema: CounterSchema.wire, snapshot: [.set(CounterSchema.count, 41)])
    let core = Core(transport: testCore)                // the app's own Core, store and commands
    let model = CounterModel(counter: Counter(core: core))
    try await core.connect()                            // answered with the scripted snapshot
    #expect(model.counter.count == 41)

    async let tapped: Void = model.incrementTapped()
    await counterCore.receive(.increment(by: 1))        // exactly the command the tap sent
    await counterCore.answer(.increment(.success(42)), ops: [.set(CounterSchema.count, 42)])
    await tapped
    #expect(model.status == "now 42")
    #expect(model.counter.count == 42)

    async let tappedAgain: Void = model.incrementTapped()
    await counterCore.receive(.increment(by: 1))
    await counterCore.answer(.increment(.failure(.overflow)))
    await tappedAgain
    #expect(model.status == "failed: overflow")
    #expect(model.counter.count == 42)
    await testCore.finish()                             // nothing unreceived, nothing unanswered
}
