/// A message from the core: the wire's `CoreMessage<Frames>`, where `Frames` is the app's enum
/// of its stores' frames (variant index = store index). `Frame(…)` = 0, `Error(CoreError)` = 1.
///
/// - Complexity: decoding and encoding are O(n) in the bytes.
/// - Thread safety: a value.
public enum CoreMessage<Outcome: WireCodable & Sendable>: Sendable {
    /// A frame of the store at index `store`.
    case frame(store: UInt32, WireFrame<Outcome>)
    /// An error of the core that answers no command (see `CoreError`).
    case error(CoreError)

    /// Decodes a message from all of `bytes`; `schema` gives the schema of a store index (nil:
    /// no such store, an error naming the index's offset).
    public init<Command>(
        wireBytes bytes: [UInt8], schema: (UInt32) -> WireSchema<Command, Outcome>?
    ) throws(WireError) {
        self = try bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in
                try WireReader.read(buffer) { (reader: inout WireReader) throws(WireError) in
                    try CoreMessage(from: &reader, schema: schema)
                }
            }
        }.get()
    }

    /// Decodes the message that starts at `reader`'s offset (see `init(wireBytes:schema:)`).
    public init<Command>(
        from reader: inout WireReader, schema: (UInt32) -> WireSchema<Command, Outcome>?
    ) throws(WireError) {
        switch try reader.readVariant(of: "CoreMessage", count: 2) {
        case 0:
            let store = try reader.read(UInt32.self)
            guard let storeSchema = schema(store) else {
                throw reader.invalidVariant(store, of: "the app's frame enum (no store has this index)")
            }
            self = .frame(store: store, try storeSchema.decodeFrame(from: &reader))
        default:
            self = .error(try CoreError(from: &reader))
        }
    }

    /// The message's bytes; a frame is written with `schema` (see `WireSchema.encode(_:)`).
    public func wireBytes<Command>(schema: WireSchema<Command, Outcome>) throws(FrameEncodingError) -> [UInt8] {
        var writer = WireWriter()
        switch self {
        case .frame(let store, let frame):
            writer.writeVariant(0)
            writer.write(store)
            try schema.encode(frame, to: &writer)
        case .error(let error):
            writer.writeVariant(1)
            error.encode(to: &writer)
        }
        return writer.bytes
    }
}

/// A message from the host: the wire's `HostMessage<Commands>`, where `Commands` is the app's
/// enum of its stores' commands (variant index = store index). `Command(…)` = 0,
/// `Resync(ResyncRequest)` = 1.
///
/// - Complexity: decoding and encoding are O(n) in the bytes.
/// - Thread safety: a value.
public enum HostMessage<Command: WireCodable>: WireCodable {
    /// A command to the store at index `store`.
    case command(store: UInt32, WireCommand<Command>)
    /// A request for a snapshot of one store (see `ResyncRequest`).
    case resync(ResyncRequest)

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "HostMessage", count: 2) {
        case 0: self = .command(store: try reader.read(), try WireCommand(from: &reader))
        default: self = .resync(try ResyncRequest(from: &reader))
        }
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        switch self {
        case .command(let store, let command):
            writer.writeVariant(0)
            writer.write(store)
            command.encode(to: &writer)
        case .resync(let request):
            writer.writeVariant(1)
            request.encode(to: &writer)
        }
    }

    public static var minimumWireSize: Int { 4 }

    /// The shape of a host message of one store's commands: `enum{command:(u32,(id:u64,command:C))|resync:…}`
    /// (the app's command enum is the store index, then that store's `Command<C>`).
    public static var wireShape: WireShape {
        .enumeration([
            WireVariant("command", .tuple([.u32, WireCommand<Command>.wireShape])),
            WireVariant("resync", ResyncRequest.wireShape),
        ])
    }
}

extension HostMessage: Sendable where Command: Sendable {}
extension HostMessage: Equatable where Command: Equatable {}
