/// Why a frame was rejected. A rejected frame changes nothing; the mirror then waits for a
/// snapshot (the rejection that begins the wait requests a resync), and the data flows again once
/// one arrives.
public struct MirrorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the frame.
    public enum Reason: Hashable, Sendable {
        /// The frame's sequence skips ahead of the expected one.
        case gap(expected: UInt64)
        /// The frame's sequence was already applied (or the snapshot is older than the state).
        case duplicate(last: UInt64)
        /// The frame comes from a newer core instance and is not a snapshot (or the mirror has
        /// not received its first snapshot yet: `expected` is nil).
        case unexpectedEpoch(expected: UInt64?)
        /// The frame, snapshot or not, comes from a core instance older than the mirror's
        /// (epochs increase): a late frame of a replaced core, which must not revert the store.
        case staleEpoch(current: UInt64)
        /// The snapshot was made for another schema.
        case schemaMismatch(expected: UInt64, received: UInt64?)
        /// The mirror asked for a resync; until a snapshot arrives, frames are not applied.
        case awaitingResync
        /// An op names a field the schema does not have.
        case unknownField
        /// An op's value is not of the field's type.
        case typeMismatch(expected: String, received: String)
        /// A keyed-list op's precondition failed (its `opIndex` counts across the whole frame).
        case list(KeyedListError)
    }

    /// What was wrong.
    public let reason: Reason
    /// The rejected frame's epoch.
    public let epoch: UInt64
    /// The rejected frame's sequence.
    public let sequence: UInt64
    /// The failing op's index among the frame's single ops, for op-level reasons.
    public let opIndex: Int?
    /// The field the failing op addresses.
    public let field: FieldID?
    /// The name in the schema of the field the failing op addresses (when it has one).
    public let fieldName: String?
    /// The key the failing list op names, as `String(describing:)` gives it.
    public let key: String?

    /// The rejection of the frame `epoch`/`sequence` for `reason`, with the failing op's place
    /// when the reason is an op's.
    public init(
        reason: Reason, epoch: UInt64, sequence: UInt64, opIndex: Int? = nil,
        field: FieldID? = nil, fieldName: String? = nil, key: String? = nil
    ) {
        self.reason = reason
        self.epoch = epoch
        self.sequence = sequence
        self.opIndex = opIndex
        self.field = field
        self.fieldName = fieldName
        self.key = key
    }

    public var description: String {
        var location = "frame \(epoch):\(sequence)"
        if let field { location += ", field \(fieldName.map { "\($0) (\(field))" } ?? "\(field)")" }
        if case .list = reason {} else if let opIndex { location += ", op \(opIndex)" }
        return "\(location): \(reasonDescription)"
    }

    private var reasonDescription: String {
        switch reason {
        case .gap(let expected): "gap, expected sequence \(expected)"
        case .duplicate(let last): "duplicate, already at sequence \(last)"
        case .unexpectedEpoch(let expected?): "unexpected epoch, expected \(expected) or a snapshot"
        case .unexpectedEpoch(nil): "no snapshot yet, the first frame must be one"
        case .staleEpoch(let current): "stale epoch, the mirror is at epoch \(current)"
        case .schemaMismatch(let expected, let received):
            "schema hash \(received.map(Self.hex) ?? "missing"), expected \(Self.hex(expected))"
        case .awaitingResync: "awaiting a resync snapshot"
        case .unknownField: "no such field"
        case .typeMismatch(let expected, let received): "\(received) sent to a field of \(expected)"
        case .list(let error): error.description
        }
    }

    /// A schema hash as schemas declare it: `0x7D05`.
    private static func hex(_ hash: UInt64) -> String {
        "0x" + String(hash, radix: 16, uppercase: true)
    }
}
