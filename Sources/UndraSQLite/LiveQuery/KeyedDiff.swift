import UndraRuntime

/// The keyed ops that turn a list into a new result: removes, then updates, then inserts and moves,
/// with as few moves as the order allows (the rows that keep their relative order, the longest
/// increasing run of their old positions, stay where they are).
///
/// Used by the re-query path (the whole result is new) and, within one gap between unchanged rows,
/// by the incremental path.
@usableFromInline
enum KeyedDiff {
    /// The ops from `old` to `new` (keys in `new` are distinct).
    ///
    /// Keys are compared by their database values, whose tables are of one concrete type (see
    /// `IncrementalState`).
    ///
    /// - Complexity: O(n log n) in the rows of both, and O(1) ops per row that changed.
    @inlinable
    static func ops<Key: Hashable & DatabaseValueConvertible, Row: Equatable>(
        from old: KeyedList<Key, Row>, to new: [(key: Key, row: Row)]
    ) -> [KeyedList<Key, Row>.Op] {
        var newPosition: [DatabaseValue: Int] = [:]
        newPosition.reserveCapacity(new.count)
        for (position, entry) in new.enumerated() { newPosition[entry.key.databaseValue] = position }
        var ops: [KeyedList<Key, Row>.Op] = []
        var oldPosition: [DatabaseValue: Int] = [:]
        oldPosition.reserveCapacity(old.count)
        var removed: [Key] = []
        for (position, entry) in old.entries.enumerated() {
            let id = entry.key.databaseValue
            if let newIndex = newPosition[id] {
                oldPosition[id] = position
                if entry.row != new[newIndex].row { ops.append(.update(entry.key, new[newIndex].row)) }
            } else {
                removed.append(entry.key)
            }
        }
        if !removed.isEmpty { ops.insert(.remove(removed), at: 0) }
        // The rows already in the list, in their new order, by old position: the longest
        // increasing run of those stays put.
        var common: [Int] = [], commonOldPositions: [Int] = []
        for (index, entry) in new.enumerated() {
            if let position = oldPosition[entry.key.databaseValue] {
                common.append(index)
                commonOldPositions.append(position)
            }
        }
        let kept = Set(longestIncreasingRun(commonOldPositions).map { new[common[$0]].key })
        ops += placements(of: new[...], before: nil, isNew: { oldPosition[$0.databaseValue] == nil }, kept: kept)
        return ops
    }

    /// The inserts and moves that put `rows`, in order, right before `anchor` (nil: the end), given
    /// that the rows of `kept` are already there in that order and the rows for which `isNew` is
    /// true are not in the list.
    ///
    /// Works from the last row back: each row goes right before the one that follows it, which is
    /// already in place (a kept row, or one this placed), so every row ends up before its successor.
    @inlinable
    static func placements<Key: Hashable, Row>(
        of rows: ArraySlice<(key: Key, row: Row)>, before anchor: Key?, isNew: (Key) -> Bool, kept: Set<Key>
    ) -> [KeyedList<Key, Row>.Op] {
        var ops: [KeyedList<Key, Row>.Op] = []
        var next = anchor
        var run: [(key: Key, row: Row)] = []  // New rows, last first.
        func flush() {
            guard !run.isEmpty else { return }
            ops.append(.insert(run.reversed(), before: next))
            next = run[run.count - 1].key
            run.removeAll()
        }
        for entry in rows.reversed() {
            if isNew(entry.key) {
                run.append(entry)
                continue
            }
            flush()
            if !kept.contains(entry.key) { ops.append(.move(entry.key, before: next)) }
            next = entry.key
        }
        flush()
        return ops
    }

    /// The indices of a longest strictly increasing subsequence of `values`. O(n log n).
    @usableFromInline
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        // tails[k]: the index of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails[tails.count - 1]
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}
