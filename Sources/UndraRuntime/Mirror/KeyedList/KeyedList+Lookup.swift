extension KeyedList {
    /// The row for `key`, or `nil` if the list has no such key.
    ///
    /// Complexity: O(1) on average (one hash lookup).
    @inlinable
    public subscript(id key: Key) -> Row? {
        guard let slot = _slotOfKey[key] else { return nil }
        return _slab[Int(slot)].unsafelyUnwrapped.row
    }

    /// Whether the list has a row for `key`.
    ///
    /// Complexity: O(1) on average.
    @inlinable
    public func contains(key: Key) -> Bool {
        _slotOfKey[key] != nil
    }

    /// The slot of `key`'s row, or `nil` if the list has no such key: what a validated `update`
    /// writes through (`_writeRow(_:atSlot:)`) without hashing the key again. O(1) on average.
    @inlinable
    func _slot(of key: Key) -> UInt32? {
        _slotOfKey[key]
    }

    /// The key the list holds that `==` calls equal to `key`, or `nil`: `key` itself, unless
    /// `Key`'s equality is looser than its bytes (a `String`'s canonically equivalent texts).
    /// O(1) on average.
    @inlinable
    package func _heldKey(equalTo key: Key) -> Key? {
        guard let slot = _slotOfKey[key] else { return nil }
        return _slab[Int(slot)].unsafelyUnwrapped.key
    }

    /// The position of `key`'s row, or `nil` if the list has no such key.
    ///
    /// Complexity: O(*n*): a vectorized scan of the order, up to the row (about 2 µs for a row in
    /// the middle of 100,000). Reading a row by key (`subscript(id:)`) does not need it.
    @inlinable
    public func position(of key: Key) -> Int? {
        guard let slot = _slotOfKey[key] else { return nil }
        return _position(ofSlot: slot)
    }

    /// The position of the row of `key`, which must be present.
    @inlinable
    func _position(ofPresentKey key: Key) -> Int {
        _position(ofSlot: _slotOfKey[key]!)
    }

    /// The position of `slot`, which must be occupied.
    @inlinable
    func _position(ofSlot slot: UInt32) -> Int {
        _firstIndex(of: slot, in: _order)!
    }
}

/// The first index of `slot` in `order`, or `nil`.
///
/// Why hand-vectorized: `firstIndex(of:)` compares one element per step (12 µs for 50,000
/// slots here, measured); comparing 16 slots at a time and searching inside the one block
/// that matches takes 2 µs. Not generic, so it is compiled once, in this module.
@usableFromInline
func _firstIndex(of slot: UInt32, in order: ContiguousArray<UInt32>) -> Int? {
    order.withUnsafeBufferPointer { slots in
        guard let base = slots.baseAddress else { return nil }
        let block = SIMD16<UInt32>.scalarCount
        let wanted = SIMD16<UInt32>(repeating: slot)
        let raw = UnsafeRawPointer(base)
        var start = 0
        while start + block <= slots.count {
            let candidates = raw.loadUnaligned(fromByteOffset: start * 4, as: SIMD16<UInt32>.self)
            if any(candidates .== wanted) { break }
            start += block
        }
        return slots[start...].firstIndex(of: slot)
    }
}
