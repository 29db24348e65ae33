/// What the incremental path keeps beside the mirror's list: each key's place in the order (its
/// row id and ORDER BY values), and the key of each row id. The list's keys are exactly `places`'
/// keys, and the list is in `places`' order.
///
/// Keys are held as their database values: the state's tables are then of one concrete type,
/// which the compiler specializes, where tables of the list's generic `Key` ran as unspecialized
/// generic code (measured: a hash-table insert was most of the cost of loading a row).
struct IncrementalState {
    /// Each key's place.
    private(set) var places: [DatabaseValue: RowPlace] = [:]
    /// The key of each row id; nil while every key is its own row's id (`.integer(rowid)`, the
    /// usual `id INTEGER PRIMARY KEY` key), which then needs no table of its own.
    private var keyOfRowid: [Int64: DatabaseValue]?

    init() {}

    /// The state of a whole result: its keys and places, in order. Throws the first key that
    /// repeats, as `describe` names the key at an index.
    init(ids: [DatabaseValue], places: [RowPlace], describe: (Int) -> String) throws(RepeatedKey) {
        self.places.reserveCapacity(ids.count)
        var keyIsRowid = true
        for (index, (id, place)) in zip(ids, places).enumerated() {
            guard self.places.updateValue(place, forKey: id) == nil else { throw RepeatedKey(key: describe(index)) }
            if keyIsRowid && id != .integer(place.rowid) { keyIsRowid = false }
        }
        if !keyIsRowid { keyOfRowid = Self.keys(ofRowids: zip(places.lazy.map(\.rowid), ids), count: ids.count) }
    }

    /// The key of each row id. (Row ids are unique in a table; were one to repeat, the last key
    /// would win, where `Dictionary(uniqueKeysWithValues:)` would trap.)
    private static func keys(
        ofRowids pairs: some Sequence<(Int64, DatabaseValue)>, count: Int
    ) -> [Int64: DatabaseValue] {
        var keys: [Int64: DatabaseValue] = [:]
        keys.reserveCapacity(count)
        for (rowid, key) in pairs { keys[rowid] = key }
        return keys
    }

    /// The key of the row whose id is `rowid`, if that row is in the list. O(1).
    func key(ofRowid rowid: Int64) -> DatabaseValue? {
        if let keyOfRowid { return keyOfRowid[rowid] }
        return places[.integer(rowid)]?.rowid == rowid ? .integer(rowid) : nil
    }

    /// The state after a refresh that found `patch`.
    mutating func apply(_ patch: Patch) {
        for key in patch.removedKeys { places[key] = nil }
        if keyOfRowid != nil { for rowid in patch.clearedRowids { keyOfRowid![rowid] = nil } }
        for (key, place) in patch.placed {
            if keyOfRowid == nil && key != .integer(place.rowid) {
                keyOfRowid = Self.keys(ofRowids: self.places.lazy.map { ($1.rowid, $0) }, count: self.places.count)
            }
            places[key] = place
            keyOfRowid?[place.rowid] = key
        }
    }

    /// What one refresh changes.
    struct Patch {
        var removedKeys: [DatabaseValue] = []
        var clearedRowids: [Int64] = []
        var placed: [(key: DatabaseValue, place: RowPlace)] = []
    }
}

/// A key that two rows share: the list cannot hold both.
struct RepeatedKey: Error {
    /// The key, as `String(describing:)` gives it.
    let key: String
}
