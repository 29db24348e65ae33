import UndraRuntime

/// A row the incremental path read again: its key (and the key's database value, which identifies
/// it), its decoded row and its place in the order.
@usableFromInline
struct FreshRow<Key, Row> {
    @usableFromInline let key: Key
    @usableFromInline let id: DatabaseValue
    @usableFromInline let row: Row
    @usableFromInline let place: RowPlace
}

/// The ops for a refresh of the incremental path: given the rows whose ids changed, as the query
/// reads them now (nil: no longer in the result), the keyed ops that bring the list there, found
/// in O(changed rows × log n) without reading the other rows.
///
/// The list is sorted by the rows' old places. A changed row goes before the first unchanged row
/// that sorts after it (found by binary search over the list); the rows headed for one such gap
/// are placed there as `KeyedDiff.placements` does, and those already in that gap in the right
/// relative order stay put. So a row that changes without moving is an `update` alone.
@usableFromInline
enum IncrementalDiff {
    /// Why the ops could not be found: a key two rows share, two keys the database keeps apart
    /// that `Key`'s `==` calls equal (the first one's database value, then the second's), or a
    /// list that is not the one the state describes (then the whole result is read again).
    @usableFromInline
    enum Failure: Error, Equatable {
        case repeatedKey(String)
        case mergedKeys(DatabaseValue, DatabaseValue)
        case outOfStep
    }

    @inlinable
    static func ops<Key: Hashable & DatabaseValueConvertible, Row: Equatable>(
        list: KeyedList<Key, Row>, state: IncrementalState, changed: [Int64: FreshRow<Key, Row>?], order: SortOrder
    ) throws(Failure) -> (ops: [KeyedList<Key, Row>.Op], patch: IncrementalState.Patch) {
        // The list is the state's (checked in O(1) here, and at each lookup below): only this
        // path's frames change it.
        guard list.count == state.places.count else { throw .outOfStep }
        var changedKeys: Set<DatabaseValue> = []
        for rowid in changed.keys { if let key = state.key(ofRowid: rowid) { changedKeys.insert(key) } }
        var fresh: [FreshRow<Key, Row>] = []
        var freshKeys: Set<DatabaseValue> = []
        var patch = IncrementalState.Patch()
        for (rowid, row) in changed {
            if let oldKey = state.key(ofRowid: rowid), oldKey != row?.id { patch.clearedRowids.append(rowid) }
            guard let row else { continue }
            guard freshKeys.insert(row.id).inserted else { throw .repeatedKey(String(describing: row.key)) }
            // Another row, unchanged, already has this key.
            if let place = state.places[row.id], place.rowid != rowid, changed[place.rowid] == nil {
                throw .repeatedKey(String(describing: row.key))
            }
            fresh.append(row)
        }
        fresh.sort { order.compare($0.place, $1.place) < 0 }

        func id(at position: Int) -> DatabaseValue { list.key(at: position).databaseValue }
        var outOfStep = false
        func place(of id: DatabaseValue) -> RowPlace {
            if let place = state.places[id] { return place }
            outOfStep = true
            return RowPlace(rowid: 0, sortKey: .none)
        }
        func place(at position: Int) -> RowPlace { place(of: id(at: position)) }
        /// The first position whose row sorts after `target` (or at it, with `orEqual`).
        func bound(_ target: RowPlace, orEqual: Bool) -> Int {
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                let comparison = order.compare(place(at: middle), target)
                if comparison < 0 || (comparison == 0 && !orEqual) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        /// The first unchanged row at or after `position`: the anchor of a gap (list.count: the end).
        func anchor(from position: Int) -> Int {
            var position = position
            while position < list.count && changedKeys.contains(id(at: position)) { position += 1 }
            return position
        }

        // Keys the database keeps apart (by their bytes) that `Key` calls equal (a `String`'s
        // canonically equivalent texts), held by two fresh rows or by a new row and an unchanged
        // one: the list cannot hold both. (A row leaving as its twin comes is no conflict.)
        if fresh.count > 1 {
            var seen: [Key: DatabaseValue] = [:]
            seen.reserveCapacity(fresh.count)
            for row in fresh {
                if let first = seen.updateValue(row.id, forKey: row.key) { throw .mergedKeys(first, row.id) }
            }
        }
        for row in fresh where state.places[row.id] == nil {
            guard let held = list._heldKey(equalTo: row.key)?.databaseValue else { continue }
            if held != row.id && !changedKeys.contains(held) { throw .mergedKeys(held, row.id) }
        }

        var ops: [KeyedList<Key, Row>.Op] = []
        let removed = changedKeys.subtracting(freshKeys).sorted { order.compare(place(of: $0), place(of: $1)) < 0 }
        if !removed.isEmpty {
            // The list's own keys (the state has their database values): found where they are.
            ops.append(.remove(removed.compactMap { removedID in
                let position = bound(place(of: removedID), orEqual: true)
                guard position < list.count, id(at: position) == removedID else {
                    outOfStep = true
                    return nil
                }
                return list.key(at: position)
            }))
        }
        patch.removedKeys = removed
        for row in fresh {
            patch.placed.append((row.id, row.place))
            if state.places[row.id] != nil, let old = list[id: row.key], old != row.row { ops.append(.update(row.key, row.row)) }
        }
        // Group the fresh rows by the gap they go to (the groups are runs: `fresh` is sorted).
        var start = 0
        while start < fresh.count {
            let target = anchor(from: bound(fresh[start].place, orEqual: false))
            var end = start + 1
            while end < fresh.count && anchor(from: bound(fresh[end].place, orEqual: false)) == target { end += 1 }
            let group = fresh[start..<end]
            // Rows of this gap already in it, in their new order, by old position.
            var staying: [(key: Key, oldPosition: Int)] = []
            for row in group {
                guard let oldPlace = state.places[row.id] else { continue }
                let oldPosition = bound(oldPlace, orEqual: true)
                if anchor(from: oldPosition + 1) == target { staying.append((row.key, oldPosition)) }
            }
            let kept = Set(KeyedDiff.longestIncreasingRun(staying.map(\.oldPosition)).map { staying[$0].key })
            ops += KeyedDiff.placements(
                of: group.map { (key: $0.key, row: $0.row) }[...], before: target < list.count ? list.key(at: target) : nil,
                isNew: { state.places[$0.databaseValue] == nil }, kept: kept)
            start = end
        }
        if outOfStep { throw .outOfStep }
        return (ops, patch)
    }
}
