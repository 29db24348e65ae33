/// How the wire reads and writes one field's ops: the field's variant of the store's op enum
/// (variant index = field id) carries a `Value` for a scalar field, a `ListOp<K, R>` for a list.
///
/// Made where the field is declared, by the initializers below (inlined into the declaring
/// module, where the field's types are concrete), so that its closures run specialized: decoding
/// a list op through generic code would look up type metadata at every step (the reason
/// `ListStorage` has its `FieldEntryPoints`).
///
/// - Thread safety: immutable.
@usableFromInline
final class FieldCodec: Sendable {
    /// Reads the field's op whose variant index (the field id) was just read, and the ops of the
    /// same field that follow it, up to `limit` ops in all: a run of list ops becomes one entry.
    /// Returns the entry and how many ops it holds.
    @usableFromInline let decode: @Sendable (FieldID, inout WireReader, _ limit: Int) throws(WireError) -> (FrameOp, Int)
    /// Writes each op of the entry, its variant index first; false if the entry's payload is not
    /// of this field's type (nothing is written then).
    @usableFromInline let encode: @Sendable (FrameOp, inout WireWriter) -> Bool
    /// What the field's line of the schema description says after its name: `scalar <shape>` or
    /// `list <key shape> <row shape>`. A closure: a shape is built only when a schema is.
    @usableFromInline let shape: @Sendable () -> String

    @inlinable
    init(
        decode: @escaping @Sendable (FieldID, inout WireReader, Int) throws(WireError) -> (FrameOp, Int),
        encode: @escaping @Sendable (FrameOp, inout WireWriter) -> Bool,
        shape: @escaping @Sendable () -> String
    ) {
        self.decode = decode
        self.encode = encode
        self.shape = shape
    }

    /// The codec of a scalar field of `Value`s: each op is one value.
    @inlinable
    static func scalar<Value: WireCodable & Sendable>(_: Value.Type) -> FieldCodec {
        FieldCodec(
            decode: { (field, reader, _) throws(WireError) in
                (FrameOp(field: field, payload: SetPayload(try Value(from: &reader))), 1)
            },
            encode: { entry, writer in
                guard let set = entry.payload as? SetPayload<Value> else { return false }
                writer.writeVariant(UInt32(entry.field.rawValue))
                set.value.encode(to: &writer)
                return true
            },
            shape: { "scalar \(Value.wireShape)" })
    }

    /// The codec of a list field: consecutive ops on the list are read into one run (one
    /// allocation for the run, none per op).
    @inlinable
    static func list<Key: WireCodable & Hashable & Sendable, Row: WireCodable & Sendable>(
        _: Key.Type, _: Row.Type
    ) -> FieldCodec {
        typealias Op = KeyedList<Key, Row>.Op
        return FieldCodec(
            decode: { (field, reader, limit) throws(WireError) in
                let first = try Op(from: &reader)
                let tag = UInt32(truncatingIfNeeded: field.rawValue)
                guard limit > 1, reader.peekUInt32() == tag else {
                    return (FrameOp(field: field, payload: ListOpPayload(first)), 1)
                }
                var ops: [Op] = []
                // Each op takes its field's tag and at least its own fewest bytes: a length the
                // bytes left cannot hold reserves no more than they can.
                ops.reserveCapacity(min(limit, 1 + reader.remaining / (4 + Op.minimumWireSize)))
                ops.append(first)
                while ops.count < limit, reader.peekUInt32() == tag {
                    reader.skip(checked: 4)
                    ops.append(try Op(from: &reader))
                }
                return (FrameOp(field: field, payload: ListPayload(ops)), ops.count)
            },
            encode: { entry, writer in
                let tag = UInt32(truncatingIfNeeded: entry.field.rawValue)
                if let single = entry.payload as? ListOpPayload<Op> {
                    writer.writeVariant(tag)
                    single.op.encode(to: &writer)
                    return true
                }
                guard let run = entry.payload as? ListPayload<Op> else { return false }
                for op in run.ops {
                    writer.writeVariant(tag)
                    op.encode(to: &writer)
                }
                return true
            },
            shape: { "list \(Key.wireShape) \(Row.wireShape)" })
    }
}

// Declarations of fields whose types are `WireCodable` carry their codec: these initializers are
// more constrained than Mirror's, so Swift picks them whenever the types allow, and a schema's
// declarations are unchanged.

extension Field where Value: WireCodable {
    /// Declares a field whose values cannot be compared (every `set` is a change), with its
    /// wire codec.
    @inlinable
    public init(id: FieldID, name: String, initial: Value, coalesces: Bool = true) {
        self.init(id: id, name: name, initial: initial, coalesces: coalesces, isEqual: nil, codec: FieldCodec.scalar(Value.self))
    }
}

extension Field where Value: WireCodable & Equatable {
    /// Declares a field of comparable values (a `set` to the value already held is not a
    /// change), with its wire codec.
    @inlinable
    public init(id: FieldID, name: String, initial: Value, coalesces: Bool = true) {
        self.init(
            id: id, name: name, initial: initial, coalesces: coalesces, isEqual: { $0 == $1 },
            codec: FieldCodec.scalar(Value.self))
    }
}

extension ListField where Key: WireCodable, Row: WireCodable {
    /// Declares a list field, empty until the core fills it, with its wire codec.
    @inlinable
    public init(id: FieldID, name: String, coalesces: Bool = true) {
        self.init(id: id, name: name, coalesces: coalesces, codec: FieldCodec.list(Key.self, Row.self))
    }
}

/// A declaration's codec, whatever its value type.
protocol CodecCarrying {
    var wireCodec: FieldCodec? { get }
}

extension Field: CodecCarrying {
    var wireCodec: FieldCodec? { details.codec as? FieldCodec }
}

extension ListField: CodecCarrying {
    var wireCodec: FieldCodec? { details.codec as? FieldCodec }
}
