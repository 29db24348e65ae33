import Foundation
import Testing
@testable import UndraRuntime

/// The README's Score store against its core written on undra-core
/// (rust/undra-core/examples/score_core.rs), built by CI as a shared library and as a process
/// (`UNDRA_SCORE_CORE_LIBRARY`, `UNDRA_SCORE_CORE_EXECUTABLE`): both store modes, both
/// transports, the core's restart with a new epoch, and a store the core does not agree with.
/// With neither set (`swift test` alone) there is no case to run.
@Suite struct ScoreEndToEndTests {
    enum ScoreCore: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case library, process

        static let libraryPath = ProcessInfo.processInfo.environment["UNDRA_SCORE_CORE_LIBRARY"]
        static let executable = ProcessInfo.processInfo.environment["UNDRA_SCORE_CORE_EXECUTABLE"]
        static var available: [ScoreCore] {
            allCases.filter { $0 == .library ? libraryPath != nil : executable != nil }
        }

        var testDescription: String { rawValue }

        /// A `Core` reaching a new instance of the core at each connection.
        func core() throws -> Core {
            let options = Core.Options(reconnect: ReconnectPolicy(initialDelay: .milliseconds(5), maximumDelay: .milliseconds(50), jitter: 0))
            switch self {
            case .library:
                return Core(transport: InProcessTransport(functions: try InProcessCoreFunctions.load(library: Self.libraryPath!)), options: options)
            case .process:
                return Core(transport: .childProcess(executable: Self.executable!), options: options)
            }
        }
    }

    static let cases = ScoreCore.available.flatMap { core in StoreMode.allCases.map { (core, $0) } }

    func store(_ mode: StoreMode, _ core: Core) -> any ScoreStore {
        switch mode {
        case .fineGrained: Score(core: core)
        case .coarse: ScoreObject(core: core)
        }
    }

    func live(_ core: Core, _ score: any ScoreStore) async -> Bool {
        await eventually {
            if case .live = core.connection.state { score.runtime.mirror.position != nil } else { false }
        }
    }

    @Test(arguments: cases) func commandsReturnTheirResultOnceTheTotalShowsIt(_ reference: ScoreCore, _ mode: StoreMode) async throws {
        let core = try reference.core()
        let score = store(mode, core)
        let log = await ConnectionLog(core)
        defer { log.cancel() }
        core.startConnecting()
        #expect(await live(core, score))
        #expect(score.total == 0)
        for points in 1...100 {
            let total = try await score.add(points)
            #expect(total == points * (points + 1) / 2)
            #expect(score.total == total)
        }
        await #expect(throws: CommandError<ScoreRefused>.failed(ScoreRefused(reason: "5050 + 9223372036854775807 overflows"))) {
            _ = try await score.add(.max)
        }
        #expect(score.total == 5_050)
        #expect(score.runtime.errors.count == 0)
        #expect(log.kinds == ["disconnected not started", "connecting 1", "resyncing attach", "live"])
        core.disconnect()
    }

    @Test(arguments: cases) func aRestartedCoreTakesANewEpochAndTheStoreFollowsItsSnapshot(_ reference: ScoreCore, _ mode: StoreMode) async throws {
        let core = try reference.core()
        let score = store(mode, core)
        core.startConnecting()
        #expect(await live(core, score))
        _ = try await score.add(7)
        let epoch = try #require(score.runtime.mirror.position?.epoch)
        // A new connection starts a new instance (created again in process, started again as a
        // process): it holds nothing, and its epoch, from the clock, is greater.
        core.disconnect()
        #expect(await eventually { core.connection.state == .disconnected(.stopped, nextRetry: nil) })
        core.startConnecting()
        #expect(await eventually { (score.runtime.mirror.position?.epoch ?? 0) > epoch })
        #expect(await live(core, score))
        #expect(score.total == 0)
        #expect(score.runtime.mirror.position?.sequence == 1)
        #expect(try await score.add(2) == 2)
        #expect(score.runtime.errors.count == 0)
        core.disconnect()
    }

    @Test(arguments: ScoreCore.available) func aStoreTheCoreDoesNotAgreeWithFailsNamingTheField(_ reference: ScoreCore) async throws {
        let core = try reference.core()
        let score = MistypedScore(core: core)
        core.startConnecting()
        let expected = SchemaMismatch(
            store: 0, hostHash: MistypedScore.wire.hash, coreHash: ScoreSchema.wire.hash,
            difference: "field 0 (total): the host has scalar string, the core has scalar i64")
        #expect(await eventually { core.connection.state == .failed(.schemaMismatch(expected)) })
        #expect(score.runtime.errors.recent == [.core(code: "3", message: ScoreSchema.wire.description)])
        core.disconnect()
    }
}
