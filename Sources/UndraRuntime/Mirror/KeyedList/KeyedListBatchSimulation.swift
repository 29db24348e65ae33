/// Key presence as a batch of ops would leave it, simulated over a list's key table without
/// mutating or copying the list: the overlay that `validate(_:)` checks each op against. Its
/// record of each key the batch names becomes the batch's `KeyedListChanges`.
///
/// Only the keys the batch names are recorded ("touched"), in first-touch order; any other key is
/// as the list has it (or absent, once a `reset` has run). A small batch searches its touches
/// linearly; past `linearSearchLimit` touches a key → touch table is built and kept current, so
/// checking a batch that names *m* keys costs O(*m*) hash lookups whatever the list's size.
@usableFromInline
struct _KeyedListBatchSimulation<Key: Hashable> {
    @usableFromInline
    typealias Touch = KeyedListChanges<Key>.Touch

    /// The list's key table, as it was before the batch.
    @usableFromInline let base: [Key: UInt32]
    @usableFromInline var touches: [Touch] = []
    /// Key → index in `touches`, built only once there are more than `linearSearchLimit`.
    @usableFromInline var touchTable: [Key: Int] = [:]
    /// Whether a `reset` has run: keys not touched since are absent.
    @usableFromInline var baseCleared = false
    /// How many keys the batch is expected to name (its op count): the touch table is sized for
    /// that many at once instead of growing (and rehashing) step by step.
    @usableFromInline let expectedTouches: Int

    /// Up to this many touches, a linear search beats building a hash table (and allocates less).
    @inlinable
    static var linearSearchLimit: Int { 8 }

    @inlinable
    init(base: [Key: UInt32], expectedTouches: Int) {
        self.base = base
        self.expectedTouches = expectedTouches
    }

    @inlinable
    func touchIndex(of key: Key) -> Int? {
        if touches.count <= Self.linearSearchLimit {
            return touches.firstIndex { $0.key == key }
        }
        return touchTable[key]
    }

    @inlinable
    func isPresent(_ key: Key) -> Bool {
        if let t = touchIndex(of: key) { return touches[t].isPresent }
        return !baseCleared && base[key] != nil
    }

    /// The index of `key`'s touch, recording it first if the batch had not named it yet.
    @inlinable
    mutating func touch(_ key: Key) -> Int {
        if let t = touchIndex(of: key) { return t }
        let wasPresent = base[key] != nil
        touches.append(Touch(key: key, wasPresent: wasPresent, isPresent: wasPresent && !baseCleared))
        let t = touches.count - 1
        if touches.count == Self.linearSearchLimit + 1 {
            touchTable.reserveCapacity(Swift.max(2 * touches.count, expectedTouches))
            for (i, touch) in touches.enumerated() { touchTable[touch.key] = i }
        } else if touches.count > Self.linearSearchLimit {
            touchTable[key] = t
        }
        return t
    }
}

// The ops, one precondition at a time (the table on `KeyedList.Op` lists them).
extension _KeyedListBatchSimulation {
    /// A `reset` empties the list before naming its rows.
    @inlinable
    mutating func removeAll() {
        baseCleared = true
        for t in touches.indices { touches[t].isPresent = false }
    }

    /// A `reset` or `insert` adds `key`.
    @inlinable
    mutating func insert(_ key: Key, op kind: KeyedListError.OpKind, at op: Int) throws(KeyedListError) {
        let t = touch(key)
        if touches[t].isPresent {
            throw KeyedListError(touches[t].lastOp == op ? .duplicateKey : .existingKey, op: kind, at: op, key: key)
        }
        touches[t].isPresent = true
        touches[t].written = true
        touches[t].placed = true
        touches[t].lastOp = op
    }

    @inlinable
    mutating func update(_ key: Key, at op: Int) throws(KeyedListError) {
        let t = touch(key)
        guard touches[t].isPresent else { throw KeyedListError(.missingKey, op: .update, at: op, key: key) }
        touches[t].written = true
    }

    @inlinable
    mutating func remove(_ key: Key, at op: Int) throws(KeyedListError) {
        let t = touch(key)
        guard touches[t].isPresent else {
            throw KeyedListError(touches[t].lastOp == op ? .duplicateKey : .missingKey, op: .remove, at: op, key: key)
        }
        touches[t].isPresent = false
        touches[t].lastOp = op
    }

    @inlinable
    mutating func move(_ key: Key, before anchor: Key?, at op: Int) throws(KeyedListError) {
        let t = touch(key)
        guard touches[t].isPresent else { throw KeyedListError(.missingKey, op: .move, at: op, key: key) }
        if let anchor {
            guard anchor != key else { throw KeyedListError(.invalidAnchor, op: .move, at: op, key: key) }
            try requireAnchor(anchor, op: .move, at: op)
        }
        touches[t].placed = true
    }

    @inlinable
    func requireAnchor(_ anchor: Key, op kind: KeyedListError.OpKind, at op: Int) throws(KeyedListError) {
        guard isPresent(anchor) else { throw KeyedListError(.missingAnchor, op: kind, at: op, key: anchor) }
    }

    /// The net effect of the simulated batch. `keysBefore` (the list's keys, in order) is called
    /// only if the batch has a `reset`, to record the keys it dropped without naming them.
    @inlinable
    consuming func changes<Keys: Sequence<Key>>(keysBefore: () -> Keys) -> KeyedListChanges<Key> {
        if baseCleared {
            // Touching a key the batch never named records it as present before, absent after.
            for key in keysBefore() { _ = touch(key) }
        }
        return KeyedListChanges(_touches: touches)
    }
}
