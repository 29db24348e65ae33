import Testing
import UndraRuntime

/// Bad input never traps: each kind of malformed input is a `WireError` naming the byte offset
/// and what was expected there.
@Suite struct WireDecodingErrorTests {
    static let all: [(VectorExpectation, [UInt8])] = {
        let standard = GoldenVectors.load("standard.vectors").map { vector in
            (StandardVectorTests.expectations.first { $0.name == vector.name }!, vector.bytes)
        }
        let messages = GoldenVectors.load("messages.vectors").map { vector in
            (MessageVectorTests.expectations.first { $0.name == vector.name }!, vector.bytes)
        }
        return standard + messages
    }()

    @Test func everyCutVectorIsAnErrorAtOrBeforeTheCut() {
        var cuts = 0
        for (expectation, bytes) in Self.all {
            for length in 0..<bytes.count {
                do {
                    try expectation.check(Array(bytes[..<length]))
                    Issue.record("\(expectation.name) cut to \(length) bytes decoded")
                } catch let error as WireError {
                    #expect(error.offset <= length, "\(expectation.name) cut to \(length): \(error)")
                    switch error.reason {
                    case .unexpectedEnd, .lengthExceedsInput: break
                    default: Issue.record("\(expectation.name) cut to \(length): \(error)")
                    }
                } catch {
                    Issue.record("\(expectation.name) cut to \(length): \(error)")
                }
                cuts += 1
            }
        }
        #expect(cuts == Self.all.reduce(0) { $0 + $1.1.count })
    }

    @Test func aByteLeftOverIsAnErrorAtTheEnd() {
        for (expectation, bytes) in Self.all {
            #expect(throws: WireError(offset: bytes.count, reason: .trailingBytes(count: 1)), "\(expectation.name)") {
                try expectation.check(bytes + [0])
            }
        }
    }

    static func error<T: WireCodable>(_ type: T.Type, _ bytes: [UInt8]) -> WireError? {
        do {
            _ = try T(wireBytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    @Test func tagsOutsideTheirRangeAreNamedWithTheirOffset() {
        #expect(Self.error(Bool.self, [2]) == WireError(offset: 0, reason: .invalidBool(2)))
        #expect(Self.error([Bool].self, Self.le64(2) + [1, 7]) == WireError(offset: 9, reason: .invalidBool(7)))
        #expect(Self.error(UInt8?.self, [2, 0]) == WireError(offset: 0, reason: .invalidOptionTag(2)))
        #expect(Self.error(Shape.self, [4, 0, 0, 0]) == WireError(offset: 0, reason: .invalidVariant(type: "Shape", index: 4)))
        #expect(Self.error(Result<UInt32, Message>.self, [2, 0, 0, 0]) == WireError(offset: 0, reason: .invalidVariant(type: "Result", index: 2)))
    }

    @Test func invalidUTF8IsAnErrorAtItsFirstBadByte() {
        let cases: [([UInt8], Int)] = [
            ([0x61, 0xC3, 0x28], 1),                          // a lead byte without its continuation
            ([0xC0, 0x80], 0),                                // overlong NUL
            ([0xE0, 0x80, 0x80], 0),                          // overlong, 3 bytes
            ([0x61, 0x62, 0xED, 0xA0, 0x80], 2),              // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),                    // above U+10FFFF
            ([0xFF], 0),
            (Array("abcdefgh".utf8) + [0x80], 8),            // past the 8-byte ASCII stride
            (Array("héllo".utf8) + [0xE2, 0x82], 6),          // cut inside a sequence
        ]
        for (utf8, bad) in cases {
            #expect(Self.error(String.self, Self.le64(UInt64(utf8.count)) + utf8) == WireError(offset: 8 + bad, reason: .invalidUTF8))
        }
    }

    @Test func aCharMustBeOneScalar() {
        #expect(Self.error(Unicode.Scalar.self, [0x80]) == WireError(offset: 0, reason: .invalidChar))
        #expect(Self.error(Unicode.Scalar.self, [0xED, 0xA0, 0x80]) == WireError(offset: 0, reason: .invalidChar))
        #expect(Self.error(Unicode.Scalar.self, [0xF0, 0x9F]) == WireError(offset: 0, reason: .unexpectedEnd(needed: 4, available: 2)))
        #expect(Self.error(Unicode.Scalar.self, []) == WireError(offset: 0, reason: .unexpectedEnd(needed: 1, available: 0)))
    }

    @Test func aLengthBeyondTheBytesLeftIsAnErrorBeforeAnyAllocation() {
        // 2^63 strings would be 128 EiB of headers: refused from the length alone.
        #expect(Self.error([String].self, Self.le64(1 << 63)) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: 1 << 63, available: 0)))
        // Three u64s need 24 bytes; 16 are left.
        #expect(Self.error([UInt64].self, Self.le64(3) + Array(repeating: 0, count: 16)) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: 3, available: 2)))
        #expect(Self.error([UInt8].self, Self.le64(.max)) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: .max, available: 0)))
        #expect(Self.error(String.self, Self.le64(5) + [0x61]) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: 5, available: 1)))
        #expect(Self.error([String: UInt8].self, Self.le64(2) + Self.le64(0) + [1]) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: 2, available: 1)))
    }

    /// A recursive type: a tree whose nodes hold arrays of trees (`enum Tree { Leaf, Node(Vec<Tree>) }`).
    indirect enum Tree: WireCodable, Equatable {
        case leaf
        case node([Tree])

        init(from reader: inout WireReader) throws(WireError) {
            self = try reader.readVariant(of: "Tree", count: 2) == 0 ? .leaf : .node(try [Tree](from: &reader))
        }
        func encode(to writer: inout WireWriter) {
            switch self {
            case .leaf:
                writer.writeVariant(0)
            case .node(let children):
                writer.writeVariant(1)
                children.encode(to: &writer)
            }
        }

        static var wireShape: WireShape { .enumeration([WireVariant("leaf", .unit), WireVariant("node", .seq(.recursion(depth: 0)))]) }

        /// A chain of `depth` nodes, each holding the next, down to a leaf.
        static func chain(_ depth: Int) -> Tree {
            (0..<depth).reduce(Tree.leaf) { tree, _ in .node([tree]) }
        }
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotAStackOverflow() throws {
        let deepest = Tree.chain(WireReader.maximumDepth)
        #expect(try Tree(wireBytes: deepest.wireBytes) == deepest)
        // Each level is a tag and a length (12 bytes): level 128's contents start at 12 × 129.
        #expect(Self.error(Tree.self, Tree.chain(WireReader.maximumDepth + 1).wireBytes) == WireError(
            offset: 1_548, reason: .nestedTooDeeply(limit: 128)))
        // A million levels in 12 MB of input: refused at the same place, long before the stack ends.
        var bytes: [UInt8] = []
        for _ in 0..<1_000_000 { bytes += [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0] }
        #expect(Self.error(Tree.self, bytes + [0, 0, 0, 0]) == WireError(offset: 1_548, reason: .nestedTooDeeply(limit: 128)))
    }

    @Test func nanosecondsOfASecondOrMoreAreAnError() {
        let bytes = Self.le64(1) + [0x00, 0xCA, 0x9A, 0x3B]  // 1_000_000_000
        #expect(Self.error(UndraDuration.self, bytes) == WireError(offset: 8, reason: .nanosecondsOutOfRange(1_000_000_000)))
    }

    @Test func aMapKeySeenTwiceIsAnError() {
        let entry: [UInt8] = [1, 0, 0, 0, 9]  // 1u32 → 9u8
        #expect(Self.error([UInt32: UInt8].self, Self.le64(2) + entry + entry) == WireError(offset: 13, reason: .duplicateMapKey))
    }

    @Test func twoStringKeysSwiftCallsEqualAreAnErrorThatSaysSoAndExactStringKeysKeepBoth() throws {
        // Rust's BTreeMap {"e\u{301}": 1, "\u{E9}": 2}: two keys to Rust, one to a [String: Int32].
        let bytes = GoldenVectors.load("standard.vectors").first { $0.name == "map.string.equivalentKeys" }!.bytes
        let error = Self.error([String: Int32].self, bytes)
        #expect(error == WireError(offset: 23, reason: .equivalentMapKeys(earlier: ExactString("e\u{301}"), later: ExactString("\u{E9}"))))
        #expect(error?.description == #"byte 23: expected map keys a [String: V] can tell apart, found "\u{00E9}" after "e\u{0301}" (canonically equivalent, distinct bytes): key the map by ExactString to keep both"#)
        let exact = try [ExactString: Int32](wireBytes: bytes)
        #expect(exact.count == 2)
        #expect(exact[ExactString("e\u{301}")] == 1)
        #expect(exact[ExactString("\u{E9}")] == 2)
        #expect(exact.wireBytes == bytes)
        // The same bytes twice are still a repeated key.
        let twice = Self.le64(2) + Array(bytes[8..<23]) + Array(bytes[8..<23])
        #expect(Self.error([String: Int32].self, twice) == WireError(offset: 23, reason: .duplicateMapKey))
    }

    @Test func stringKeysAreWrittenInTheOrderOfTheirBytesAsRustOrdersThem() {
        // Swift's `String <` puts "f" first (it compares "e\u{301}" as "\u{E9}"); Rust puts it second.
        let map: [String: Int32] = ["f": 2, "e\u{301}": 1, "\u{E9}x": 3, "E": 0]
        let order = [ExactString("E"), ExactString("e\u{301}"), ExactString("f"), ExactString("\u{E9}x")]
        var expected = Self.le64(4)
        for key in order { expected += key.wireBytes + map[key.value]!.wireBytes }
        #expect(map.wireBytes == expected)
    }

    @Test func aFrameNamingNoFieldOrNoListOpIsAnError() throws {
        let header = Self.le64(7) + Self.le64(2) + [0] + Self.le64(1)  // epoch, sequence, None, one op
        #expect(throws: WireError(offset: 25, reason: .invalidVariant(type: "the store's op enum (no field has this id)", index: 9))) {
            try TodosSchema.wire.decodeFrame(header + [9, 0, 0, 0])
        }
        #expect(throws: WireError(offset: 29, reason: .invalidVariant(type: "ListOp", index: 5))) {
            try TodosSchema.wire.decodeFrame(header + [0, 0, 0, 0] + [5, 0, 0, 0])
        }
        // More ops announced than 4-byte tags fit in the bytes left.
        #expect(throws: WireError(offset: 17, reason: .lengthExceedsInput(length: 1_000, available: 1))) {
            try TodosSchema.wire.decodeFrame(Self.le64(7) + Self.le64(2) + [0] + Self.le64(1_000) + [2, 0, 0, 0])
        }
    }

    @Test func errorsSayWhereAndWhatWasExpected() {
        #expect(WireError(offset: 9, reason: .invalidBool(7)).description == "byte 9: expected a bool (0 or 1), found 7")
        #expect(WireError(offset: 0, reason: .unexpectedEnd(needed: 8, available: 3)).description
            == "byte 0: expected 8 more bytes, found 3")
        #expect(WireError(offset: 25, reason: .invalidVariant(type: "Shape", index: 9)).description
            == "byte 25: expected a variant index of Shape, found 9")
    }
}
