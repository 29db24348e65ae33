import Testing
@testable import UndraRuntime

@Suite struct SmallDictionaryTests {
    /// Checks every key of `expected` is found with its value, and nothing else is there.
    private func expectContents(_ table: SmallDictionary<Int, String>, _ expected: [Int: String]) {
        #expect(table.count == expected.count)
        for (key, value) in expected { #expect(table[key] == value) }
        #expect(table[-1] == nil)
        #expect(Dictionary(uniqueKeysWithValues: zip(table.keys, table.values)) == expected)
    }

    @Test func removingAKeyMovesTheLastEntryIntoItsPlace() {
        var table = SmallDictionary<Int, String>()
        for key in 0..<5 { table.append("v\(key)", forKey: key) }
        #expect(table.removeValue(forKey: 1) == "v1")
        #expect(Array(table.keys) == [0, 4, 2, 3])
        #expect(table.removeValue(forKey: 1) == nil)
        #expect(table.removeValue(forKey: 3) == "v3")
        expectContents(table, [0: "v0", 2: "v2", 4: "v4"])
    }

    @Test func keysAreFoundAcrossTheHashIndexAndBackToTheScan() {
        // Past eight keys the table keeps a hash index; removals keep it right, and dropping
        // back to eight goes back to the scan.
        var table = SmallDictionary<Int, String>(), expected: [Int: String] = [:]
        for key in 0..<20 {
            table.append("v\(key)", forKey: key * 7)
            expected[key * 7] = "v\(key)"
        }
        expectContents(table, expected)
        for key in [0, 133, 49, 70, 7, 91, 14, 28, 35, 126, 112, 56] {
            #expect(table.removeValue(forKey: key) == expected.removeValue(forKey: key))
            expectContents(table, expected)
        }
        #expect(table.count == 8)
        table.append("again", forKey: 0)
        expected[0] = "again"
        expectContents(table, expected)
    }
}
