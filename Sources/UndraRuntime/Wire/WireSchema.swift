/// A store's schema on the wire: decodes its frames from bytes straight into the `Frame` its
/// mirror applies (with the acks' typed outcomes), and writes its frames and commands.
///
///     static let wire = WireSchema<TodoCommand, TodosOutcome>(store: "Todos", fields: fields)
///     let frame = try TodosSchema.wire.decodeFrame(bytes)       // bytes from the core
///     todos.runtime.apply(frame.frame)
///
/// Its `description` is the store's schema description (docs/WIRE.md, "The schema hash": the
/// store's name, each field's line, the command and outcome enums' shapes) and `hash` its FNV-1a
/// hash, which snapshots carry: both computed from the declarations, as a Rust core on undra-core
/// computes them from its types, so no hash is written by hand. The `Core` sends the description
/// in every resync request, and a core whose own differs says so (`ConnectionFailure.schemaMismatch`
/// then names the first field or variant that differs).
///
/// `Command` is the store's command enum, `Outcome` its outcome enum (see `Ack`). The op enum
/// is the fields: its variant index is the field id, its payload the field's value (scalar) or a
/// `ListOp` (list). Consecutive ops on one list are decoded into one entry.
///
/// - Complexity: decoding is O(n) in the bytes; it allocates the frame's entry array, one
///   payload per scalar op, one per run of list ops, and what the values themselves need (no
///   allocation per list op; a string of up to 15 bytes needs none).
/// - Thread safety: immutable; decode and encode from any thread.
public struct WireSchema<Command: WireCodable & Sendable, Outcome: WireCodable & Sendable>: Sendable,
    CustomStringConvertible
{
    /// The store's name, as written in the description (normalized).
    public let store: String
    /// The schema description: lines joined by `\n`, the last with no line break.
    public let description: String
    /// The schema hash snapshots carry: the description's 64-bit FNV-1a.
    public let hash: UInt64
    /// The declarations, in the order given.
    public let fields: [any FieldDeclaration]
    /// The codecs, by field id (nil: no such field).
    @usableFromInline let codecs: [FieldCodec?]

    /// The schema of store `store` (its name as the core declares it: `Store::NAME`), whose
    /// fields are `fields`, `Field` and `ListField` declarations whose types are `WireCodable`
    /// (a declaration without a codec, or two with one id, is a programming error and traps),
    /// and whose command and outcome enums are `Command` and `Outcome` (`WireUnit` for none).
    ///
    /// - Complexity: O(size of the shapes): each field's, the command's and the outcome's shape
    ///   is built once, here.
    public init(store: String, fields: [any FieldDeclaration]) {
        var codecs: [FieldCodec?] = []
        for declaration in fields {
            guard let codec = (declaration as? any CodecCarrying)?.wireCodec else {
                preconditionFailure("WireSchema: field \(declaration.name) has no wire codec (its types are not WireCodable)")
            }
            let id = declaration.id.rawValue
            precondition(id >= 0 && id <= Int(UInt32.max), "WireSchema: field \(declaration.name) has an id out of range")
            if codecs.count <= id { codecs += repeatElement(nil, count: id + 1 - codecs.count) }
            precondition(codecs[id] == nil, "WireSchema: two fields have id \(id)")
            codecs[id] = codec
        }
        var lines = ["undra-schema \(Self.version)", "store \(WireVariant.normalize(store))"]
        for declaration in fields.sorted(by: { $0.id < $1.id }) {
            let codec = codecs[declaration.id.rawValue]!
            lines.append("field \(declaration.id.rawValue) \(WireVariant.normalize(declaration.name)) \(codec.shape())")
        }
        lines.append("command \(Command.wireShape)")
        lines.append("outcome \(Outcome.wireShape)")
        self.store = WireVariant.normalize(store)
        description = lines.joined(separator: "\n")
        hash = Self.fnv1a(description)
        self.fields = fields
        self.codecs = codecs
    }

    /// The description's version, the number on its first line: 2 since struct fields are named
    /// (docs/WIRE.md, "The schema hash").
    public static var version: Int { 2 }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8: from `0xcbf29ce484222325`, each byte XORed in,
    /// then multiplied by `0x100000001b3` (wrapping). O(n).
    public static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
    }

    // MARK: Frames

    /// Decodes a frame from all of `bytes` (a byte left over is an error).
    @inlinable
    public func decodeFrame(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> WireFrame<Outcome> {
        try WireReader.read(bytes) { (reader: inout WireReader) throws(WireError) in try decodeFrame(from: &reader) }
    }

    /// Decodes a frame from all of `bytes` (a byte left over is an error).
    @inlinable
    public func decodeFrame(_ bytes: [UInt8]) throws(WireError) -> WireFrame<Outcome> {
        try bytes.withUnsafeBytes { buffer in Result { () throws(WireError) in try decodeFrame(buffer) } }.get()
    }

    /// Decodes the frame that starts at `reader`'s offset (inside a larger message).
    ///
    /// Inlinable, so that it runs specialized for the store's `Outcome` where it is called.
    @inlinable
    public func decodeFrame(from reader: inout WireReader) throws(WireError) -> WireFrame<Outcome> {
        let epoch = try reader.read(UInt64.self)
        let sequence = try reader.read(UInt64.self)
        let snapshot = try UInt64?(from: &reader)
        let count = try reader.readLength(minimumElementSize: 4)
        var ops: [FrameOp] = []
        ops.reserveCapacity(Swift.min(count, 4))
        var decoded = 0
        while decoded < count {
            let tag = try reader.read(UInt32.self)
            guard tag < codecs.count, let codec = codecs[Int(tag)] else {
                throw reader.invalidVariant(tag, of: "the store's op enum (no field has this id)")
            }
            let (entry, opCount) = try codec.decode(FieldID(Int(tag)), &reader, count &- decoded)
            ops.append(entry)
            decoded &+= opCount
        }
        let ackCount = try reader.readLength(minimumElementSize: 8 + Outcome.minimumWireSize)
        var acks: [Ack<Outcome>] = []
        if ackCount > 0 {
            acks.reserveCapacity(ackCount)
            for _ in 0..<ackCount { acks.append(try Ack(from: &reader)) }
        }
        let frame = Frame(epoch: epoch, sequence: sequence, isSnapshot: snapshot != nil, schemaHash: snapshot, ops: ops)
        return WireFrame(frame, acks: acks)
    }

    /// Writes `frame`: throws if an entry's field is not in this schema or its ops are not of
    /// the field's type, or if its snapshot flag and schema hash disagree.
    public func encode(_ frame: WireFrame<Outcome>) throws(FrameEncodingError) -> [UInt8] {
        var writer = WireWriter()
        try encode(frame, to: &writer)
        return writer.bytes
    }

    /// Writes `frame` after what `writer` holds (see `encode(_:)`).
    public func encode(_ frame: WireFrame<Outcome>, to writer: inout WireWriter) throws(FrameEncodingError) {
        let envelope = frame.frame
        switch (envelope.isSnapshot, envelope.schemaHash) {
        case (true, nil): throw FrameEncodingError(reason: .snapshotWithoutSchemaHash)
        case (false, _?): throw FrameEncodingError(reason: .schemaHashOnDelta)
        default: break
        }
        writer.write(envelope.epoch)
        writer.write(envelope.sequence)
        envelope.schemaHash.encode(to: &writer)
        writer.writeLength(envelope.opCount)
        for (index, entry) in envelope.ops.enumerated() {
            let id = entry.field.rawValue
            guard codecs.indices.contains(id), let codec = codecs[id] else {
                throw FrameEncodingError(reason: .unknownField, entry: index, field: entry.field)
            }
            guard codec.encode(entry, &writer) else {
                throw FrameEncodingError(reason: .typeMismatch, entry: index, field: entry.field)
            }
        }
        frame.acks.encode(to: &writer)
    }

    // MARK: Commands

    /// The bytes of command `command` with id `id`: the wire's `Command<C>`.
    public func encode(_ command: Command, id: CommandID) -> [UInt8] {
        WireCommand(id: id, command: command).wireBytes
    }

    /// Decodes a command (what a core, or a stand-in for one, receives).
    public func decodeCommand(_ bytes: [UInt8]) throws(WireError) -> WireCommand<Command> {
        try WireCommand(wireBytes: bytes)
    }
}
