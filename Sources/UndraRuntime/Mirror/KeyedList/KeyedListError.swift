/// Why a batch of keyed-list ops was rejected: which op, which key, and what was wrong.
///
/// The key is carried as its `String(describing:)`, so the error is not generic and crosses
/// layers (mirror, error channel, logs) as a plain value. A rejected batch has changed nothing.
public struct KeyedListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the op.
    public enum Reason: String, Hashable, Sendable {
        /// An op names the same key twice (`reset`, `insert` or `remove`).
        case duplicateKey
        /// An `insert` names a key that is already present.
        case existingKey
        /// An `update`, `remove` or `move` names a key that is not present.
        case missingKey
        /// An `insert` or `move` is anchored before a key that is not present.
        case missingAnchor
        /// A `move` is anchored before the very key it moves.
        case invalidAnchor
    }

    /// The kind of op that failed.
    public enum OpKind: String, Hashable, Sendable {
        /// `reset`: the list replaced by new rows.
        case reset
        /// `insert`: a new row, before an anchor or at the end.
        case insert
        /// `update`: a held row's new value.
        case update
        /// `remove`: a held row taken out.
        case remove
        /// `move`: a held row moved before an anchor or to the end.
        case move
    }

    /// What was wrong.
    public var reason: Reason
    /// The index of the failing op within its batch (0 for the single-op conveniences).
    public var opIndex: Int
    /// The kind of the failing op.
    public var op: OpKind
    /// The offending key (for `.missingAnchor`, the anchor), as `String(describing:)`.
    public var key: String

    /// Creates an error. Complexity: O(1).
    public init(reason: Reason, opIndex: Int, op: OpKind, key: String) {
        self.reason = reason
        self.opIndex = opIndex
        self.op = op
        self.key = key
    }

    /// Creates an error naming `key` as `String(describing:)`.
    @usableFromInline
    init(_ reason: Reason, op: OpKind, at opIndex: Int, key: some Any) {
        self.init(reason: reason, opIndex: opIndex, op: op, key: String(describing: key))
    }

    /// A sentence a person can read, such as "op 3: update of missing key 42".
    public var description: String {
        let what =
            switch reason {
            case .duplicateKey: "\(op) names key \(key) twice"
            case .existingKey: "\(op) of existing key \(key)"
            case .missingKey: "\(op) of missing key \(key)"
            case .missingAnchor: "\(op) before missing key \(key)"
            case .invalidAnchor: "\(op) of key \(key) before itself"
            }
        return "op \(opIndex): \(what)"
    }
}
