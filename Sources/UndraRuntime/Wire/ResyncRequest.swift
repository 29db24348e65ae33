/// The host asks the core for a snapshot of one store: the wire's
/// `ResyncRequest { store: u32, epoch: Option<u64>, sequence: u64, reason: ResyncReason, schema: String }`.
///
/// `schema` is the host's description of the store's schema (`WireSchema.description`): a core
/// whose own differs answers with a `CoreError` of code `CoreError.schemaMismatchCode` carrying
/// its description, instead of a snapshot.
public struct ResyncRequest: Hashable, Sendable, WireCodable {
    /// The store's index in the app's store enum.
    public var store: UInt32
    /// The epoch of the last frame applied (nil: no snapshot yet).
    public var epoch: UInt64?
    /// The sequence of the last frame applied (0 with no snapshot yet).
    public var sequence: UInt64
    /// Why the host asks (a gap, a duplicate, a new epoch, a first attach, …).
    public var reason: ResyncReason
    /// The host's description of the store's schema (docs/WIRE.md, "The schema hash").
    public var schema: String

    /// A request for a snapshot of `store`, from a host whose last applied frame is `epoch`/`sequence`.
    public init(store: UInt32, epoch: UInt64?, sequence: UInt64, reason: ResyncReason, schema: String) {
        self.store = store
        self.epoch = epoch
        self.sequence = sequence
        self.reason = reason
        self.schema = schema
    }

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        store = try reader.read()
        epoch = try UInt64?(from: &reader)
        sequence = try reader.read()
        reason = try ResyncReason(from: &reader)
        schema = try reader.readString()
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        writer.write(store)
        epoch.encode(to: &writer)
        writer.write(sequence)
        reason.encode(to: &writer)
        writer.write(schema)
    }

    public static var wireShape: WireShape {
        .structure([
            WireField("store", .u32), WireField("epoch", .option(.u64)), WireField("sequence", .u64),
            WireField("reason", ResyncReason.wireShape), WireField("schema", .string),
        ])
    }
}

/// Why the host asks for a snapshot: the wire's enum `ResyncReason`.
public enum ResyncReason: Hashable, Sendable, WireCodable {
    /// 0: the store was attached, or the host reconnected.
    case attach
    /// 1: a frame skipped sequence numbers.
    case gap(expected: UInt64, received: UInt64)
    /// 2: a frame repeated one already applied.
    case duplicate(last: UInt64, received: UInt64)
    /// 3: a frame of an unexpected epoch: a delta of a newer one (`expected` nil: before any
    /// snapshot), or any frame of an older one (a replaced core's).
    case unexpectedEpoch(expected: UInt64?, received: UInt64)
    /// 4: a snapshot made for another schema.
    case schemaMismatch(expected: UInt64, received: UInt64?)
    /// 5: an op failed its precondition (`op`: its index among the frame's ops).
    case rejected(op: UInt64?, message: String)
    /// 6: the message's bytes did not decode.
    case malformed(offset: UInt64, message: String)

    /// The reason to resync after the mirror rejected a frame; nil for `.awaitingResync` (a
    /// resync was already asked for).
    public init?(_ rejection: MirrorError) {
        switch rejection.reason {
        case .gap(let expected): self = .gap(expected: expected, received: rejection.sequence)
        case .duplicate(let last): self = .duplicate(last: last, received: rejection.sequence)
        case .unexpectedEpoch(let expected): self = .unexpectedEpoch(expected: expected, received: rejection.epoch)
        case .staleEpoch(let current): self = .unexpectedEpoch(expected: current, received: rejection.epoch)
        case .schemaMismatch(let expected, let received): self = .schemaMismatch(expected: expected, received: received)
        case .awaitingResync: return nil
        case .unknownField, .typeMismatch, .list:
            self = .rejected(op: rejection.opIndex.map { UInt64($0) }, message: rejection.description)
        }
    }

    /// The reason to resync after a message did not decode.
    public init(_ error: WireError) {
        self = .malformed(offset: UInt64(error.offset), message: error.description)
    }

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "ResyncReason", count: 7) {
        case 0: self = .attach
        case 1: self = .gap(expected: try reader.read(), received: try reader.read())
        case 2: self = .duplicate(last: try reader.read(), received: try reader.read())
        case 3: self = .unexpectedEpoch(expected: try UInt64?(from: &reader), received: try reader.read())
        case 4: self = .schemaMismatch(expected: try reader.read(), received: try UInt64?(from: &reader))
        case 5: self = .rejected(op: try UInt64?(from: &reader), message: try reader.readString())
        default: self = .malformed(offset: try reader.read(), message: try reader.readString())
        }
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        switch self {
        case .attach:
            writer.writeVariant(0)
        case .gap(let expected, let received):
            writer.writeVariant(1)
            writer.write(expected)
            writer.write(received)
        case .duplicate(let last, let received):
            writer.writeVariant(2)
            writer.write(last)
            writer.write(received)
        case .unexpectedEpoch(let expected, let received):
            writer.writeVariant(3)
            expected.encode(to: &writer)
            writer.write(received)
        case .schemaMismatch(let expected, let received):
            writer.writeVariant(4)
            writer.write(expected)
            received.encode(to: &writer)
        case .rejected(let op, let message):
            writer.writeVariant(5)
            op.encode(to: &writer)
            writer.write(message)
        case .malformed(let offset, let message):
            writer.writeVariant(6)
            writer.write(offset)
            writer.write(message)
        }
    }

    public static var minimumWireSize: Int { 4 }

    public static var wireShape: WireShape {
        .enumeration([
            WireVariant("attach", .unit),
            WireVariant("gap", .structure([WireField("expected", .u64), WireField("received", .u64)])),
            WireVariant("duplicate", .structure([WireField("last", .u64), WireField("received", .u64)])),
            WireVariant("unexpectedEpoch", .structure([WireField("expected", .option(.u64)), WireField("received", .u64)])),
            WireVariant("schemaMismatch", .structure([WireField("expected", .u64), WireField("received", .option(.u64))])),
            WireVariant("rejected", .structure([WireField("op", .option(.u64)), WireField("message", .string)])),
            WireVariant("malformed", .structure([WireField("offset", .u64), WireField("message", .string)])),
        ])
    }
}
