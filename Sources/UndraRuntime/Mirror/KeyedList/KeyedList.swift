/// An ordered collection of rows, each identified by a unique key: the storage of a store's list
/// signal.
///
/// A `KeyedList` is a `RandomAccessCollection` of rows (`Index == Int`) that also finds a row by
/// its key in O(1) and gives every key a stable identity (see `entries`). It changes through keyed
/// ops (`Op`) applied in all-or-nothing batches: a batch with one bad op throws a
/// `KeyedListError` and leaves the list exactly as it was. Outside input never traps.
///
/// It is a value type with copy-on-write: a copy costs O(1) and shares storage until one side
/// is mutated; a uniquely referenced list is mutated in place. Thread safety is a value's: any
/// number of threads may read a list at once, a mutation needs exclusive access to that variable,
/// and copies are independent. It is `Sendable` when `Key` and `Row` are.
///
/// ## Layout
///
/// Rows live in a slab addressed by stable slots; the order is an array of slots:
///
///     _slotOfKey  key → slot            (hash table)
///     _slab       slot → Entry?         (nil: a free slot, listed in _freeSlots)
///     _order      position → slot       (the list's order)
///
/// so `list[i]` is `_slab[_order[i]]`, a lookup by key is one hash lookup, and an insert, remove
/// or move edits `_order` with one `memmove` and never renumbers the other rows. Finding a key's
/// *position* is the one linear step: a vectorized scan of `_order` for its slot
/// (see docs/KEYED_LIST.md for the measurements behind this layout).
public struct KeyedList<Key: Hashable, Row> {
    /// Where each key's entry lives in `_slab`.
    @usableFromInline var _slotOfKey: [Key: UInt32]
    /// Entries by slot; `nil` marks a free slot.
    @usableFromInline var _slab: ContiguousArray<Entry?>
    /// The slots of the rows, in list order.
    @usableFromInline var _order: ContiguousArray<UInt32>
    /// Free slots, reused last in, first out.
    @usableFromInline var _freeSlots: ContiguousArray<UInt32>

    // Invariants (checked by `_checkInvariants()` in debug builds after every mutation):
    // - `_order` holds each occupied slot exactly once and no free slot;
    // - `_freeSlots` holds each free slot exactly once, and free slots hold `nil`;
    // - `_slotOfKey[_slab[s]!.key] == s` for every occupied slot `s`, and `_slotOfKey` has no
    //   other entries (so `_slotOfKey.count == _order.count`).

    /// Creates an empty list. Complexity: O(1).
    @inlinable
    public init() {
        _slotOfKey = [:]
        _slab = []
        _order = []
        _freeSlots = []
    }
}

extension KeyedList {
    /// A row with its key: the element of `entries`, and how the slab stores a row.
    ///
    /// `Identifiable` by its key, so `ForEach(list.entries) { entry in … }` keeps each row's
    /// identity across inserts, removes and moves.
    public struct Entry: Identifiable {
        /// The row's key.
        public let key: Key
        /// The row.
        public var row: Row

        /// The key, as the entry's identity. Complexity: O(1).
        @inlinable
        public var id: Key { key }

        /// Creates an entry. Complexity: O(1).
        @inlinable
        public init(key: Key, row: Row) {
            self.key = key
            self.row = row
        }
    }

    /// The entry at `position`; `position` must be a valid index.
    @inlinable
    func _entry(at position: Int) -> Entry {
        // The invariant guarantees that a slot in `_order` is occupied.
        _slab[Int(_order[position])].unsafelyUnwrapped
    }

    /// Stores `entry` in a free slot (or a new one) and returns the slot.
    @inlinable
    mutating func _allocateSlot(for entry: Entry) -> UInt32 {
        if let slot = _freeSlots.popLast() {
            _slab[Int(slot)] = entry
            return slot
        }
        precondition(_slab.count <= Int(UInt32.max), "KeyedList holds at most 2^32 rows")
        _slab.append(entry)
        return UInt32(truncatingIfNeeded: _slab.count - 1)
    }

    /// Empties `slot` and makes it available for reuse.
    @inlinable
    mutating func _freeSlot(_ slot: UInt32) {
        _slab[Int(slot)] = nil
        _freeSlots.append(slot)
    }
}

extension KeyedList: Sendable where Key: Sendable, Row: Sendable {}
extension KeyedList.Entry: Sendable where Key: Sendable, Row: Sendable {}
extension KeyedList.Entry: Equatable where Row: Equatable {}
