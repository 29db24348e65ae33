#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import UndraRuntime

// The Score store of README.md, served by rust/undra-core/examples/score_core.rs: one field, one
// command. In both modes, and in a third form whose `total` the core does not agree with.

// Its types are Codable, as README.md declares them: the end-to-end tests against the Rust Score
// core run the Codable path both ways, and its traced shapes give the hash the crate computes.

/// `enum ScoreCommand { Add(i64) }`
enum ScoreCommand: Codable, WireCodable, Sendable {
    case add(Int)
    enum CodingKeys: Int, CodingKey { case add }
}

/// `struct ScoreRefused(String)`
struct ScoreRefused: Error, Hashable, Codable, WireCodable {
    var reason: String
}

/// `enum ScoreOutcome { Add(Result<i64, ScoreRefused>) }`
enum ScoreOutcome: Codable, WireCodable, Sendable {
    case add(WireResult<Int, ScoreRefused>)
    enum CodingKeys: Int, CodingKey { case add }
}

enum ScoreSchema {
    static let total = Field<Int>(id: 0, name: "total", initial: 0)
    static let wire = WireSchema<ScoreCommand, ScoreOutcome>(store: "Score", fields: [total])
}

/// The Score store in either mode, as the scenarios use it.
protocol ScoreStore: UndraStore, Sendable {
    init(core: Core)
    var total: Int { get }
    var commands: CommandChannel<ScoreCommand, ScoreOutcome> { get }
}

extension ScoreStore {
    /// Store 0 of the app.
    static func attach(_ runtime: StoreRuntime, to core: Core) -> CommandChannel<ScoreCommand, ScoreOutcome> {
        core.attach(runtime, index: 0, schema: ScoreSchema.wire)
    }

    /// The new total, once `total` shows it.
    func add(_ points: Int) async throws(CommandError<ScoreRefused>) -> Int {
        try await commands.call(.add(points)) { if case .add(let outcome) = $0 { outcome.result } else { nil } }
    }
}

/// Fine-grained. (`@unchecked Sendable`: only `let`s and a `@Mirrored` field, never written after `init`.)
final class Score: ScoreStore, Trackable, @unchecked Sendable {
    let runtime = StoreRuntime(name: "Score", schema: ScoreSchema.wire)
    var registrar: Registrar { runtime.registrar }
    let commands: CommandChannel<ScoreCommand, ScoreOutcome>

    init(core: Core) {
        let runtime = runtime
        commands = Self.attach(runtime, to: core)
    }

    @Mirrored(ScoreSchema.total) var total
}

/// Coarse: the same store as an `ObservableObject`. (`@unchecked Sendable`: as `Score`.)
final class ScoreObject: ScoreStore, ObservableObject, @unchecked Sendable {
    let runtime = StoreRuntime(name: "Score", schema: ScoreSchema.wire)
    var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
    let commands: CommandChannel<ScoreCommand, ScoreOutcome>

    init(core: Core) {
        let runtime = runtime
        commands = Self.attach(runtime, to: core)
    }

    @Mirrored(ScoreSchema.total) var total
}

/// A Score store whose `total` is a string: not the core's schema.
final class MistypedScore: UndraStore, @unchecked Sendable {  // @unchecked: only `let`s.
    static let total = Field<String>(id: 0, name: "total", initial: "")
    static let wire = WireSchema<ScoreCommand, ScoreOutcome>(store: "Score", fields: [total])
    let runtime = StoreRuntime(name: "Score", schema: MistypedScore.wire)
    let commands: CommandChannel<ScoreCommand, ScoreOutcome>

    init(core: Core) {
        let runtime = runtime
        commands = core.attach(runtime, index: 0, schema: Self.wire)
    }
}
