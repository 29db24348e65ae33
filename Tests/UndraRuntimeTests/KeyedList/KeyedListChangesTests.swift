import Testing
@testable import UndraRuntime

/// The change report of a batch: its net effect, key by key, in first-named order.
@Suite struct KeyedListChangesTests {
    typealias List = KeyedList<Int, String>

    static func abcde() throws -> List {
        try List(uniqueKeysWithRows: [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e")])
    }

    @Test func eachOpReportsItsKind() throws {
        var list = try Self.abcde()
        let changes = try list.apply([
            .update(2, "B"), .insert([(7, "g"), (6, "f")], before: 1), .remove([4]), .move(5, before: 1),
        ])
        #expect(changes.inserted == [7, 6])
        #expect(changes.removed == [4])
        #expect(changes.updated == [2])
        #expect(changes.moved == [5])
        #expect(!changes.isEmpty)
        #expect(changes.description == "inserted: [7, 6], removed: [4], updated: [2], moved: [5]")
    }

    @Test func aKeyIsReportedOnceInTheOrderTheBatchFirstNamedIt() throws {
        var list = try Self.abcde()
        let changes = try list.apply([.update(3, "x"), .update(1, "y"), .update(3, "z"), .move(1, before: nil)])
        #expect(changes == KeyedListChanges(updated: [3, 1], moved: [1]))
    }

    @Test func aKeyInsertedThenRemovedInOneBatchIsNotReported() throws {
        var list = try Self.abcde()
        let changes = try list.apply([.insert([(9, "i")], before: nil), .update(9, "I"), .remove([9])])
        #expect(changes.isEmpty)
        #expect(changes == KeyedListChanges())
    }

    @Test func aKeyInsertedThenUpdatedIsOnlyInserted() throws {
        var list = try Self.abcde()
        let changes = try list.apply([.insert([(9, "i")], before: nil), .update(9, "I"), .move(9, before: 1)])
        #expect(changes == KeyedListChanges(inserted: [9]))
    }

    @Test func aKeyRemovedThenInsertedAgainIsUpdatedAndMoved() throws {
        var list = try Self.abcde()
        let changes = try list.apply([.remove([2]), .insert([(2, "B")], before: 5)])
        #expect(changes == KeyedListChanges(updated: [2], moved: [2]))
    }

    @Test func aKeyUpdatedThenRemovedIsOnlyRemoved() throws {
        var list = try Self.abcde()
        let changes = try list.apply([.update(2, "B"), .remove([2])])
        #expect(changes == KeyedListChanges(removed: [2]))
    }

    /// Rows a reset keeps are updated and moved; rows it drops without naming them come last,
    /// in their old order.
    @Test func aResetReportsEveryKeyAgainstTheOldRows() throws {
        var list = try Self.abcde()
        let changes = try list.apply([.update(4, "D"), .reset([(9, "i"), (3, "C"), (1, "A")])])
        #expect(changes.inserted == [9])
        #expect(changes.removed == [4, 2, 5])
        #expect(changes.updated == [3, 1])
        #expect(changes.moved == [3, 1])
    }

    /// More keys than the linear search handles: the touch table takes over (and a reset's
    /// dropped keys must be found in it).
    @Test func aLargeBatchReportsEachKeyOnce() throws {
        var list = try List(uniqueKeysWithRows: (0..<30).map { ($0, "r\($0)") })
        let updates: [List.Op] = (0..<20).map { .update($0 % 10, "u\($0)") }
        let changes = try list.apply(updates + [.reset((5..<15).map { ($0, "n\($0)") })])
        #expect(changes.updated == Array(5..<10) + Array(10..<15))
        #expect(changes.removed == Array(0..<5) + Array(15..<30))
        #expect(changes.inserted.isEmpty)
    }

    @Test func anEmptyBatchChangesNothing() throws {
        var list = try Self.abcde()
        #expect(try list.apply([]).isEmpty)
        #expect(try list.apply([.remove([]), .insert([], before: 3)]).isEmpty)
    }

    @Test func reportsAreEqualWhenTheirArraysAre() {
        let a = KeyedListChanges(inserted: [1], updated: [2, 3], moved: [3])
        let b = KeyedListChanges(inserted: [1], updated: [2, 3], moved: [3])
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != KeyedListChanges(inserted: [1], updated: [3, 2], moved: [3]))
        #expect(Set([a, b]).count == 1)
    }
}
