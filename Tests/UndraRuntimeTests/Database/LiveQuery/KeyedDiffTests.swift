import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// The keyed diffs of both paths: applied to the old list they give the new one, with the fewest
/// moves (every row outside the longest run that keeps its order moves once, no other).
@Suite struct KeyedDiffTests {
    typealias List = KeyedList<Int, String>

    private func list(_ keys: [Int], _ row: (Int) -> String = { "r\($0)" }) -> List {
        try! List(uniqueKeysWithRows: keys.map { ($0, row($0)) })
    }

    @Test func smallDiffsAreTheOpsOneExpects() {
        let old = list([1, 2, 3, 4])
        func ops(_ new: [(key: Int, row: String)]) -> [String] { KeyedDiff.ops(from: old, to: new).map { "\($0)" } }
        #expect(ops([(1, "r1"), (2, "r2"), (3, "r3"), (4, "r4")]) == [])
        #expect(ops([(1, "r1"), (2, "changed"), (3, "r3"), (4, "r4")]) == ["update(2, \"changed\")"])
        #expect(ops([(1, "r1"), (3, "r3"), (4, "r4")]) == ["remove([2])"])
        #expect(ops([(1, "r1"), (2, "r2"), (5, "r5"), (3, "r3"), (4, "r4")]) == ["insert([(key: 5, row: \"r5\")], before: Optional(3))"])
        #expect(ops([(1, "r1"), (3, "r3"), (4, "r4"), (2, "r2")]) == ["move(2, before: nil)"])
        #expect(ops([(4, "r4"), (1, "r1"), (2, "r2"), (3, "r3")]) == ["move(4, before: Optional(1))"])
    }

    @Test func randomDiffsRebuildTheNewList() throws {
        var random = KeyedListSeededGenerator(seed: 7)
        for round in 0..<500 {
            let oldKeys = Array((0..<Int.random(in: 0...40, using: &random)).shuffled(using: &random))
            var newKeys = oldKeys.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
            newKeys += (100..<(100 + Int.random(in: 0...10, using: &random)))
            newKeys.shuffle(using: &random)
            if round % 3 == 0 { newKeys.sort() }
            var old = list(oldKeys)
            let new = newKeys.map { (key: $0, row: Int.random(in: 0..<4, using: &random) == 0 ? "new \($0)" : "r\($0)") }
            let ops = KeyedDiff.ops(from: old, to: new)
            _ = try old.apply(ops)
            #expect(old.keys.elementsEqual(newKeys))
            #expect(old.elementsEqual(new.map(\.row)))
            // Moves: the rows kept from the old list, less the longest run in old order.
            let common = newKeys.filter { oldKeys.contains($0) }
            let oldPosition = Dictionary(uniqueKeysWithValues: oldKeys.enumerated().map { ($1, $0) })
            let kept = KeyedDiff.longestIncreasingRun(common.map { oldPosition[$0]! }).count
            let moves = ops.filter { if case .move = $0 { true } else { false } }.count
            #expect(moves == common.count - kept)
        }
    }

    @Test func longestIncreasingRun() {
        #expect(KeyedDiff.longestIncreasingRun([]) == [])
        #expect(KeyedDiff.longestIncreasingRun([5]) == [0])
        #expect(KeyedDiff.longestIncreasingRun([3, 1, 2, 0, 4]).map { [3, 1, 2, 0, 4][$0] } == [1, 2, 4])
        #expect(KeyedDiff.longestIncreasingRun([4, 3, 2, 1]).count == 1)
        #expect(KeyedDiff.longestIncreasingRun([0, 1, 2, 3]) == [0, 1, 2, 3])
    }
}
