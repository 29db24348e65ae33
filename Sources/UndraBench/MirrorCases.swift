import UndraRuntime

/// The mirror rows of the table.
func mirrorCases() -> [BenchCase] {
    [
        updateCase(rows: 1_000),
        updateCase(rows: 10_000),
        updateCase(rows: 100_000),
        updateRowCase(),
        batchOfUpdatesCase(),
        batchOfMovesCase(10),
        batchOfMovesCase(100),
        positionCase(),
        insertMiddleCase(),
        removeMiddleCase(),
        moveCase(),
    ]
}

/// A row of a list in these cases: small, like a to-do item.
private struct BenchRow {
    var title: String
    var done: Bool
}

/// Rows keyed 0..<count, in key order.
private func keyedList(_ count: Int) -> KeyedList<Int, BenchRow> {
    try! KeyedList(uniqueKeysWithRows: (0..<count).map { ($0, BenchRow(title: "todo", done: false)) })
}

/// The naive baseline: a plain array of rows and a key → index table rebuilt after every
/// insert, remove or move.
private struct ArrayWithIndex {
    var keys: [Int]
    var rows: [BenchRow]
    var index: [Int: Int] = [:]

    init(_ count: Int) {
        keys = Array(0..<count)
        rows = Array(repeating: BenchRow(title: "todo", done: false), count: count)
        rebuildIndex()
    }

    mutating func rebuildIndex() {
        index.removeAll(keepingCapacity: true)
        for (position, key) in keys.enumerated() { index[key] = position }
    }

    mutating func insert(_ row: BenchRow, forKey key: Int, at position: Int) {
        keys.insert(key, at: position)
        rows.insert(row, at: position)
        rebuildIndex()
    }

    mutating func remove(at position: Int) {
        keys.remove(at: position)
        rows.remove(at: position)
        rebuildIndex()
    }

    mutating func move(from: Int, before anchor: Int) {
        let to = anchor > from ? anchor - 1 : anchor
        keys.insert(keys.remove(at: from), at: to)
        rows.insert(rows.remove(at: from), at: to)
        rebuildIndex()
    }
}

/// Holds a case's state, so the closure mutates one uniquely referenced value in place.
private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// One keyed update through the mirror's path (check the op, write the row in place, report the
/// change), cycling over the keys with a stride so that successive rows are not neighbours.
/// The baseline writes in place with no check and no report: the floor. Steady state: the
/// list's size never changes.
private func updateCase(rows: Int) -> BenchCase {
    let ours = Box(keyedList(rows))
    let theirs = Box(ArrayWithIndex(rows))
    return BenchCase(
        name: "list.update.\(rows / 1_000)k.raw", baseline: "ArrayWithIndex",
        goal: rows == 1_000 ? .baselineRatio(atMost: 10) : .rowRatio(atMost: 2, of: "list.update.1k.raw"),
        ours: { n in
            var key = 0
            for i in 0..<n {
                key = (key &+ 7_919) % rows
                try! ours.value.apply(CollectionOfOne(.update(key, BenchRow(title: "todo", done: i & 1 == 0))))
            }
        },
        theirs: { n in
            var key = 0
            for i in 0..<n {
                key = (key &+ 7_919) % rows
                theirs.value.rows[theirs.value.index[key]!] = BenchRow(title: "todo", done: i & 1 == 0)
            }
        })
}

/// One `updateRow(_:forKey:)`: the single-op convenience, which needs no batch bookkeeping
/// (a lookup and a write in place). Steady state.
private func updateRowCase() -> BenchCase {
    let ours = Box(keyedList(100_000))
    let theirs = Box(ArrayWithIndex(100_000))
    return BenchCase(
        name: "list.updateRow.100k.raw", baseline: "ArrayWithIndex", goal: .baselineRatio(atMost: 2),
        ours: { n in
            var key = 0
            for i in 0..<n {
                key = (key &+ 7_919) % 100_000
                try! ours.value.updateRow(BenchRow(title: "todo", done: i & 1 == 0), forKey: key)
            }
        },
        theirs: { n in
            var key = 0
            for i in 0..<n {
                key = (key &+ 7_919) % 100_000
                theirs.value.rows[theirs.value.index[key]!] = BenchRow(title: "todo", done: i & 1 == 0)
            }
        })
}

/// A batch of 100 updates applied at once, against 100 batches of one update (the baseline):
/// what merging a frame's ops per field saves. Steady state.
private func batchOfUpdatesCase() -> BenchCase {
    batchCase(name: "updates", count: 100) { batch, i in
        .update((batch &* 100 &+ i) &* 7_919 % 100_000, BenchRow(title: "todo", done: batch & 1 == 0))
    }
}

/// A batch of `count` moves between the middle rows of 100,000, against the same moves as
/// one-op batches: a batch that places many rows is applied in one pass over the order. The
/// moves rotate the same keys, so the list keeps its size and stays scrambled the same way.
private func batchOfMovesCase(_ count: Int) -> BenchCase {
    batchCase(name: "moves", count: count) { batch, i in
        let key = 40_000 + (batch &* count &+ i) % 20_000
        return .move(key, before: 60_000 + (key &* 7_919) % 20_000)
    }
}

/// `list.batch{count}{name}.100k.raw`: batch number `b` of `count` ops (`op(b, i)`) applied to
/// 100,000 rows as one batch, against the same ops as one-op batches.
private func batchCase(
    name: String, count: Int, _ op: @escaping (_ batch: Int, _ index: Int) -> KeyedList<Int, BenchRow>.Op
) -> BenchCase {
    let ours = Box(keyedList(100_000))
    let theirs = Box(keyedList(100_000))
    return BenchCase(
        name: "list.batch\(count)\(name).100k.raw", baseline: "\(count) batches of 1", goal: nil,
        ours: { n in
            for batch in 0..<n { try! ours.value.apply((0..<count).map { op(batch, $0) }) }
        },
        theirs: { n in
            for batch in 0..<n {
                for one in (0..<count).map({ op(batch, $0) }) { try! theirs.value.apply(CollectionOfOne(one)) }
            }
        })
}

/// `position(of:)` for a key in the middle of 100,000 rows, against `firstIndex(of:)` on an
/// array of keys: the scan that every insert, remove and move pays for. The positions are summed
/// into a class property, so the optimizer cannot drop either loop.
private func positionCase() -> BenchCase {
    let list = keyedList(100_000)
    let keys = Array(0..<100_000)
    let sink = Box(0)
    return BenchCase(
        name: "list.positionMiddle.100k", baseline: "Array.firstIndex", goal: nil,
        ours: { n in
            var sum = 0
            for i in 0..<n { sum &+= list.position(of: 50_000 + i & 15)! }
            sink.value = sum
        },
        theirs: { n in
            var sum = 0
            for i in 0..<n { sum &+= keys.firstIndex(of: 50_000 + i & 15)! }
            sink.value = sum
        })
}

/// How many rows the insert and remove cases take away or add back in one batch, to stay at
/// 100,000 rows: their cost, spread over this many ops, is under 1 µs per op.
private let restoreEvery = 256

/// One insert of a new key before the row in the middle of 100,000 rows (key 50,000). Steady
/// state: every 256 inserts, the 256 new rows are removed in one batch, which is part of the
/// measured work (so the list stays between 100,000 and 100,256 rows).
private func insertMiddleCase() -> BenchCase {
    let ours = Box(keyedList(100_000))
    let theirs = Box(ArrayWithIndex(100_000))
    let oursCount = Box(0)
    let theirsCount = Box(0)
    let newKeys = Array(1_000_000..<1_000_000 + restoreEvery)
    let row = BenchRow(title: "new", done: false)
    return BenchCase(
        name: "list.insertMiddle.100k", baseline: "ArrayWithIndex", goal: .speedup(atLeast: 50),
        ours: { n in
            for _ in 0..<n {
                try! ours.value.insert(row, forKey: newKeys[oursCount.value], before: 50_000)
                oursCount.value += 1
                if oursCount.value == restoreEvery {
                    try! ours.value.removeRows(forKeys: newKeys)
                    oursCount.value = 0
                }
            }
        },
        theirs: { n in
            for _ in 0..<n {
                let position = theirs.value.index[50_000]!
                theirs.value.insert(row, forKey: newKeys[theirsCount.value], at: position)
                theirsCount.value += 1
                if theirsCount.value == restoreEvery {
                    let start = theirs.value.index[newKeys[0]]!
                    theirs.value.keys.removeSubrange(start..<start + restoreEvery)
                    theirs.value.rows.removeSubrange(start..<start + restoreEvery)
                    theirs.value.rebuildIndex()
                    theirsCount.value = 0
                }
            }
        })
}

/// One remove of the row in the middle of 100,000 rows (keys 50,000, 50,001, … in turn).
/// Steady state: every 256 removes, the 256 rows are inserted back in one batch, which is part
/// of the measured work (so the list stays between 99,744 and 100,000 rows).
private func removeMiddleCase() -> BenchCase {
    let ours = Box(keyedList(100_000))
    let theirs = Box(ArrayWithIndex(100_000))
    let oursCount = Box(0)
    let theirsCount = Box(0)
    let keys = Array(50_000..<50_000 + restoreEvery)
    let row = BenchRow(title: "todo", done: false)
    return BenchCase(
        name: "list.removeMiddle.100k", baseline: "ArrayWithIndex", goal: .speedup(atLeast: 50),
        ours: { n in
            for _ in 0..<n {
                try! ours.value.removeRows(forKeys: [keys[oursCount.value]])
                oursCount.value += 1
                if oursCount.value == restoreEvery {
                    try! ours.value.apply(CollectionOfOne(.insert(keys.map { ($0, row) }, before: keys.last! + 1)))
                    oursCount.value = 0
                }
            }
        },
        theirs: { n in
            for _ in 0..<n {
                theirs.value.remove(at: theirs.value.index[keys[theirsCount.value]]!)
                theirsCount.value += 1
                if theirsCount.value == restoreEvery {
                    let position = theirs.value.index[keys.last! + 1]!
                    theirs.value.keys.insert(contentsOf: keys, at: position)
                    theirs.value.rows.insert(contentsOf: repeatElement(row, count: keys.count), at: position)
                    theirs.value.rebuildIndex()
                    theirsCount.value = 0
                }
            }
        })
}

/// One move in the middle of 100,000 rows: key 50,000 goes before key 25,000, then back home
/// (before key 50,001), and so on. Steady state: every second move restores the order.
private func moveCase() -> BenchCase {
    let ours = Box(keyedList(100_000))
    let theirs = Box(ArrayWithIndex(100_000))
    let moved = 50_000
    func anchor(_ i: Int) -> Int { i & 1 == 0 ? 25_000 : 50_001 }
    return BenchCase(
        name: "list.move.100k", baseline: "ArrayWithIndex", goal: .speedup(atLeast: 50),
        ours: { n in
            for i in 0..<n { try! ours.value.moveRow(forKey: moved, before: anchor(i)) }
        },
        theirs: { n in
            for i in 0..<n {
                let from = theirs.value.index[moved]!
                let before = theirs.value.index[anchor(i)]!
                theirs.value.move(from: from, before: before)
            }
        })
}
