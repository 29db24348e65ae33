extension KeyedList {
    /// From this many ops that place a row before an anchor (a `move`, an `insert` before a
    /// key), a batch is applied with one pass over the order (`_OrderPlacement`) instead of a
    /// scan and a `memmove` of the order for each (measured at 100,000 rows: about 8 µs per op
    /// one by one, 55–60 µs for the pass and its tables; 10 moves 80 → 59 µs, 100 moves
    /// 790 → 74 µs). Both scale with the list's size, so the crossover does not.
    @inlinable
    static var _placingPassThreshold: Int { 8 }

    /// How a batch is applied, from one look at its ops: from its last `reset`, if any (nothing
    /// the ops before it did outlives it), and in one pass over the order if at least
    /// `_placingPassThreshold` of the ops after it place a row before an anchor. A `remove` does
    /// not count: on its own it scans for up to 12 keys and compacts the order for more, which
    /// costs less than the pass's tables (measured: 1,000 keys out of 100,000 rows, 44 µs less);
    /// in a batch applied in one pass, the pass takes its keys out too. O(ops).
    @inlinable
    static func _plan<Ops: Collection<Op>>(of ops: Ops) -> (lastReset: Ops.Index?, inOnePass: Bool) {
        var lastReset: Ops.Index?
        var placing = 0
        for index in ops.indices {
            switch ops[index] {
            case .reset:
                lastReset = index
                placing = 0
            case .insert(_, let anchor):
                if anchor != nil { placing += 1 }
            case .move:
                placing += 1
            case .update, .remove:
                break
            }
        }
        return (lastReset, placing >= _placingPassThreshold)
    }

    /// Applies a validated batch without a `reset`, recording where each op puts rows, then
    /// building the new order in one pass; removed rows' slots are freed at the end (so that no
    /// slot is reused within the batch). Same result as applying the ops one by one.
    ///
    /// - Complexity: O(*n* + *m*) for a list of *n* rows and a batch naming *m* keys.
    @inlinable
    mutating func _applyInOnePass(_ ops: some Collection<Op>) {
        var placement = _OrderPlacement(slabCount: _slab.count)
        var freed: [UInt32] = []
        for op in ops {
            switch op {
            case .reset:
                preconditionFailure("KeyedList: a batch with a reset is applied op by op")
            case .insert(let rows, let anchor):
                let anchorSlot = anchor.map { _slotOfKey[$0]! }
                for (key, row) in rows {
                    let slot = _allocateSlot(for: Entry(key: key, row: row))
                    _slotOfKey[key] = slot
                    placement.place(slot, before: anchorSlot)
                }
            case .update(let key, let row):
                _writeRow(row, atSlot: _slotOfKey[key]!)
            case .remove(let keys):
                for key in keys {
                    let slot = _slotOfKey.removeValue(forKey: key)!
                    placement.unplace(slot)
                    freed.append(slot)
                }
            case .move(let key, let anchor):
                let slot = _slotOfKey[key]!
                placement.unplace(slot)
                placement.place(slot, before: anchor.map { _slotOfKey[$0]! })
            }
        }
        _order = placement.order(from: _order, count: _slotOfKey.count)
        for slot in freed { _freeSlot(slot) }
    }
}
