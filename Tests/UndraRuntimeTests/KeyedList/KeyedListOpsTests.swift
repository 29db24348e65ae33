import Testing
@testable import UndraRuntime

/// What each op does to the rows and their order.
@Suite struct KeyedListOpsTests {
    typealias List = KeyedList<Int, String>

    /// Keys 1...5 with rows "a"..."e".
    static func abcde() throws -> List {
        try List(uniqueKeysWithRows: [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e")])
    }

    static func entries(_ list: List) -> [String] {
        list.entries.map { "\($0.key)\($0.row)" }
    }

    @Test func insertPlacesRowsInOrderBeforeTheAnchorOrAtTheEnd() throws {
        var list = try Self.abcde()
        try list.apply([.insert([(7, "g"), (6, "f")], before: 3), .insert([(8, "h")], before: nil)])
        #expect(Self.entries(list) == ["1a", "2b", "7g", "6f", "3c", "4d", "5e", "8h"])
        try list.insert("z", forKey: 0, before: 1)
        #expect(Self.entries(list).prefix(2) == ["0z", "1a"])
    }

    @Test func updateReplacesTheRowAndKeepsItsPosition() throws {
        var list = try Self.abcde()
        try list.apply([.update(4, "D")])
        try list.updateRow("B", forKey: 2)
        #expect(Self.entries(list) == ["1a", "2B", "3c", "4D", "5e"])
    }

    @Test func modifyRowMutatesTheRowInPlaceAndReturnsTheBodysResult() throws {
        var list = try Self.abcde()
        let length = try list.modifyRow(forKey: 3) { row -> Int in
            row += "!"
            return row.count
        }
        #expect(length == 2)
        #expect(list[id: 3] == "c!")
    }

    @Test func removeTakesRowsOutAndKeepsTheOthersInOrder() throws {
        var list = try Self.abcde()
        try list.apply([.remove([4, 1])])
        #expect(Self.entries(list) == ["2b", "3c", "5e"])
        try list.removeRows(forKeys: [])
        #expect(list.count == 3)
    }

    /// Past `_scanningRemoveLimit` keys, a remove compacts the order in one pass.
    @Test func removeOfManyKeysCompactsTheOrderInOnePass() throws {
        var list = try List(uniqueKeysWithRows: (0..<40).map { ($0, "r\($0)") })
        let odd = Array(stride(from: 1, to: 40, by: 2)).shuffled()
        #expect(odd.count > List._scanningRemoveLimit)
        try list.removeRows(forKeys: odd)
        #expect(Array(list.keys) == Array(stride(from: 0, to: 40, by: 2)))
        #expect(list[id: 38] == "r38" && list[id: 39] == nil)
    }

    @Test func moveTakesARowBeforeTheAnchorOrToTheEnd() throws {
        var list = try Self.abcde()
        try list.moveRow(forKey: 1, before: 4)  // forward
        #expect(Array(list.keys) == [2, 3, 1, 4, 5])
        try list.moveRow(forKey: 5, before: 2)  // backward
        #expect(Array(list.keys) == [5, 2, 3, 1, 4])
        try list.moveRow(forKey: 2, before: nil)  // to the end
        #expect(Array(list.keys) == [5, 3, 1, 4, 2])
        try list.moveRow(forKey: 3, before: 1)  // before its own successor: stays put
        #expect(Array(list.keys) == [5, 3, 1, 4, 2])
        try list.moveRow(forKey: 2, before: nil)  // the last row to the end: stays put
        #expect(Self.entries(list) == ["5e", "3c", "1a", "4d", "2b"])
    }

    @Test func resetReplacesEveryRow() throws {
        var list = try Self.abcde()
        try list.apply([.reset([(9, "i"), (3, "C")])])
        #expect(Self.entries(list) == ["9i", "3C"])
        try list.apply([.reset([])])
        #expect(list.isEmpty)
    }

    @Test func opsOfABatchRunOneAfterAnother() throws {
        var list = try Self.abcde()
        try list.apply([
            .insert([(6, "f")], before: 2),
            .update(6, "F"),
            .move(6, before: nil),
            .remove([1]),
            .insert([(1, "A")], before: 6),
        ])
        #expect(Self.entries(list) == ["2b", "3c", "4d", "5e", "1A", "6F"])
    }

    @Test func removedSlotsAreReusedSoStorageDoesNotGrow() throws {
        var list = try Self.abcde()
        try list.removeRows(forKeys: [2, 4])
        #expect(list._slab.count == 5 && list._freeSlots.count == 2)
        try list.apply([.insert([(6, "f"), (7, "g"), (8, "h")], before: 3)])
        #expect(list._slab.count == 6 && list._freeSlots.isEmpty)
        #expect(Self.entries(list) == ["1a", "6f", "7g", "8h", "3c", "5e"])
    }

    @Test func theValidatedPathAppliesWhatValidationChecked() throws {
        var list = try Self.abcde()
        let batch = try list.validatedBatch([.update(1, "A"), .remove([5])])
        #expect(Self.entries(list) == ["1a", "2b", "3c", "4d", "5e"])  // validating changed nothing
        let changes = list.apply(batch)
        #expect(changes == KeyedListChanges(removed: [5], updated: [1]))
        #expect(Self.entries(list) == ["1A", "2b", "3c", "4d"])
    }
}
