import UndraRuntime

// The reference core's second store (Tests/RustPeer/src/chaos.rs): no fields, only commands
// that make the core misbehave on purpose. Store index 1.

/// `enum ChaosCommand { SkipSequence, SendMalformed, SendGarbage, DieMidFrame, Restart, SendError { code: u32, message: String } }`
enum ChaosCommand: Hashable, Sendable, WireCodable {
    case skipSequence, sendMalformed, sendGarbage, dieMidFrame, restart
    case sendError(code: UInt32, message: String)

    init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "ChaosCommand", count: 6) {
        case 0: self = .skipSequence
        case 1: self = .sendMalformed
        case 2: self = .sendGarbage
        case 3: self = .dieMidFrame
        case 4: self = .restart
        default: self = .sendError(code: try reader.read(), message: try reader.readString())
        }
    }

    func encode(to writer: inout WireWriter) {
        writer.writeVariant(variant)
        if case .sendError(let code, let message) = self {
            writer.write(code)
            writer.write(message)
        }
    }

    static var wireShape: WireShape {
        .enumeration(
            ["skipSequence", "sendMalformed", "sendGarbage", "dieMidFrame", "restart"].map { WireVariant($0, .unit) }
                + [WireVariant("sendError", .structure([WireField("code", .u32), WireField("message", .string)]))])
    }

    /// The variant index, which is also its outcome's.
    var variant: UInt32 {
        switch self {
        case .skipSequence: 0
        case .sendMalformed: 1
        case .sendGarbage: 2
        case .dieMidFrame: 3
        case .restart: 4
        case .sendError: 5
        }
    }
}

/// Rust's `()` as an error type: chaos commands never fail.
struct ChaosRefusal: Error, Hashable, WireCodable {
    init() {}
    init(from reader: inout WireReader) throws(WireError) {}
    func encode(to writer: inout WireWriter) {}
    static var minimumWireSize: Int { 0 }
    static var wireShape: WireShape { .unit }
}

/// `enum ChaosOutcome`: one `Result<(), ()>` per command, with the command's index.
struct ChaosOutcome: Hashable, Sendable, WireCodable {
    let variant: UInt32
    let result: Result<WireUnit, ChaosRefusal>

    init(variant: UInt32, result: Result<WireUnit, ChaosRefusal> = .success(WireUnit())) {
        self.variant = variant
        self.result = result
    }

    init(from reader: inout WireReader) throws(WireError) {
        variant = try reader.readVariant(of: "ChaosOutcome", count: 6)
        result = try Result(from: &reader)
    }

    func encode(to writer: inout WireWriter) {
        writer.writeVariant(variant)
        result.encode(to: &writer)
    }

    /// One `Result<(), ()>` per command, named as the command is.
    static var wireShape: WireShape {
        guard case .enumeration(let commands) = ChaosCommand.wireShape else { return .unit }
        return .enumeration(commands.map { WireVariant($0.name, Result<WireUnit, ChaosRefusal>.wireShape) })
    }
}

enum ChaosSchema {
    static let fields: [any FieldDeclaration] = []
    static let wire = WireSchema<ChaosCommand, ChaosOutcome>(store: "Chaos", fields: fields)
    static var hash: UInt64 { wire.hash }
}

/// The app's store 1: tells the core how to misbehave next.
final class Chaos: UndraStore, @unchecked Sendable {  // @unchecked: only `let`s of Sendable types.
    let runtime = StoreRuntime(name: "Chaos", schemaHash: ChaosSchema.hash, fields: ChaosSchema.fields)
    let commands: CommandChannel<ChaosCommand, ChaosOutcome>

    init(core: Core) {
        let runtime = runtime
        commands = core.attach(runtime, index: 1, schema: ChaosSchema.wire)
    }

    func perform(_ command: ChaosCommand) async throws(CommandError<ChaosRefusal>) {
        _ = try await commands.call(command) { $0.variant == command.variant ? $0.result : nil }
    }
}
