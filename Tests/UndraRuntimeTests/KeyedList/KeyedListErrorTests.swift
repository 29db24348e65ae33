import Testing
@testable import UndraRuntime

/// Every precondition, the exact error it throws, and all-or-nothing.
@Suite struct KeyedListErrorTests {
    typealias List = KeyedList<Int, String>

    static func abc() throws -> List {
        try List(uniqueKeysWithRows: [(1, "a"), (2, "b"), (3, "c")])
    }

    /// Applies `ops` to a fresh list, expects exactly `error`, and checks that neither `validate`
    /// nor `apply` changed the list.
    func expect(
        _ ops: [List.Op], throw error: KeyedListError, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var list = try Self.abc()
        let before = list
        #expect(throws: error, sourceLocation: sourceLocation) { try list.validate(ops) }
        #expect(throws: error, sourceLocation: sourceLocation) { try list.apply(ops) }
        #expect(list == before && list._order == before._order && list._slab.count == 3, sourceLocation: sourceLocation)
    }

    @Test func insertOfAnExistingKey() throws {
        try expect([.insert([(4, "d"), (2, "x")], before: nil)],
                   throw: KeyedListError(reason: .existingKey, opIndex: 0, op: .insert, key: "2"))
    }

    @Test func insertNamingAKeyTwice() throws {
        try expect([.update(1, "A"), .insert([(4, "d"), (4, "e")], before: nil)],
                   throw: KeyedListError(reason: .duplicateKey, opIndex: 1, op: .insert, key: "4"))
    }

    @Test func insertBeforeAMissingAnchorIsCheckedBeforeItsKeys() throws {
        try expect([.insert([(1, "x")], before: 9)],
                   throw: KeyedListError(reason: .missingAnchor, opIndex: 0, op: .insert, key: "9"))
    }

    @Test func updateOfAMissingKey() throws {
        try expect([.update(1, "A"), .update(2, "B"), .update(3, "C"), .update(42, "?")],
                   throw: KeyedListError(reason: .missingKey, opIndex: 3, op: .update, key: "42"))
    }

    @Test func removeOfAMissingKey() throws {
        try expect([.remove([1, 7])], throw: KeyedListError(reason: .missingKey, opIndex: 0, op: .remove, key: "7"))
    }

    /// `remove([k, k])` is rejected, not forgiven: a core that names a key twice has a bug worth
    /// hearing about.
    @Test func removeNamingAKeyTwice() throws {
        try expect([.remove([2, 1, 2])],
                   throw: KeyedListError(reason: .duplicateKey, opIndex: 0, op: .remove, key: "2"))
    }

    @Test func moveOfAMissingKeyIsCheckedBeforeItsAnchor() throws {
        try expect([.move(8, before: 9)], throw: KeyedListError(reason: .missingKey, opIndex: 0, op: .move, key: "8"))
    }

    @Test func moveBeforeItself() throws {
        try expect([.move(2, before: 2)],
                   throw: KeyedListError(reason: .invalidAnchor, opIndex: 0, op: .move, key: "2"))
    }

    @Test func moveBeforeAMissingAnchor() throws {
        try expect([.move(2, before: 9)],
                   throw: KeyedListError(reason: .missingAnchor, opIndex: 0, op: .move, key: "9"))
    }

    @Test func resetNamingAKeyTwice() throws {
        try expect([.reset([(5, "e"), (6, "f"), (5, "g")])],
                   throw: KeyedListError(reason: .duplicateKey, opIndex: 0, op: .reset, key: "5"))
    }

    /// Preconditions are checked against the state the earlier ops of the batch leave.
    @Test func earlierOpsOfTheBatchCount() throws {
        try expect([.remove([2]), .update(2, "B")],
                   throw: KeyedListError(reason: .missingKey, opIndex: 1, op: .update, key: "2"))
        try expect([.remove([3]), .move(1, before: 3)],
                   throw: KeyedListError(reason: .missingAnchor, opIndex: 1, op: .move, key: "3"))
        try expect([.insert([(4, "d")], before: nil), .insert([(4, "d")], before: nil)],
                   throw: KeyedListError(reason: .existingKey, opIndex: 1, op: .insert, key: "4"))
        try expect([.reset([]), .update(1, "A")],
                   throw: KeyedListError(reason: .missingKey, opIndex: 1, op: .update, key: "1"))
    }

    @Test func aFailingOpAfterValidOnesLeavesEverythingAsItWas() throws {
        try expect(
            [.insert([(4, "d")], before: 1), .remove([2, 3]), .move(1, before: nil), .update(4, "D"), .update(2, "B")],
            throw: KeyedListError(reason: .missingKey, opIndex: 4, op: .update, key: "2"))
    }

    @Test func singleOpConveniencesThrowAsOpZero() throws {
        var list = try Self.abc()
        let before = list
        #expect(throws: KeyedListError(reason: .missingKey, opIndex: 0, op: .update, key: "9")) {
            try list.updateRow("x", forKey: 9)
        }
        var called = false
        #expect(throws: KeyedListError(reason: .missingKey, opIndex: 0, op: .update, key: "9")) {
            try list.modifyRow(forKey: 9) { _ in called = true }
        }
        #expect(!called)
        #expect(throws: KeyedListError(reason: .existingKey, opIndex: 0, op: .insert, key: "1")) {
            try list.insert("x", forKey: 1)
        }
        #expect(throws: KeyedListError(reason: .missingKey, opIndex: 0, op: .remove, key: "9")) {
            try list.removeRows(forKeys: [9])
        }
        #expect(throws: KeyedListError(reason: .invalidAnchor, opIndex: 0, op: .move, key: "1")) {
            try list.moveRow(forKey: 1, before: 1)
        }
        #expect(list == before)
    }

    @Test func descriptionsNameTheOpTheKeyAndWhatWasWrong() {
        let cases: [(KeyedListError.Reason, KeyedListError.OpKind, String)] = [
            (.missingKey, .update, "op 3: update of missing key 42"),
            (.existingKey, .insert, "op 3: insert of existing key 42"),
            (.duplicateKey, .remove, "op 3: remove names key 42 twice"),
            (.missingAnchor, .move, "op 3: move before missing key 42"),
            (.invalidAnchor, .move, "op 3: move of key 42 before itself"),
        ]
        for (reason, op, description) in cases {
            #expect(KeyedListError(reason: reason, opIndex: 3, op: op, key: "42").description == description)
        }
    }

    @Test func theKeyIsCarriedAsItsDescription() throws {
        var list = try KeyedList<String, Int>(uniqueKeysWithRows: [("milk", 1)])
        #expect(throws: KeyedListError(reason: .missingKey, opIndex: 0, op: .update, key: "eggs")) {
            try list.updateRow(2, forKey: "eggs")
        }
        let error = KeyedListError(reason: .missingKey, opIndex: 0, op: .update, key: "eggs")
        #expect(error.description == "op 0: update of missing key eggs")
        let crossesLayers: any Error & Sendable = error
        #expect(crossesLayers as? KeyedListError == error)
    }
}
