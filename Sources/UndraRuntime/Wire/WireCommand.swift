/// A command's id: assigned by the host, never reused (not even across reconnects), so that an
/// ack answers exactly one call. The wire's `CommandId(u64)`, a newtype: 8 bytes.
public struct CommandID: RawRepresentable, Hashable, Comparable, Sendable, WireCodable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    @inlinable public init(from reader: inout WireReader) throws(WireError) { rawValue = try reader.read() }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(rawValue) }
    public static var minimumWireSize: Int { 8 }
    public static var wireShape: WireShape { .u64 }

    public static func < (lhs: CommandID, rhs: CommandID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// A command as the host sends it: the wire's `Command<C> { id, command }`, where `Command` is
/// the store's command enum.
public struct WireCommand<Command: WireCodable>: WireCodable {
    /// The command's id, unique within the connection: its ack names it.
    public var id: CommandID
    /// The command itself.
    public var command: Command

    /// The command `command`, sent as `id`.
    public init(id: CommandID, command: Command) {
        self.id = id
        self.command = command
    }

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        id = try CommandID(from: &reader)
        command = try Command(from: &reader)
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        id.encode(to: &writer)
        command.encode(to: &writer)
    }

    /// `struct Command<C> { id: CommandId, command: C }`.
    public static var wireShape: WireShape { .structure([WireField("id", .u64), WireField("command", Command.wireShape)]) }
}

extension WireCommand: Sendable where Command: Sendable {}
extension WireCommand: Equatable where Command: Equatable {}

/// The answer to one command, carried by the frame that made its effects visible: the wire's
/// `Ack<Outcome> { command, outcome }`. `Outcome` is the store's outcome enum: one variant per
/// command, with the command's variant index, each holding the command's `Result<T, E>`.
public struct Ack<Outcome: WireCodable>: WireCodable {
    /// The id of the command answered.
    public var command: CommandID
    /// Its answer: the command's variant of the outcome enum, with its `Result`.
    public var outcome: Outcome

    /// The answer `outcome` to the command `command`.
    public init(command: CommandID, outcome: Outcome) {
        self.command = command
        self.outcome = outcome
    }

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        command = try CommandID(from: &reader)
        outcome = try Outcome(from: &reader)
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        command.encode(to: &writer)
        outcome.encode(to: &writer)
    }

    public static var minimumWireSize: Int { 8 + Outcome.minimumWireSize }
    /// `struct Ack<Outcome> { command: CommandId, outcome: Outcome }`.
    public static var wireShape: WireShape { .structure([WireField("command", .u64), WireField("outcome", Outcome.wireShape)]) }
}

extension Ack: Sendable where Outcome: Sendable {}
extension Ack: Equatable where Outcome: Equatable {}
