@testable import UndraRuntime

/// The reference the randomized test checks `KeyedList` against: a plain array of (key, row)
/// pairs, with the ops' sequential semantics written out the obvious way (linear searches,
/// whole-array edits) and the change report computed from the states before and after.
struct KeyedListReferenceModel {
    typealias Op = KeyedList<Int, Int>.Op

    var entries: [(key: Int, row: Int)] = []

    var keys: [Int] { entries.map(\.key) }
    var rows: [Int] { entries.map(\.row) }

    func contains(_ key: Int) -> Bool { entries.contains { $0.key == key } }
    func position(of key: Int) -> Int? { entries.firstIndex { $0.key == key } }

    /// Applies `ops` one after another and returns the batch's changes, or the error of the
    /// first failing op, in which case the model is left as it was.
    mutating func apply(_ ops: [Op]) -> Result<KeyedListChanges<Int>, KeyedListError> {
        let before = self
        var named: [Int] = []
        var written: Set<Int> = []
        var placed: Set<Int> = []
        var hadReset = false
        func name(_ key: Int) { if !named.contains(key) { named.append(key) } }
        for (index, op) in ops.enumerated() {
            if let reason = failure(of: op) {
                self = before
                return .failure(KeyedListError(reason: reason.0, opIndex: index, op: op.kind, key: String(reason.1)))
            }
            switch op {
            case .reset(let rows):
                hadReset = true
                entries = rows
                rows.forEach { name($0.key); written.insert($0.key); placed.insert($0.key) }
            case .insert(let rows, let anchor):
                entries.insert(contentsOf: rows, at: anchor.flatMap(position(of:)) ?? entries.count)
                rows.forEach { name($0.key); written.insert($0.key); placed.insert($0.key) }
            case .update(let key, let row):
                entries[position(of: key)!].row = row
                name(key)
                written.insert(key)
            case .remove(let keys):
                entries.removeAll { keys.contains($0.key) }
                keys.forEach(name)
            case .move(let key, let anchor):
                let entry = entries.remove(at: position(of: key)!)
                entries.insert(entry, at: anchor.flatMap(position(of:)) ?? entries.count)
                name(key)
                placed.insert(key)
            }
        }
        var inserted: [Int] = [], removed: [Int] = [], updated: [Int] = [], moved: [Int] = []
        let wasPresent = Set(before.keys)
        let isPresent = Set(keys)
        for key in named {
            switch (wasPresent.contains(key), isPresent.contains(key)) {
            case (false, true): inserted.append(key)
            case (true, false): removed.append(key)
            case (true, true):
                if written.contains(key) { updated.append(key) }
                if placed.contains(key) { moved.append(key) }
            case (false, false): break
            }
        }
        if hadReset {
            removed += before.keys.filter { !named.contains($0) }
        }
        return .success(KeyedListChanges(inserted: inserted, removed: removed, updated: updated, moved: moved))
    }

    /// The reason and key of `op`'s failure against the current state, checked in the order
    /// the preconditions table on `KeyedList.Op` gives.
    private func failure(of op: Op) -> (KeyedListError.Reason, Int)? {
        switch op {
        case .reset(let rows):
            for (j, row) in rows.enumerated() where rows[..<j].contains(where: { $0.key == row.key }) {
                return (.duplicateKey, row.key)
            }
        case .insert(let rows, let anchor):
            if let anchor, !contains(anchor) { return (.missingAnchor, anchor) }
            for (j, row) in rows.enumerated() {
                if rows[..<j].contains(where: { $0.key == row.key }) { return (.duplicateKey, row.key) }
                if contains(row.key) { return (.existingKey, row.key) }
            }
        case .update(let key, _):
            if !contains(key) { return (.missingKey, key) }
        case .remove(let keys):
            for (j, key) in keys.enumerated() {
                if keys[..<j].contains(key) { return (.duplicateKey, key) }
                if !contains(key) { return (.missingKey, key) }
            }
        case .move(let key, let anchor):
            if !contains(key) { return (.missingKey, key) }
            if let anchor, anchor == key { return (.invalidAnchor, key) }
            if let anchor, !contains(anchor) { return (.missingAnchor, anchor) }
        }
        return nil
    }
}
