import UndraRuntime
import UndraTesting
import XCTest

// docs/TESTING.md's example test in XCTest, as the guide shows it.

final class CounterModelXCTests: XCTestCase {
    @MainActor func testIncrementingShowsTheNewCount() async throws {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire, snapshot: [.set(CounterSchema.count, 41)])
        let core = Core(transport: testCore)
        let model = CounterModel(counter: Counter(core: core))
        try await core.connect()
        async let tapped: Void = model.incrementTapped()
        await counterCore.receive(.increment(by: 1))
        await counterCore.answer(.increment(.success(42)), ops: [.set(CounterSchema.count, 42)])
        await tapped
        XCTAssertEqual(model.status, "now 42")
        XCTAssertEqual(model.counter.count, 42)
        await testCore.finish()
    }
}
