extension KeyedList {
    #if DEBUG
    /// Traps if the storage breaks one of the invariants listed in `KeyedList.swift`.
    /// Debug builds only (O(n)); every mutation calls it before returning.
    @inline(never)
    @usableFromInline
    func _checkInvariants() {
        precondition(_order.count == _slotOfKey.count, "order and key table disagree on the count")
        precondition(_slab.count == _order.count + _freeSlots.count, "a slot is lost or counted twice")
        var seen = [Bool](repeating: false, count: _slab.count)
        for slot in _order {
            let s = Int(slot)
            precondition(s < _slab.count && !seen[s], "slot \(s) is out of range or in order twice")
            seen[s] = true
            guard let entry = _slab[s] else { preconditionFailure("slot \(s) is in order but free") }
            precondition(_slotOfKey[entry.key] == slot, "key of slot \(s) does not map back to it")
        }
        for slot in _freeSlots {
            let s = Int(slot)
            precondition(s < _slab.count && !seen[s], "free slot \(s) is out of range or used")
            seen[s] = true
            precondition(_slab[s] == nil, "free slot \(s) holds an entry")
        }
    }
    #else
    /// Checks nothing: the invariants are checked in debug builds only.
    @inlinable
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
