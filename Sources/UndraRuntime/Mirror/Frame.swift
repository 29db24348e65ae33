/// One message from the core: a batch of ops applied to a mirror all or nothing.
///
/// - `epoch` identifies the core instance; a new epoch must start with a snapshot.
/// - `sequence` is the previous frame's plus one; a gap or a repeat is rejected.
/// - A snapshot carries the whole state: fields it does not set go back to their initial values.
///   `schemaHash`, on snapshots, must match the mirror's schema.
/// - `acks` are the commands whose effects this frame makes visible.
public struct Frame: Sendable {
    /// The core instance that sent the frame; a new epoch starts with a snapshot.
    public var epoch: UInt64
    /// The frame's number within its epoch: the previous frame's plus one.
    public var sequence: UInt64
    /// Whether the frame carries the whole state (fields it does not set return to their initial values).
    public var isSnapshot: Bool
    /// On a snapshot, the hash of the core's schema, checked against the mirror's; nil otherwise.
    public var schemaHash: UInt64?
    /// The changes, in order, applied all or nothing.
    public var ops: [FrameOp]
    /// The ids of the commands whose effects the frame makes visible.
    public var acks: [UInt64]

    /// A frame of `ops`; a delta unless `isSnapshot`.
    public init(
        epoch: UInt64, sequence: UInt64, isSnapshot: Bool = false, schemaHash: UInt64? = nil,
        ops: [FrameOp], acks: [UInt64] = []
    ) {
        self.epoch = epoch
        self.sequence = sequence
        self.isSnapshot = isSnapshot
        self.schemaHash = schemaHash
        self.ops = ops
        self.acks = acks
    }

    /// The number of single ops in the frame (a `FrameOp` may carry a run of list ops).
    public var opCount: Int { ops.reduce(0) { $0 + $1.count } }
}

/// One entry of a frame: ops for one field, built through the field's typed declaration.
///
/// For a list, one entry may carry a run of ops (`.list(field, ops)`); errors count ops one by
/// one across the whole frame, so an op index means the same whichever way the frame was built.
public struct FrameOp: Sendable {
    /// The field the ops address.
    public let field: FieldID
    @usableFromInline let payload: any OpPayload
    /// The payload's object, unretained (`payload` keeps it alive): how the mirror reads the ops
    /// of a frame it is applying, with no reference counting per op.
    @usableFromInline var payloadObject: Unmanaged<AnyObject> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: payloadAddress).unsafelyUnwrapped)
    }
    @usableFromInline let payloadAddress: UInt

    @inlinable
    init(field: FieldID, payload: any OpPayload) {
        self.field = field
        self.payload = payload
        self.payloadAddress = UInt(bitPattern: Unmanaged.passUnretained(payload as AnyObject).toOpaque())
    }

    /// The number of single ops this entry carries.
    public var count: Int { payload.count }

    /// Sets a field to `value`.
    @inlinable
    public static func set<Value>(_ field: Field<Value>, _ value: Value) -> FrameOp {
        FrameOp(field: field.id, payload: SetPayload(value))
    }

    /// A run of keyed-list ops on one list, applied in order.
    @inlinable
    public static func list<Key, Row>(_ field: ListField<Key, Row>, _ ops: [KeyedList<Key, Row>.Op]) -> FrameOp {
        FrameOp(field: field.id, payload: ListPayload(ops))
    }

    /// One keyed-list op on a list.
    @inlinable
    public static func list<Key, Row>(_ field: ListField<Key, Row>, _ op: KeyedList<Key, Row>.Op) -> FrameOp {
        FrameOp(field: field.id, payload: ListOpPayload(op))
    }

    /// Replaces all rows of a list.
    @inlinable
    public static func reset<Key, Row>(_ field: ListField<Key, Row>, _ rows: [(key: Key, row: Row)]) -> FrameOp {
        list(field, .reset(rows))
    }

    /// Inserts rows before the row of `anchor` (`nil` appends).
    @inlinable
    public static func insert<Key, Row>(
        _ field: ListField<Key, Row>, _ rows: [(key: Key, row: Row)], before anchor: Key? = nil
    ) -> FrameOp {
        list(field, .insert(rows, before: anchor))
    }

    /// Replaces the row of `key`, keeping its position.
    @inlinable
    public static func update<Key, Row>(_ field: ListField<Key, Row>, _ key: Key, _ row: Row) -> FrameOp {
        list(field, .update(key, row))
    }

    /// Removes the rows of `keys`.
    @inlinable
    public static func remove<Key, Row>(_ field: ListField<Key, Row>, _ keys: [Key]) -> FrameOp {
        list(field, .remove(keys))
    }

    /// Moves the row of `key` before the row of `anchor` (`nil` moves it to the end).
    @inlinable
    public static func move<Key, Row>(_ field: ListField<Key, Row>, _ key: Key, before anchor: Key?) -> FrameOp {
        list(field, .move(key, before: anchor))
    }
}

/// The typed content of a `FrameOp`. A class, so that checking its type against the field's is
/// one metadata comparison.
@usableFromInline
protocol OpPayload: AnyObject, Sendable {
    var count: Int { get }
    /// The payload's value type, as errors name it.
    var typeName: String { get }
}

@usableFromInline
final class SetPayload<Value: Sendable>: OpPayload {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
    @usableFromInline var count: Int { 1 }
    @usableFromInline var typeName: String { "\(Value.self)" }
}

/// One list op, without an array around it (the usual case: a frame of single ops).
///
/// Generic over the op type itself, not over the list's `Key` and `Row`: releasing the payload
/// then destroys its op with the metadata the class already carries, where a field of type
/// `KeyedList<Key, Row>.Op` made every release look that type's metadata up again (measured: a
/// third of the cost of a one-update frame).
@usableFromInline
final class ListOpPayload<Op: ListOpNaming & Sendable>: OpPayload {
    @usableFromInline let op: Op
    @inlinable init(_ op: Op) { self.op = op }
    @usableFromInline var count: Int { 1 }
    @usableFromInline var typeName: String { Op.listTypeName }
}

/// A run of list ops on one list, applied in order.
@usableFromInline
final class ListPayload<Op: ListOpNaming & Sendable>: OpPayload {
    @usableFromInline let ops: [Op]
    @inlinable init(_ ops: [Op]) { self.ops = ops }
    @usableFromInline var count: Int { ops.count }
    @usableFromInline var typeName: String { Op.listTypeName }
}

/// What a list payload needs of its op type: the list type's name, for errors.
@usableFromInline
protocol ListOpNaming {
    static var listTypeName: String { get }
}

extension KeyedList.Op: ListOpNaming {
    @usableFromInline static var listTypeName: String { "KeyedList<\(Key.self), \(Row.self)>" }
}
