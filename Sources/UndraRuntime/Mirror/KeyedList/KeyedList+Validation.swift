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

        @inlinable
        init(ops: Ops, changes: KeyedListChanges<Key>) {
            self.ops = ops
            self.changes = changes
        }
    }

    /// Checks `ops` like `validate(_:)` and returns them with the changes they will make.
    @inlinable
    func validatedBatch<Ops: Collection<Op>>(_ ops: Ops) throws(KeyedListError) -> ValidatedBatch<Ops> {
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
