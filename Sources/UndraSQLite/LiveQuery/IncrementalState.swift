import UndraRuntime

/// What the incremental path keeps beside the mirror's list: each key's place in the order (its
/// row id and ORDER BY values), and the key of each row id. The list's keys are exactly `places`'
/// keys, and the list is in `places`' order.
///
/// Keys are held as their database values: the state's tables are then of one concrete type,
/// which the compiler specializes, where tables of the list's generic `Key` ran as unspecialized
/// generic code (measured: a hash-table insert was most of the cost of loading a row).
@usableFromInline
struct IncrementalState {
    /// Each key's place.
    @usableFromInline private(set) var places = Places()
    /// The key of each row id; nil while every key is its own row's id (`.integer(rowid)`, the
    /// usual `id INTEGER PRIMARY KEY` key), which then needs no table of its own.
    private var keyOfRowid: [Int64: DatabaseValue]?

    init() {}

    /// The state of a whole result: its keys and places, in order. Throws the first key that
    /// repeats, as `describe` names the key at an index.
    init(ids: [DatabaseValue], places: [RowPlace], describe: (Int) -> String) throws(RepeatedKey) {
        self.places = try Places(ids: ids, places: places, describe: describe)
        if zip(ids, places).contains(where: { $0 != .integer($1.rowid) }) {
            keyOfRowid = Self.keys(ofRowids: zip(places.lazy.map(\.rowid), ids), count: ids.count)
        }
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
    @usableFromInline
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
                keyOfRowid = Self.keys(ofRowids: self.places.rowidsAndKeys, count: self.places.count)
            }
            places[key] = place
            keyOfRowid?[place.rowid] = key
        }
    }

    /// What one refresh changes.
    @usableFromInline
    struct Patch {
        @usableFromInline var removedKeys: [DatabaseValue] = []
        @usableFromInline var clearedRowids: [Int64] = []
        @usableFromInline var placed: [(key: DatabaseValue, place: RowPlace)] = []

        @usableFromInline init() {}
    }
}

extension IncrementalState {
    /// Each key's place: tables of key → entry, and the entries in an array of their own.
    ///
    /// One dictionary of places held them in its buckets, a quarter to a half of them empty:
    /// 23 MB written at random for 100,000 keys with two ORDER BY terms, a third of the cost of
    /// loading them. Here the places are written in order, and the integer keys' table is 2 MB
    /// (measured, interleaved runs: the load of 100,000 rows went from 3.8–4.5× the C API's
    /// floor to 3.0–3.6×).
    @usableFromInline
    struct Places {
        /// The entries of integer keys (the usual ones), in a table of their own: its keys are a
        /// third the size of `DatabaseValue`s, and hash faster.
        private var entryOfInteger: [Int64: UInt32] = [:]
        private var entryOfOther: [DatabaseValue: UInt32] = [:]
        private var entries: [RowPlace] = []
        /// Entries of removed keys, reused first.
        private var freeEntries: [UInt32] = []

        init() {}

        /// The places of `ids`, from the whole result's arrays (taken as the entries).
        init(ids: [DatabaseValue], places: [RowPlace], describe: (Int) -> String) throws(RepeatedKey) {
            precondition(ids.count == places.count && ids.count <= Int(UInt32.max))
            if case .integer? = ids.first { entryOfInteger.reserveCapacity(ids.count) } else { entryOfOther.reserveCapacity(ids.count) }
            for (index, id) in ids.enumerated() {
                guard add(UInt32(truncatingIfNeeded: index), for: id) else { throw RepeatedKey(key: describe(index)) }
            }
            entries = places
        }

        @usableFromInline var count: Int { entryOfInteger.count + entryOfOther.count }

        /// Each key's row id and the key.
        var rowidsAndKeys: [(Int64, DatabaseValue)] {
            entryOfInteger.map { (entries[Int($0.value)].rowid, .integer($0.key)) }
                + entryOfOther.map { (entries[Int($0.value)].rowid, $0.key) }
        }

        /// Records `entry` for `key` unless it has one (then false), in one lookup.
        private mutating func add(_ entry: UInt32, for key: DatabaseValue) -> Bool {
            if case .integer(let integer) = key { return entryOfInteger.updateValue(entry, forKey: integer) == nil }
            return entryOfOther.updateValue(entry, forKey: key) == nil
        }

        private subscript(entryOf key: DatabaseValue) -> UInt32? {
            get {
                if case .integer(let integer) = key { entryOfInteger[integer] } else { entryOfOther[key] }
            }
            set {
                if case .integer(let integer) = key { entryOfInteger[integer] = newValue } else { entryOfOther[key] = newValue }
            }
        }

        /// The place of `key`. O(1).
        @usableFromInline
        subscript(key: DatabaseValue) -> RowPlace? {
            get { self[entryOf: key].map { entries[Int($0)] } }
            set {
                switch (self[entryOf: key], newValue) {
                case (let entry?, let place?):
                    entries[Int(entry)] = place
                case (nil, let place?):
                    if let entry = freeEntries.popLast() {
                        entries[Int(entry)] = place
                        self[entryOf: key] = entry
                    } else {
                        entries.append(place)
                        self[entryOf: key] = UInt32(truncatingIfNeeded: entries.count - 1)
                    }
                case (let entry?, nil):
                    // Its values released now, not when the entry is reused.
                    entries[Int(entry)] = RowPlace(rowid: 0, sortKey: .none)
                    self[entryOf: key] = nil
                    freeEntries.append(entry)
                case (nil, nil):
                    break
                }
            }
        }
    }
}

/// A key that two rows share: the list cannot hold both.
struct RepeatedKey: Error {
    /// The key, as `String(describing:)` gives it.
    let key: String
}
