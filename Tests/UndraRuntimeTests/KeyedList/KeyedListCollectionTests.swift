import Testing
@testable import UndraRuntime

@Suite struct KeyedListCollectionTests {
    /// Keys 10, 20, 30 with rows "a", "b", "c".
    static func abc() throws -> KeyedList<Int, String> {
        try KeyedList(uniqueKeysWithRows: [(10, "a"), (20, "b"), (30, "c")])
    }

    @Test func anEmptyListHasNoRows() {
        let list = KeyedList<Int, String>()
        #expect(list.isEmpty && list.count == 0)
        #expect(list.startIndex == 0 && list.endIndex == 0)
        #expect(Array(list).isEmpty && Array(list.keys).isEmpty && list.entries.isEmpty)
        #expect(list[id: 1] == nil && list.position(of: 1) == nil && !list.contains(key: 1))
    }

    @Test func rowsAreIndexedByPositionInOrder() throws {
        let list = try Self.abc()
        #expect(list.count == 3 && !list.isEmpty)
        #expect(list.indices == 0..<3)
        #expect(Array(list) == ["a", "b", "c"])
        #expect(list[0] == "a" && list[2] == "c")
        #expect(list.key(at: 1) == 20)
        #expect(Array(list.reversed()) == ["c", "b", "a"])
        #expect(list.index(list.startIndex, offsetBy: 2) == 2)
        #expect(Array(list[1...]) == ["b", "c"])
    }

    @Test func rowsAreFoundByKey() throws {
        let list = try Self.abc()
        #expect(list[id: 20] == "b")
        #expect(list[id: 40] == nil)
        #expect(list.contains(key: 30) && !list.contains(key: 40))
        #expect(list.position(of: 10) == 0 && list.position(of: 30) == 2 && list.position(of: 40) == nil)
    }

    @Test func keysAndEntriesFollowTheListOrder() throws {
        var list = try Self.abc()
        try list.moveRow(forKey: 30, before: 10)
        #expect(Array(list.keys) == [30, 10, 20])
        #expect(list.keys.count == 3 && list.keys[2] == 20)
        #expect(list.entries.map(\.id) == [30, 10, 20])
        #expect(list.entries.map(\.row) == ["c", "a", "b"])
        #expect(list.entries[0] == KeyedList.Entry(key: 30, row: "c"))
    }

    /// The scan compares 16 slots at a time: every position of a 100-row list (six whole blocks
    /// and a tail of 4) must be found, whatever order and slots the rows ended up with.
    @Test func positionOfFindsEveryRowAcrossScanBlocks() throws {
        var list = try KeyedList(uniqueKeysWithRows: (0..<100).map { ($0, $0) })
        try list.removeRows(forKeys: Array(stride(from: 0, to: 100, by: 3)))
        try list.apply((0..<100).filter { $0 % 3 == 0 }.map { .insert([($0, $0)], before: nil) })
        try list.apply((0..<50).map { .move($0 * 2, before: ($0 * 7 + 1) % 100) })
        #expect(list.count == 100)
        for position in list.indices {
            #expect(list.position(of: list.key(at: position)) == position)
        }
    }

    @Test func equalListsHaveTheSameKeysInTheSameOrderWithEqualRows() throws {
        let list = try Self.abc()
        // Built another way, with a free slot left behind: still equal.
        var other = try KeyedList(uniqueKeysWithRows: [(10, "a"), (99, "x"), (20, "b")])
        try other.apply([.remove([99]), .insert([(30, "c")], before: nil)])
        #expect(list == other)
        var reordered = list
        try reordered.moveRow(forKey: 10, before: nil)
        #expect(list != reordered)
        var changedRow = list
        try changedRow.updateRow("B", forKey: 20)
        #expect(list != changedRow)
        let rekeyed = try KeyedList(uniqueKeysWithRows: [(10, "a"), (21, "b"), (30, "c")])
        #expect(list != rekeyed)
        #expect(list != KeyedList())
    }

    @Test func descriptionsReadLikeADictionaryLiteral() throws {
        let list = try Self.abc()
        #expect(list.description == #"[10: "a", 20: "b", 30: "c"]"#)
        #expect(list.debugDescription == #"KeyedList<Int, String>([10: "a", 20: "b", 30: "c"])"#)
        #expect(KeyedList<Int, String>().description == "[:]")
    }

    struct Todo: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
    }

    @Test func identifiableRowsAreKeyedByTheirID() throws {
        var list = try KeyedList(uniqueRows: [Todo(id: 1, title: "milk"), Todo(id: 2, title: "eggs")])
        try list.insert(Todo(id: 3, title: "tea"), before: 2)
        try list.updateRow(Todo(id: 1, title: "oat milk"))
        #expect(Array(list) == [Todo(id: 1, title: "oat milk"), Todo(id: 3, title: "tea"), Todo(id: 2, title: "eggs")])
        #expect(Array(list.keys) == [1, 3, 2])
        #expect(throws: KeyedListError(reason: .duplicateKey, opIndex: 0, op: .reset, key: "1")) {
            try KeyedList(uniqueRows: [Todo(id: 1, title: "a"), Todo(id: 1, title: "b")])
        }
    }

    @Test func aListOfSendableRowsIsSendable() throws {
        let list = try KeyedList(uniqueRows: [Todo(id: 1, title: "milk")])
        let sendable: any Sendable = list
        let entries: any Sendable = list.entries
        #expect((sendable as? KeyedList<Int, Todo>) == list)
        #expect((entries as? KeyedList<Int, Todo>.Entries)?.first?.row.title == "milk")
    }
}
