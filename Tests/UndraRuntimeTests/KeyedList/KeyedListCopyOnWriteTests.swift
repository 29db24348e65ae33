import Testing
@testable import UndraRuntime

/// Value semantics: a copy never sees the original's mutations, and a uniquely referenced list
/// is mutated in place, down to a copy-on-write row.
@Suite struct KeyedListCopyOnWriteTests {
    typealias List = KeyedList<Int, [Int]>

    static func list() throws -> List {
        try List(uniqueKeysWithRows: (0..<20).map { ($0, [$0]) })
    }

    static func slabAddress(_ list: List) -> UnsafeRawPointer? {
        list._slab.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    static func rowAddress(_ list: List, _ key: Int) -> UnsafeRawPointer? {
        list[id: key]!.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aCopyIsNotChangedByAnyOpOnTheOriginal() throws {
        let ops: [List.Op] = [
            .update(3, [33]), .insert([(50, [50])], before: 4), .remove([5, 6]), .move(0, before: nil),
            .reset([(1, [1])]),
        ]
        for op in ops {
            var original = try Self.list()
            let copy = original
            try original.apply([op])
            #expect(copy == (try Self.list()), "\(op)")
            #expect(original != copy, "\(op)")
            copy._checkInvariants()
        }
    }

    @Test func modifyRowOfACopyLeavesTheOriginalsRowAlone() throws {
        var original = try Self.list()
        let copy = original
        try original.modifyRow(forKey: 7) { $0.append(8) }
        #expect(original[id: 7] == [7, 8])
        #expect(copy[id: 7] == [7])
    }

    @Test func aUniquelyReferencedListIsUpdatedInPlace() throws {
        var list = try Self.list()
        let slab = Self.slabAddress(list)
        try list.updateRow([30], forKey: 3)
        try list.apply([.update(4, [40]), .update(5, [50])])
        #expect(Self.slabAddress(list) == slab)
        #expect(list[id: 4] == [40])
    }

    @Test func aCopyOnWriteRowIsModifiedInPlaceToo() throws {
        var list = try Self.list()
        try list.modifyRow(forKey: 9) { $0.reserveCapacity(16) }
        let row = Self.rowAddress(list, 9)
        try list.modifyRow(forKey: 9) { $0.append(10) }
        #expect(Self.rowAddress(list, 9) == row)
        #expect(list[id: 9] == [9, 10])
    }

    @Test func theFirstMutationAfterACopyCopiesTheRowsOnce() throws {
        var list = try Self.list()
        let copy = list
        try list.updateRow([1], forKey: 1)
        let slab = Self.slabAddress(list)
        #expect(slab != Self.slabAddress(copy))
        try list.updateRow([2], forKey: 2)
        #expect(Self.slabAddress(list) == slab)
    }
}
