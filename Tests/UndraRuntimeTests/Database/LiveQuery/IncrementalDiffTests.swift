import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// The incremental path's ops: only the changed rows are looked at, and placed among the others by
/// binary search; the ops bring the list to the sorted result.
@Suite struct IncrementalDiffTests {
    typealias List = KeyedList<Int64, String>
    let order = SortOrder(terms: [.init(descending: false, nullsFirst: true, collation: .binary)])

    /// A list of rows (key = row id) sorted by `priority`, and its state.
    private func start(_ priorities: [Int64: Int64]) -> (List, IncrementalState) {
        let places = priorities.map { RowPlace(rowid: $0.key, sortKey: .one(.integer($0.value))) }
        let state = try! IncrementalState(ids: places.map { .integer($0.rowid) }, places: places) { "\($0)" }
        let sorted = priorities.keys.sorted { order.compare(state.places[.integer($0)]!, state.places[.integer($1)]!) < 0 }
        return (try! List(uniqueKeysWithRows: sorted.map { ($0, "row \($0)") }), state)
    }

    private func fresh(_ rowid: Int64, priority: Int64, row: String? = nil) -> FreshRow<Int64, String> {
        FreshRow(
            key: rowid, id: .integer(rowid), row: row ?? "row \(rowid)", place: RowPlace(rowid: rowid, sortKey: .one(.integer(priority))))
    }

    @Test func eachKindOfChangeIsOneOp() throws {
        let (list, state) = start([1: 10, 2: 20, 3: 30, 4: 40])
        func ops(_ changed: [Int64: FreshRow<Int64, String>?]) throws -> [String] {
            try IncrementalDiff.ops(list: list, state: state, changed: changed, order: order).ops.map { "\($0)" }
        }
        // Changed in place: an update, no move, even though its ORDER BY value changed.
        #expect(try ops([2: fresh(2, priority: 25, row: "new")]) == ["update(2, \"new\")"])
        #expect(try ops([2: fresh(2, priority: 21)]) == [])
        // Moves.
        #expect(try ops([2: fresh(2, priority: 35)]) == ["move(2, before: Optional(4))"])
        #expect(try ops([4: fresh(4, priority: 0)]) == ["move(4, before: Optional(1))"])
        #expect(try ops([1: fresh(1, priority: 99)]) == ["move(1, before: nil)"])
        // Enters and leaves the result.
        #expect(try ops([9: fresh(9, priority: 15)]) == ["insert([(key: 9, row: \"row 9\")], before: Optional(2))"])
        #expect(try ops([3: Optional<FreshRow<Int64, String>>.none]) == ["remove([3])"])
        // Two rows swap places.
        #expect(try ops([2: fresh(2, priority: 30), 3: fresh(3, priority: 20)]) == ["move(3, before: Optional(2))"])
    }

    @Test func aKeyTwoRowsShareIsRefused() {
        let (list, state) = start([1: 10, 2: 20])
        let other = FreshRow(key: Int64(1), id: .integer(1), row: "dup", place: RowPlace(rowid: 3, sortKey: .one(.integer(5))))
        #expect(throws: IncrementalDiff.Failure.repeatedKey("1")) {
            try IncrementalDiff.ops(list: list, state: state, changed: [3: other], order: order)
        }
    }

    @Test func aListThatIsNotTheStatesIsFoundOut() {
        let (_, state) = start([1: 10, 2: 20, 3: 30])
        let other = try! List(uniqueKeysWithRows: [(1, "a"), (2, "b")])
        let changed: [Int64: FreshRow<Int64, String>?] = [2: fresh(2, priority: 25)]
        #expect(throws: IncrementalDiff.Failure.outOfStep) {
            try IncrementalDiff.ops(list: other, state: state, changed: changed, order: order)
        }
        let renamed = try! List(uniqueKeysWithRows: [(1, "a"), (7, "b"), (3, "c")])
        #expect(throws: IncrementalDiff.Failure.outOfStep) {
            try IncrementalDiff.ops(list: renamed, state: state, changed: [3: Optional<FreshRow<Int64, String>>.none], order: order)
        }
    }

    @Test func randomChangesSortTheList() throws {
        var random = KeyedListSeededGenerator(seed: 11)
        for _ in 0..<500 {
            var priorities: [Int64: Int64] = [:]
            for rowid in 1...Int64.random(in: 1...60, using: &random) { priorities[rowid] = .random(in: 0..<20, using: &random) }
            var (list, state) = start(priorities)
            var changed: [Int64: FreshRow<Int64, String>?] = [:]
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let rowid = Int64.random(in: 1...80, using: &random)
                if Int.random(in: 0..<4, using: &random) == 0 {
                    changed.updateValue(nil, forKey: rowid)
                    priorities[rowid] = nil
                } else {
                    let priority = Int64.random(in: 0..<20, using: &random)
                    changed[rowid] = fresh(rowid, priority: priority, row: "row \(rowid) at \(priority)")
                    priorities[rowid] = priority
                }
            }
            let (ops, patch) = try IncrementalDiff.ops(list: list, state: state, changed: changed, order: order)
            _ = try list.apply(ops)
            state.apply(patch)
            let expected = priorities.keys.sorted { (priorities[$0]!, $0) < (priorities[$1]!, $1) }
            #expect(list.keys.elementsEqual(expected))
            // Exactly the expected keys: as many, and each of them.
            #expect(state.places.count == expected.count && expected.allSatisfy { state.places[.integer($0)] != nil })
            for rowid in expected { #expect(state.key(ofRowid: rowid) == .integer(rowid)) }
            for (rowid, row) in changed { if let row { #expect(list[id: rowid] == row.row) } }
        }
    }
}
