extension KeyedList {
    /// Checks a batch of ops against the list as it is, as if they were applied one after
    /// another, without applying them.
    ///
    /// The list is neither mutated nor copied: key presence is simulated in a small overlay of
    /// the keys the batch names. The preconditions are listed on `Op`.
    ///
    /// - Throws: `KeyedListError` for the first op (in batch order) whose precondition fails.
    /// - Complexity: O(*m*) hash lookups for a batch naming *m* keys, plus O(*n*) if it contains
    ///   a `reset` of a list of *n* rows. It never depends on the list's size otherwise.
    @inlinable
    public func validate(_ ops: some Collection<Op>) throws(KeyedListError) {
        _ = try validatedBatch(ops)
    }

    /// A batch of ops checked against one state of a list, with the changes it will make.
    ///
    /// What `StoreMirror` holds between checking the ops of every field of a frame and applying
    /// them: `apply(_:)` of a validated batch does not check again and cannot fail, so it must be
    /// applied to the very list (unchanged) that validated it. Debug builds verify that.
    @usableFromInline
    struct ValidatedBatch<Ops: Collection<Op>> {
        @usableFromInline let ops: Ops
        @usableFromInline let changes: KeyedListChanges<Key>
        /// For a batch that replaces the whole list (see `_validatedReplacement`): the new key
        /// table, each key's slot its row's offset in the last reset.
        @usableFromInline let slotOfKey: [Key: UInt32]?

        @inlinable
        init(ops: Ops, changes: KeyedListChanges<Key>, slotOfKey: [Key: UInt32]? = nil) {
            self.ops = ops
            self.changes = changes
            self.slotOfKey = slotOfKey
        }
    }

    /// Checks `ops` like `validate(_:)` and returns them with the changes they will make.
    @inlinable
    func validatedBatch<Ops: Collection<Op>>(_ ops: Ops) throws(KeyedListError) -> ValidatedBatch<Ops> {
        if let replacement = try _validatedReplacement(ops) { return replacement }
        var simulation = _KeyedListBatchSimulation<Key>(base: _slotOfKey, expectedTouches: ops.underestimatedCount)
        for (index, op) in ops.enumerated() {
            switch op {
            case .reset(let rows):
                simulation.removeAll()
                for (key, _) in rows { try simulation.insert(key, op: .reset, at: index) }
            case .insert(let rows, let anchor):
                if let anchor { try simulation.requireAnchor(anchor, op: .insert, at: index) }
                for (key, _) in rows { try simulation.insert(key, op: .insert, at: index) }
            case .update(let key, _):
                try simulation.update(key, at: index)
            case .remove(let keys):
                for key in keys { try simulation.remove(key, at: index) }
            case .move(let key, let anchor):
                try simulation.move(key, before: anchor, at: index)
            }
        }
        return ValidatedBatch(ops: ops, changes: simulation.changes { keys })
    }
}

extension KeyedList {
    /// A batch of resets alone, all but the last empty (a snapshot's list, a query's whole
    /// result), checked in one pass that builds the list's new key table: `apply` takes that
    /// table as the list's. Nil for any other batch.
    ///
    /// The general path records each key in a simulation's table of touches, then `apply` builds
    /// the key table again (measured: two thirds of the mirror's share of loading 100,000 rows).
    /// The changes are the ones the simulation records, in the same order.
    @inlinable
    func _validatedReplacement<Ops: Collection<Op>>(_ ops: Ops) throws(KeyedListError) -> ValidatedBatch<Ops>? {
        var last: (rows: [(key: Key, row: Row)], opIndex: Int)?
        for (index, op) in ops.enumerated() {
            guard case .reset(let rows) = op, last?.rows.isEmpty ?? true else { return nil }
            last = (rows, index)
        }
        guard let (rows, opIndex) = last else { return nil }
        precondition(rows.count <= Int(UInt32.max), "KeyedList holds at most 2^32 rows")
        let base = _slotOfKey
        var slotOfKey: [Key: UInt32] = [:]
        slotOfKey.reserveCapacity(rows.count)
        var touches: [KeyedListChanges<Key>.Touch] = []
        touches.reserveCapacity(rows.count)
        var kept = 0
        for (offset, (key, _)) in rows.enumerated() {
            guard slotOfKey.updateValue(UInt32(truncatingIfNeeded: offset), forKey: key) == nil else {
                throw KeyedListError(.duplicateKey, op: .reset, at: opIndex, key: key)
            }
            let wasPresent = !base.isEmpty && base[key] != nil
            if wasPresent { kept += 1 }
            var touch = KeyedListChanges<Key>.Touch(key: key, wasPresent: wasPresent, isPresent: true)
            touch.written = true
            touch.placed = true
            touch.lastOp = opIndex
            touches.append(touch)
        }
        // The keys the reset dropped, in the list's order, as the simulation records them.
        if kept < base.count {
            for key in keys where slotOfKey[key] == nil {
                touches.append(KeyedListChanges<Key>.Touch(key: key, wasPresent: true, isPresent: false))
            }
        }
        return ValidatedBatch(ops: ops, changes: KeyedListChanges(_touches: touches), slotOfKey: slotOfKey)
    }
}
