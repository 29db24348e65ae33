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
    /// The four tables, in one object: a copy of the list (a read from a store, a delivery to a
    /// subscriber) is then one retain and one release, not four of each.
    @usableFromInline var _storage: _KeyedListStorage<Key, Row>

    /// Where each key's entry lives in `_slab`.
    @inlinable var _slotOfKey: [Key: UInt32] {
        get { _storage.slotOfKey }
        _modify {
            _makeUnique()
            yield &_storage.slotOfKey
        }
    }

    /// Entries by slot; `nil` marks a free slot.
    @inlinable var _slab: ContiguousArray<Entry?> {
        get { _storage.slab }
        _modify {
            _makeUnique()
            yield &_storage.slab
        }
    }

    /// The slots of the rows, in list order.
    @inlinable var _order: ContiguousArray<UInt32> {
        get { _storage.order }
        _modify {
            _makeUnique()
            yield &_storage.order
        }
    }

    /// Free slots, reused last in, first out.
    @inlinable var _freeSlots: ContiguousArray<UInt32> {
        get { _storage.freeSlots }
        _modify {
            _makeUnique()
            yield &_storage.freeSlots
        }
    }

    // Invariants (checked by `_checkInvariants()` in debug builds after every mutation of a
    // list of up to `_debugCheckLimit` rows):
    // - `_order` holds each occupied slot exactly once and no free slot;
    // - `_freeSlots` holds each free slot exactly once, and free slots hold `nil`;
    // - `_slotOfKey[_slab[s]!.key] == s` for every occupied slot `s`, and `_slotOfKey` has no
    //   other entries (so `_slotOfKey.count == _order.count`).

    /// Creates an empty list. Complexity: O(1).
    @inlinable
    public init() {
        _storage = _KeyedListStorage(slotOfKey: [:], slab: [], order: [], freeSlots: [])
    }

    /// Before a mutation: gives this list its own storage object if it shares one (its tables
    /// stay shared until each is written: they are copy-on-write too).
    @inlinable
    mutating func _makeUnique() {
        if !isKnownUniquelyReferenced(&_storage) {
            _storage = _KeyedListStorage(
                slotOfKey: _storage.slotOfKey, slab: _storage.slab, order: _storage.order,
                freeSlots: _storage.freeSlots)
        }
    }
}

/// The tables of a `KeyedList`. Only a list that references it uniquely writes to it (see
/// `KeyedList._makeUnique()`), which is the exclusivity the unchecked properties rely on.
@usableFromInline
final class _KeyedListStorage<Key: Hashable, Row> {
    @usableFromInline @exclusivity(unchecked) var slotOfKey: [Key: UInt32]
    @usableFromInline @exclusivity(unchecked) var slab: ContiguousArray<KeyedList<Key, Row>.Entry?>
    @usableFromInline @exclusivity(unchecked) var order: ContiguousArray<UInt32>
    @usableFromInline @exclusivity(unchecked) var freeSlots: ContiguousArray<UInt32>

    @inlinable
    init(
        slotOfKey: [Key: UInt32], slab: ContiguousArray<KeyedList<Key, Row>.Entry?>, order: ContiguousArray<UInt32>,
        freeSlots: ContiguousArray<UInt32>
    ) {
        self.slotOfKey = slotOfKey
        self.slab = slab
        self.order = order
        self.freeSlots = freeSlots
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

extension KeyedList: @unchecked Sendable where Key: Sendable, Row: Sendable {}
// @unchecked: the storage object is shared between copies but written only by a list that
// references it uniquely (copy-on-write), so a value is as safe to send as its arrays.
extension KeyedList.Entry: Sendable where Key: Sendable, Row: Sendable {}
extension KeyedList.Entry: Equatable where Row: Equatable {}
