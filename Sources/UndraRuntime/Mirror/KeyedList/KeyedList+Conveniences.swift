// Single-op mutations. Each throws the error its op would throw as op 0 of a batch, and leaves
// the list unchanged when it throws.
extension KeyedList {
    /// Creates a list of `rows`, in that order.
    ///
    /// - Throws: `KeyedListError` (`.duplicateKey`, as op 0, a `reset`) if a key repeats.
    /// - Complexity: O(*m*) for *m* rows.
    @inlinable
    public init(uniqueKeysWithRows rows: some Sequence<(Key, Row)>) throws(KeyedListError) {
        self.init()
        try apply(CollectionOfOne(.reset(rows.map { (key: $0, row: $1) })))
    }

    /// Inserts `row` for the new key `key` before the row of `anchor`, or at the end if `anchor`
    /// is `nil`.
    ///
    /// - Throws: `KeyedListError`: `.missingAnchor` or `.existingKey`.
    /// - Complexity: O(*n*) (a scan for the anchor and a `memmove`; a few µs at 100,000 rows).
    @inlinable
    public mutating func insert(_ row: Row, forKey key: Key, before anchor: Key? = nil) throws(KeyedListError) {
        try apply(CollectionOfOne(.insert([(key, row)], before: anchor)))
    }

    /// Replaces the row of `key`, keeping its position.
    ///
    /// - Throws: `KeyedListError` (`.missingKey`) if `key` is not present.
    /// - Complexity: O(1) on average; in place when the list is uniquely referenced.
    @inlinable
    public mutating func updateRow(_ row: Row, forKey key: Key) throws(KeyedListError) {
        try modifyRow(forKey: key) { $0 = row }
    }

    /// Calls `body` with the row of `key`, in place, and returns what it returns.
    ///
    /// The row is not copied when the list is uniquely referenced, so a row that is itself a
    /// copy-on-write value (an array, say) is mutated in place too.
    ///
    /// - Throws: `KeyedListError` (`.missingKey`, an `update`) if `key` is not present; `body`
    ///   is then not called.
    /// - Complexity: O(1) on average, plus `body`.
    @inlinable
    public mutating func modifyRow<Result>(
        forKey key: Key, _ body: (inout Row) -> Result
    ) throws(KeyedListError) -> Result {
        guard let slot = _slotOfKey[key] else { throw KeyedListError(.missingKey, op: .update, at: 0, key: key) }
        defer { _checkInvariantsAfterMutation() }
        return body(&_slab[Int(slot)]!.row)
    }

    /// Removes the rows of `keys`.
    ///
    /// - Throws: `KeyedListError`: `.missingKey`, or `.duplicateKey` if `keys` names one twice.
    /// - Complexity: O(*n*) per key (a scan and a `memmove`) for up to 12 keys; past that, one
    ///   O(*n*) pass for them all.
    @inlinable
    public mutating func removeRows(forKeys keys: [Key]) throws(KeyedListError) {
        try apply(CollectionOfOne(.remove(keys)))
    }

    /// Moves the row of `key` before the row of `anchor`, or to the end if `anchor` is `nil`.
    ///
    /// - Throws: `KeyedListError`: `.missingKey`, `.invalidAnchor` (`anchor == key`) or
    ///   `.missingAnchor`.
    /// - Complexity: O(*n*) (two scans and two `memmove`s of the order; a few µs at 100,000 rows).
    @inlinable
    public mutating func moveRow(forKey key: Key, before anchor: Key?) throws(KeyedListError) {
        try apply(CollectionOfOne(.move(key, before: anchor)))
    }
}

extension KeyedList where Row: Identifiable, Row.ID == Key {
    /// Creates a list of `rows`, in that order, each keyed by its `id`.
    ///
    /// - Throws: `KeyedListError` (`.duplicateKey`, as op 0, a `reset`) if an id repeats.
    /// - Complexity: O(*m*) for *m* rows.
    @inlinable
    public init(uniqueRows rows: some Sequence<Row>) throws(KeyedListError) {
        try self.init(uniqueKeysWithRows: rows.lazy.map { ($0.id, $0) })
    }

    /// Inserts `row`, keyed by its `id`, before the row of `anchor` (`nil`: at the end).
    ///
    /// - Throws: `KeyedListError`: `.missingAnchor` or `.existingKey`.
    /// - Complexity: O(*n*), as `insert(_:forKey:before:)`.
    @inlinable
    public mutating func insert(_ row: Row, before anchor: Key? = nil) throws(KeyedListError) {
        try insert(row, forKey: row.id, before: anchor)
    }

    /// Replaces the row whose key is `row.id`, keeping its position.
    ///
    /// - Throws: `KeyedListError` (`.missingKey`) if no row has that key.
    /// - Complexity: O(1) on average; in place when the list is uniquely referenced.
    @inlinable
    public mutating func updateRow(_ row: Row) throws(KeyedListError) {
        try updateRow(row, forKey: row.id)
    }
}
