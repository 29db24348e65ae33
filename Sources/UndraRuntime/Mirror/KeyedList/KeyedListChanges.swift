/// What one applied batch of keyed-list ops changed, key by key: the net effect of the batch.
///
/// Each key appears at most once per array, in the order the batch first named it (keys that a
/// `reset` dropped without naming them come last, in their old list order).
/// - `inserted`: absent before the batch, present after it.
/// - `removed`: present before, absent after. A key inserted and then removed in one batch is
///   in neither array.
/// - `updated`: present before and after, and its row was written (by an `update`, or by an
///   `insert` or `reset` that brought it back).
/// - `moved`: present before and after, and placed by a `move` (or put back by an `insert` or
///   `reset`). Rows that only shifted because others came or went are not moved.
///
/// The report is the record that validating the batch kept of every key it named (one array,
/// built anyway), so producing it costs nothing extra; each view filters that record.
public struct KeyedListChanges<Key: Hashable> {
    /// What the batch did to one key it named.
    @usableFromInline
    struct Touch {
        @usableFromInline let key: Key
        /// Present before the batch.
        @usableFromInline let wasPresent: Bool
        /// Present after the batch (while validating: after the ops checked so far).
        @usableFromInline var isPresent: Bool
        /// Its row was written by an update, insert or reset.
        @usableFromInline var written = false
        /// It was placed by a move, insert or reset.
        @usableFromInline var placed = false
        /// The op that last inserted or removed it (-1: none), so that validation can tell a key
        /// named twice in one op from a key an earlier op inserted or removed.
        @usableFromInline var lastOp = -1

        @inlinable
        init(key: Key, wasPresent: Bool, isPresent: Bool) {
            self.key = key
            self.wasPresent = wasPresent
            self.isPresent = isPresent
        }
    }

    /// Every key the batch named, in first-touch order, then the keys a reset dropped.
    @usableFromInline var _touches: [Touch]

    @inlinable
    init(_touches: [Touch]) {
        self._touches = _touches
    }

    /// Creates a change report. Complexity: O(*k*) for *k* keys.
    @inlinable
    public init(inserted: [Key] = [], removed: [Key] = [], updated: [Key] = [], moved: [Key] = []) {
        var touches = inserted.map { Touch(key: $0, wasPresent: false, isPresent: true) }
        touches += removed.map { Touch(key: $0, wasPresent: true, isPresent: false) }
        for key in updated {
            touches.append(Touch(key: key, wasPresent: true, isPresent: true))
            touches[touches.count - 1].written = true
        }
        for key in moved {
            touches.append(Touch(key: key, wasPresent: true, isPresent: true))
            touches[touches.count - 1].placed = true
        }
        self.init(_touches: touches)
    }

    /// Keys absent before the batch and present after it. Complexity: O(*k*) for *k* named keys.
    @inlinable
    public var inserted: [Key] { _keys { !$0.wasPresent && $0.isPresent } }

    /// Keys present before the batch and absent after it. Complexity: O(*k*).
    @inlinable
    public var removed: [Key] { _keys { $0.wasPresent && !$0.isPresent } }

    /// Keys present before and after the batch whose row was written. Complexity: O(*k*).
    @inlinable
    public var updated: [Key] { _keys { $0.wasPresent && $0.isPresent && $0.written } }

    /// Keys present before and after the batch that were explicitly placed. Complexity: O(*k*).
    @inlinable
    public var moved: [Key] { _keys { $0.wasPresent && $0.isPresent && $0.placed } }

    /// Whether the batch changed nothing. Complexity: O(*k*).
    @inlinable
    public var isEmpty: Bool {
        !_touches.contains { $0.wasPresent != $0.isPresent || ($0.isPresent && ($0.written || $0.placed)) }
    }

    @inlinable
    func _keys(where isIncluded: (Touch) -> Bool) -> [Key] {
        _touches.lazy.filter(isIncluded).map(\.key)
    }
}

extension KeyedListChanges: Hashable {
    /// Whether two reports list the same keys, in the same order, in each of their arrays.
    /// Complexity: O(*k*).
    @inlinable
    public static func == (lhs: KeyedListChanges, rhs: KeyedListChanges) -> Bool {
        lhs.inserted == rhs.inserted && lhs.removed == rhs.removed
            && lhs.updated == rhs.updated && lhs.moved == rhs.moved
    }

    /// Hashes the four arrays. Complexity: O(*k*).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(inserted)
        hasher.combine(removed)
        hasher.combine(updated)
        hasher.combine(moved)
    }
}

extension KeyedListChanges: CustomStringConvertible {
    /// The four arrays, such as `inserted: [4], removed: [], updated: [1, 2], moved: []`.
    /// Complexity: O(*k*).
    public var description: String {
        "inserted: \(inserted), removed: \(removed), updated: \(updated), moved: \(moved)"
    }
}

extension KeyedListChanges: Sendable where Key: Sendable {}
extension KeyedListChanges.Touch: Sendable where Key: Sendable {}
