extension KeyedList {
    /// Checks a batch of ops, then applies them one after another: all or nothing.
    ///
    /// - Returns: the batch's net changes, key by key.
    /// - Throws: `KeyedListError` for the first op whose precondition fails (see `Op`); the list
    ///   is then exactly as it was.
    /// - Complexity: an `update` costs O(1) (a hash lookup and a write in place, when the list is
    ///   uniquely referenced); an `insert`, `remove` or `move` costs O(*n*) for a list of *n* rows,
    ///   as a vectorized scan and a `memmove` of the order (a few µs at 100,000 rows), plus O(1)
    ///   per named key; a `reset` costs O(*n* + *m*). A batch with 8 or more moves and inserts
    ///   before anchors is applied in one pass over the order: O(*n* + *m*) in all for *m* named
    ///   keys (100 moves in 100,000 rows: 74 µs instead of 790).
    @inlinable
    @discardableResult
    public mutating func apply(_ ops: some Collection<Op>) throws(KeyedListError) -> KeyedListChanges<Key> {
        apply(try validatedBatch(ops))
    }

    /// Applies a batch that `validatedBatch(_:)` checked against this list, unchanged since.
    /// Cannot fail; returns the batch's changes.
    @inlinable
    @discardableResult
    mutating func apply<Ops>(_ batch: ValidatedBatch<Ops>) -> KeyedListChanges<Key> {
        #if DEBUG
        // Validating again costs what validating did (O(keys named)): checked for batches up
        // to the size whose invariants a debug build checks.
        if Self._debugChecks(size: batch.changes._touches.count) {
            precondition(
                (try? validatedBatch(batch.ops))?.changes == batch.changes,
                "a batch was applied to a list other than the one that validated it")
        }
        #endif
        let plan = Self._plan(of: batch.ops)
        var ops = batch.ops[...]
        if let lastReset = plan.lastReset, case .reset(let rows) = batch.ops[lastReset] {
            if let slotOfKey = batch.slotOfKey {
                _replaceAll(with: rows, slotOfKey: slotOfKey)
            } else {
                _replaceAll(with: rows)
            }
            ops = batch.ops[batch.ops.index(after: lastReset)...]
        }
        if plan.inOnePass {
            _applyInOnePass(ops)
        } else {
            for op in ops { _applyAlone(op) }
        }
        _checkInvariantsAfterMutation()
        return batch.changes
    }
}

// The storage edits behind the ops; each assumes its op was validated.
extension KeyedList {
    /// Applies one op of a validated batch on its own: an `insert` or a `move` before an anchor
    /// scans for the anchor and opens a gap with a `memmove`.
    @inlinable
    mutating func _applyAlone(_ op: Op) {
        switch op {
        case .reset(let rows):
            _replaceAll(with: rows)
        case .insert(let rows, let anchor):
            _insert(rows, at: anchor.map(_position(ofPresentKey:)) ?? count)
        case .update(let key, let row):
            _writeRow(row, atSlot: _slotOfKey[key]!)
        case .remove(let keys):
            _remove(keys)
        case .move(let key, let anchor):
            let slot = _slotOfKey[key]!
            let from = _position(ofSlot: slot)
            // Where the row lands once it has left `from` (the anchor's place shifts down by one
            // when it lies after it).
            var to = anchor.map(_position(ofPresentKey:)) ?? count
            if to > from { to -= 1 }
            _shift(slot, from: from, to: to)
        }
    }

    /// Moves the slot at position `from` to position `to`: one `memmove` of the positions between
    /// the two, where a remove and an insert moved every position after each (measured: at
    /// 100,000 rows, the two memmoves were two thirds of a live query's one-row update).
    @inlinable
    mutating func _shift(_ slot: UInt32, from: Int, to: Int) {
        guard from != to else { return }
        _order.withUnsafeMutableBufferPointer { order in
            let base = order.baseAddress!
            let stride = MemoryLayout<UInt32>.stride
            if from < to {
                UnsafeMutableRawPointer(base + from).copyMemory(from: base + from + 1, byteCount: (to - from) * stride)
            } else {
                UnsafeMutableRawPointer(base + to + 1).copyMemory(from: base + to, byteCount: (from - to) * stride)
            }
            base[to] = slot
        }
    }

    /// Replaces the row in `slot`, which `_slot(of:)` returned for this list, unchanged since.
    /// O(1); in place when the list is uniquely referenced.
    @inlinable
    mutating func _writeRow(_ row: Row, atSlot slot: UInt32) {
        _slab[Int(slot)]!.row = row
    }

    /// Runs `body` with the slab, made unique once for all the rows `body` writes (each through
    /// `_writeRow` checked uniqueness twice: the storage's and the array's). `body` may only
    /// replace rows in slots `_slot(of:)` returned, and must not touch the list otherwise.
    @inlinable
    mutating func _withUniqueSlab<Result>(_ body: (UnsafeMutableBufferPointer<Entry?>) -> Result) -> Result {
        _makeUnique()
        return _storage.slab.withUnsafeMutableBufferPointer { body($0) }
    }

    @inlinable
    mutating func _replaceAll(with rows: [(key: Key, row: Row)]) {
        _slotOfKey.removeAll(keepingCapacity: true)
        _slab.removeAll(keepingCapacity: true)
        _order.removeAll(keepingCapacity: true)
        _freeSlots.removeAll(keepingCapacity: true)
        _slotOfKey.reserveCapacity(rows.count)
        _insert(rows, at: 0)
    }

    /// Replaces the list with `rows`, whose key table `slotOfKey` is built (row *i* in slot *i*):
    /// new tables, so a list that shares its storage is not copied first.
    @inlinable
    mutating func _replaceAll(with rows: [(key: Key, row: Row)], slotOfKey: [Key: UInt32]) {
        _storage = _KeyedListStorage(
            slotOfKey: slotOfKey, slab: ContiguousArray(rows.lazy.map { Entry?(Entry(key: $0.key, row: $0.row)) }),
            order: ContiguousArray(0..<UInt32(truncatingIfNeeded: rows.count)), freeSlots: [])
    }

    /// Inserts `rows` at `position`: one `memmove` opens the gap, whatever their number.
    @inlinable
    mutating func _insert(_ rows: [(key: Key, row: Row)], at position: Int) {
        _order.insert(contentsOf: repeatElement(0, count: rows.count), at: position)
        for (offset, (key, row)) in rows.enumerated() {
            let slot = _allocateSlot(for: Entry(key: key, row: row))
            _slotOfKey[key] = slot
            _order[position + offset] = slot
        }
    }

    /// Up to this many keys, a `remove` scans for each key and closes its gap (3.5 µs per key
    /// at 100,000 rows, measured); past it, one pass compacts the order for all of them
    /// (40 µs at 100,000 rows). Both scale with the list's size, so the crossover does not.
    @inlinable
    static var _scanningRemoveLimit: Int { 12 }

    @inlinable
    mutating func _remove(_ keys: [Key]) {
        if keys.count <= Self._scanningRemoveLimit {
            for key in keys {
                let slot = _slotOfKey.removeValue(forKey: key)!
                _order.remove(at: _position(ofSlot: slot))
                _freeSlot(slot)
            }
            return
        }
        var isRemoved = [Bool](repeating: false, count: _slab.count)
        for key in keys {
            let slot = _slotOfKey.removeValue(forKey: key)!
            isRemoved[Int(slot)] = true
            _freeSlot(slot)
        }
        _order.removeLast(_order.count - _compactOrder(droppingSlotsIn: isRemoved))
    }

    /// Moves the slots to keep to the front of `_order`, in order, and returns their count.
    ///
    /// Hand-written and branch-free: `removeAll(where:)` took 133 µs at 100,000 rows, this
    /// loop 40 µs (measured).
    @inlinable
    mutating func _compactOrder(droppingSlotsIn isRemoved: [Bool]) -> Int {
        _order.withUnsafeMutableBufferPointer { order in
            isRemoved.withUnsafeBufferPointer { isRemoved in
                var kept = 0
                for slot in order {
                    order[kept] = slot
                    kept &+= isRemoved[Int(slot)] ? 0 : 1
                }
                return kept
            }
        }
    }
}
