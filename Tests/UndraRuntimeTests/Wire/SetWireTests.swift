import Testing
import UndraRuntime

/// `Set`: Rust's `HashSet` and `BTreeSet`, a sequence on the wire. Read in any order, refusing a
/// repeated element and a length longer than the bytes left; written in ascending order when the
/// elements are `Comparable`.
@Suite struct SetWireTests {
    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func error<T: WireCodable>(_ type: T.Type, _ bytes: [UInt8]) -> WireError? {
        do {
            _ = try T(wireBytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A `Codable` struct holding a set: its bytes are `WireEncoder`'s, read by `WireDecoder`.
    struct Tagged: Codable, WireCodable, Equatable {
        var name: String
        var tags: Set<UInt32>
    }

    @Test func aSetIsItsCountThenItsElementsInAscendingOrder() {
        let set: Set<UInt32> = [3, 1, 0x0102_0304]
        #expect(set.wireBytes == [3, 0, 0, 0, 0, 0, 0, 0] + [1, 0, 0, 0] + [3, 0, 0, 0] + [4, 3, 2, 1])
        #expect(Set<UInt32>().wireBytes == [0, 0, 0, 0, 0, 0, 0, 0])
        let words: Set<String> = ["b", "a", ""]
        #expect(words.wireBytes == Self.le64(3) + Self.le64(0) + Self.le64(1) + [0x61] + Self.le64(1) + [0x62])
        #expect(Set([Int8(-1), 1]).wireBytes == Self.le64(2) + [0xFF, 0x01])
    }

    @Test func stringsAreOrderedByTheirUTF8BytesAsBTreeSetOrdersThem() {
        // "e\u{301}" is 65 cc 81, "f" is 66: Swift's `String <` puts "f" first.
        let strings: Set<String> = ["f", "e\u{301}"]
        #expect(strings.wireBytes == Self.le64(2) + Self.le64(3) + [0x65, 0xCC, 0x81] + Self.le64(1) + [0x66])
        let exact: Set<ExactString> = ["\u{E9}", "e\u{301}"]
        #expect(exact.count == 2)
        #expect(exact.wireBytes == Self.le64(2) + Self.le64(3) + [0x65, 0xCC, 0x81] + Self.le64(2) + [0xC3, 0xA9])
    }

    @Test func theBytesAreWireEncodersBytesForTheSameSet() throws {
        let set: Set<Int64> = [9, -3, 0, .max, .min]
        #expect(try WireEncoder().encode(set) == set.wireBytes)
        let strings: Set<String> = ["zeta", "alpha", "é", "e\u{301}x"]
        #expect(try WireEncoder().encode(strings) == strings.wireBytes)
        let tagged = Tagged(name: "n", tags: [2, 1])
        #expect(tagged.wireBytes == Self.le64(1) + [0x6E] + Self.le64(2) + [1, 0, 0, 0] + [2, 0, 0, 0])
        #expect(try Tagged(wireBytes: tagged.wireBytes) == tagged)
    }

    @Test func elementsAreReadInAnyOrderAndRoundTrip() throws {
        let descending = Self.le64(3) + [3, 0, 0, 0] + [2, 0, 0, 0] + [1, 0, 0, 0]
        #expect(try Set<UInt32>(wireBytes: descending) == [1, 2, 3])
        #expect(try Set<UInt32>(wireBytes: Self.le64(0)) == [])
        for set: Set<String> in [[], ["a"], ["x", "yy", "zzz", "\u{E9}", "😀"]] {
            #expect(try Set<String>(wireBytes: set.wireBytes) == set)
        }
        let nested: Set<Set<UInt8>> = [[], [1], [1, 2]]
        #expect(try Set<Set<UInt8>>(wireBytes: nested.wireBytes) == nested)
        let exact: Set<ExactString> = ["\u{E9}", "e\u{301}"]
        #expect(try Set<ExactString>(wireBytes: exact.wireBytes) == exact)
    }

    /// Elements that are not `Comparable` are written in the set's order, and read back.
    @Test func elementsWithNoOrderAreWrittenInTheSetsOrder() throws {
        let pairs: Set<WireTuple2<UInt8, String>> = [WireTuple2(1, "a"), WireTuple2(0, "b"), WireTuple2(1, "b")]
        let bytes = pairs.wireBytes
        #expect(bytes.count == 8 + 3 * 10)
        #expect(Array(bytes.prefix(8)) == Self.le64(3))
        #expect(try Set<WireTuple2<UInt8, String>>(wireBytes: bytes) == pairs)
    }

    @Test func aRepeatedElementIsAnErrorAtTheLaterOne() {
        let repeated = Self.le64(3) + [1, 0, 0, 0] + [2, 0, 0, 0] + [1, 0, 0, 0]
        let error = Self.error(Set<UInt32>.self, repeated)
        #expect(error == WireError(offset: 16, reason: .repeatedElement))
        #expect(error?.description == "byte 16: expected a set element not seen before")
        let strings = Self.le64(2) + Self.le64(1) + [0x61] + Self.le64(1) + [0x61]
        #expect(Self.error(Set<String>.self, strings) == WireError(offset: 17, reason: .repeatedElement))
        let inner = Self.le64(1) + Self.le64(2) + [5, 5]
        #expect(Self.error(Set<Set<UInt8>>.self, inner) == WireError(offset: 17, reason: .repeatedElement))
    }

    @Test func twoStringsSwiftCallsEqualButRustDoesNotAreAnErrorNamingBoth() throws {
        let bytes = Self.le64(2) + Self.le64(2) + [0xC3, 0xA9] + Self.le64(3) + [0x65, 0xCC, 0x81]
        let error = Self.error(Set<String>.self, bytes)
        #expect(error == WireError(
            offset: 18, reason: .equivalentSetElements(earlier: ExactString("\u{E9}"), later: ExactString("e\u{301}"))))
        #expect(error?.description == #"byte 18: expected set elements a Set<String> can tell apart, found "e\u{0301}" after "\u{00E9}" (canonically equivalent, distinct bytes): make the elements ExactString to keep both"#)
        #expect(try Set<ExactString>(wireBytes: bytes) == [ExactString("\u{E9}"), ExactString("e\u{301}")])
    }

    @Test func aLengthLargerThanTheBytesLeftIsAnErrorBeforeAnythingIsAllocated() {
        let three = Self.le64(3) + [1, 0, 0, 0] + [2, 0, 0, 0]
        #expect(Self.error(Set<UInt32>.self, three) == WireError(offset: 0, reason: .lengthExceedsInput(length: 3, available: 2)))
        #expect(Self.error(Set<UInt64>.self, Self.le64(.max)) == WireError(offset: 0, reason: .lengthExceedsInput(length: .max, available: 0)))
        #expect(Self.error(Set<String>.self, Self.le64(2) + Self.le64(0)) == WireError(offset: 0, reason: .lengthExceedsInput(length: 2, available: 1)))
        #expect(Set<UInt32>.minimumWireSize == 8)
        #expect(Self.error([Set<UInt8>].self, Self.le64(2) + Self.le64(0)) == WireError(offset: 0, reason: .lengthExceedsInput(length: 2, available: 1)))
    }

    @Test func truncatedInputIsAnErrorWhereItEnds() {
        #expect(Self.error(Set<UInt32>.self, []) == WireError(offset: 0, reason: .unexpectedEnd(needed: 8, available: 0)))
        #expect(Self.error(Set<UInt32>.self, [1, 0, 0]) == WireError(offset: 0, reason: .unexpectedEnd(needed: 8, available: 3)))
        // An element of one byte at least, cut inside its second part.
        #expect(Self.error(Set<UInt64?>.self, Self.le64(1) + [1, 7, 0]) == WireError(offset: 9, reason: .unexpectedEnd(needed: 8, available: 2)))
        #expect(Self.error(Set<String>.self, Self.le64(1) + Self.le64(5) + [0x61, 0x62]) == WireError(offset: 8, reason: .lengthExceedsInput(length: 5, available: 2)))
        #expect(Self.error(Set<UInt8>.self, Self.le64(1) + [1, 2]) == WireError(offset: 9, reason: .trailingBytes(count: 1)))
    }

    @Test func theCodablePathRefusesWhatTheHandWrittenPathRefuses() {
        let repeated = Self.le64(1) + [0x6E] + Self.le64(2) + [1, 0, 0, 0] + [1, 0, 0, 0]
        #expect(Self.error(Tagged.self, repeated) == WireError(offset: 21, reason: .repeatedElement))
        #expect(throws: WireError(offset: 21, reason: .repeatedElement)) { try WireDecoder().decode(Tagged.self, from: repeated) }
        let strings = Self.le64(2) + Self.le64(2) + [0xC3, 0xA9] + Self.le64(3) + [0x65, 0xCC, 0x81]
        #expect(throws: WireError(offset: 18, reason: .equivalentSetElements(earlier: "\u{E9}", later: "e\u{301}"))) {
            try WireDecoder().decode(Set<String>.self, from: strings)
        }
        #expect(throws: WireError(offset: 9, reason: .lengthExceedsInput(length: 5, available: 4))) {
            try WireDecoder().decode(Tagged.self, from: Self.le64(1) + [0x6E] + Self.le64(5) + [1, 0, 0, 0])
        }
    }

    @Test func aSetsShapeIsASequenceOfItsElements() {
        #expect(Set<UInt32>.wireShape == .seq(.u32))
        #expect(Set<UInt32>.wireShape.description == "seq<u32>")
        #expect(Set<String>.wireShape.description == "seq<string>")
        #expect(Set<ExactString>.wireShape.description == "seq<string>")
        #expect(Set<WireTuple2<Int64, String>>.wireShape.description == "seq<(i64,string)>")
        #expect(Set<Set<UInt8>>.wireShape.description == "seq<seq<u8>>")
        #expect(Tagged.wireShape.description == "(name:string,tags:seq<u32>)")
        #expect(Set<Int>.wireShape == [Int].wireShape)
    }
}
