extension KeyedList {
    /// A keyed change to a list, as the core sends it. Ops address rows by key, never by position.
    ///
    /// A batch of ops is checked and applied as if one op ran after another: inserting a key and
    /// then updating it in the same batch is valid; removing a key and then updating it is not.
    /// Each op's precondition, checked by `validate(_:)` and `apply(_:)`:
    ///
    /// | op | precondition | reason when it fails |
    /// |---|---|---|
    /// | `reset(rows)` | no key twice in `rows` | `.duplicateKey` |
    /// | `insert(rows, before:)` | the anchor, if any, is present (checked first) | `.missingAnchor` |
    /// |  | each key is absent | `.existingKey` |
    /// |  | no key twice in `rows` | `.duplicateKey` |
    /// | `update(key, row)` | `key` is present | `.missingKey` |
    /// | `remove(keys)` | each key is present | `.missingKey` |
    /// |  | no key twice in `keys` | `.duplicateKey` |
    /// | `move(key, before:)` | `key` is present (checked first) | `.missingKey` |
    /// |  | the anchor, if any, is not `key` | `.invalidAnchor` |
    /// |  | the anchor, if any, is present | `.missingAnchor` |
    public enum Op {
        /// Replaces every row with `rows`, in that order.
        case reset([(key: Key, row: Row)])
        /// Inserts `rows`, in that order, before the row of the key `before`; `nil` appends.
        case insert([(key: Key, row: Row)], before: Key?)
        /// Replaces the row of a key, keeping its position.
        case update(Key, Row)
        /// Removes the rows of `keys`.
        case remove([Key])
        /// Moves the row of a key before the row of the key `before`; `nil` moves it to the end.
        case move(Key, before: Key?)

        /// Which op this is, as errors name it. Complexity: O(1).
        @inlinable
        public var kind: KeyedListError.OpKind {
            switch self {
            case .reset: .reset
            case .insert: .insert
            case .update: .update
            case .remove: .remove
            case .move: .move
            }
        }
    }
}

extension KeyedList.Op: Sendable where Key: Sendable, Row: Sendable {}
