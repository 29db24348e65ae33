import UndraRuntime
import UndraTesting
import XCTest

/// Under XCTest, a test core's failures are XCTest failures of the running test case, at the
/// line of the step that found them. This case keeps them instead of failing, to check them.
final class TestCoreXCTestReportingTests: XCTestCase {
    private var failures: [(description: String, line: Int)] = []

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append((description, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        failures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #endif

    func testAFailureIsAnXCTestFailureAtTheStep() async throws {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire)
        let core = Core(transport: testCore)
        let counter = Counter(core: core)
        try await core.connect()
        let line = #line; await counterCore.receive(.increment(by: 1), timeout: .milliseconds(20))
        XCTAssertEqual(failures.map(\.description), ["failed - store 0: expected the command increment(by: 1); the app sent none within 20ms"])
        XCTAssertEqual(failures.map(\.line), [line])
        await testCore.finish()
        XCTAssertEqual(failures.count, 1)
        _ = counter
    }
}
