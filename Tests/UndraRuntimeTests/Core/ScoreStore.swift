#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import UndraRuntime

// The Score store of README.md, served by rust/undra-core/examples/score_core.rs: one field, one
// command. In both modes, and in a third form whose `total` the core does not agree with.

/// `enum ScoreCommand { Add(i64) }`
enum ScoreCommand: WireCodable, Sendable {
    case add(Int)
    init(from reader: inout WireReader) throws(WireError) {
        _ = try reader.readVariant(of: "ScoreCommand", count: 1)
        self = .add(try Int(from: &reader))
    }
    func encode(to writer: inout WireWriter) {
        writer.writeVariant(0)
        if case .add(let points) = self { points.encode(to: &writer) }
    }
    static var wireShape: WireShape { .enumeration([WireVariant("add", .i64)]) }
}

/// `struct ScoreRefused(String)`
struct ScoreRefused: Error, Hashable, WireCodable {
    var reason: String
    init(reason: String) { self.reason = reason }
    init(from reader: inout WireReader) throws(WireError) { reason = try reader.readString() }
    func encode(to writer: inout WireWriter) { writer.write(reason) }
    static var wireShape: WireShape { .string }
}

/// `enum ScoreOutcome { Add(Result<i64, ScoreRefused>) }`
enum ScoreOutcome: WireCodable, Sendable {
    case add(Result<Int, ScoreRefused>)
    init(from reader: inout WireReader) throws(WireError) {
        _ = try reader.readVariant(of: "ScoreOutcome", count: 1)
        self = .add(try Result(from: &reader))
    }
    func encode(to writer: inout WireWriter) {
        writer.writeVariant(0)
        if case .add(let result) = self { result.encode(to: &writer) }
    }
    static var wireShape: WireShape { .enumeration([WireVariant("add", Result<Int, ScoreRefused>.wireShape)]) }
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
        try await commands.call(.add(points)) { if case .add(let result) = $0 { result } else { nil } }
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
