extension KeyedList {
    /// The largest list (in rows, or in keys a batch names) that a debug build checks after
    /// every mutation. The full check is O(*n*): in a debug build it cost about 10 ms per insert
    /// at 50,000 rows (the insert itself: 0.7 ms), so a debug app with large lists ran at a
    /// fraction of its speed; at 1,000 rows it costs under 0.1 ms. Building with
    /// `-Xswiftc -DUNDRA_CHECK_INVARIANTS` checks every list after every mutation, at any size.
    @usableFromInline static var _debugCheckLimit: Int { 1_000 }

    #if DEBUG
    /// Traps if the storage breaks one of the invariants listed in `KeyedList.swift`.
    /// Debug builds only; O(*n*). Tests call it after every batch.
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

    /// Whether a debug build checks a list of `size` rows (or a batch naming `size` keys) after
    /// a mutation: up to `_debugCheckLimit`, or always with `UNDRA_CHECK_INVARIANTS`.
    @inlinable
    static func _debugChecks(size: Int) -> Bool {
        #if UNDRA_CHECK_INVARIANTS
        true
        #else
        size <= _debugCheckLimit
        #endif
    }

    /// After a mutation, in debug builds: `_checkInvariants()`, for a list no larger than
    /// `_debugCheckLimit` (any list, with `UNDRA_CHECK_INVARIANTS`).
    @inlinable
    func _checkInvariantsAfterMutation() {
        if Self._debugChecks(size: count) { _checkInvariants() }
    }
    #else
    /// Checks nothing: the invariants are checked in debug builds only.
    @inlinable
    @inline(__always)
    func _checkInvariants() {}

    /// Checks nothing: the invariants are checked in debug builds only.
    @inlinable
    @inline(__always)
    func _checkInvariantsAfterMutation() {}
    #endif
}
