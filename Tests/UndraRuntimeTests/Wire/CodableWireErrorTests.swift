import Testing
import UndraRuntime

/// The Codable path keeps every rule of docs/WIRE.md: bad input is a `WireError` naming the
/// offset and what was expected, and a type the wire cannot carry says what to declare.
@Suite struct CodableWireErrorTests {
    typealias Tree = CodableVectorTests.Tree
    typealias TaskCommand = CodableVectorTests.TaskCommand

    /// An enum whose `CodingKeys` are not `Int`: the wire cannot know its variant indices.
    enum NoIndices: Codable, Equatable {
        case one(Int32), two
    }

    struct Refused: Error {}

    /// A type whose own `init(from:)` refuses a value.
    struct Positive: Codable, WireCodable, Equatable {
        var value: Int32
        init(value: Int32) { self.value = value }
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int32.self)
            guard value > 0 else { throw Refused() }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    static func error<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> WireError? {
        do {
            _ = try WireDecoder().decode(T.self, from: bytes)
            return nil
        } catch {
            return error
        }
    }

    static func le64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

    @Test func aVariantIndexWithNoCaseNamesTheEnum() {
        #expect(Self.error(TaskCommand.self, [5, 0, 0, 0]) == WireError(
            offset: 0, reason: .invalidVariant(type: "UndraRuntimeTests.CodableVectorTests.TaskCommand", index: 5)))
        // Inside a struct: the offset is the index's.
        let page = Self.le64(1) + [9, 0, 0, 0]
        #expect(Self.error(CodableVectorTests.Page<TaskCommand>.self, page) == WireError(
            offset: 8, reason: .invalidVariant(type: "UndraRuntimeTests.CodableVectorTests.TaskCommand", index: 9)))
    }

    @Test func anEnumWithoutIntCodingKeysSaysWhatToDeclareInEachDirection() throws {
        let message = "no variant index: declare the enum's CodingKeys as `enum CodingKeys: Int, CodingKey { case … }`, its cases in declaration order"
        #expect(Self.error(NoIndices.self, [0, 0, 0, 0, 7, 0, 0, 0]) == WireError(
            offset: 0, reason: .undecodable(type: "UndraRuntimeTests.CodableWireErrorTests.NoIndices", message: message)))
        do {
            _ = try WireEncoder().encode(NoIndices.two)
            Issue.record("encoded an enum with no variant indices")
        } catch let EncodingError.invalidValue(value, context) {
            #expect(value as? String == "UndraRuntimeTests.CodableWireErrorTests.NoIndices.two has no variant index: declare the enum's CodingKeys as `enum CodingKeys: Int, CodingKey { case … }`, its cases in declaration order")
            #expect(context.codingPath.isEmpty)
        }
        #expect(throws: WireShapeError(type: "NoIndices", message: "its CodingKeys have no Int values: declare `enum CodingKeys: Int, CodingKey { case … }`, its cases in declaration order")) {
            try WireShape.traced(NoIndices.self)
        }
    }

    @Test func aValueTheTypeRefusesIsUndecodableWhereItWasRead() throws {
        #expect(try Positive(wireBytes: [3, 0, 0, 0]) == Positive(value: 3))
        let page = Self.le64(2) + [1, 0, 0, 0] + [0, 0, 0, 0] + [0]
        let error = Self.error(CodableVectorTests.Page<Positive>.self, page)
        #expect(error == WireError(offset: 16, reason: .undecodable(type: "Positive", message: "Refused()")))
        #expect(error?.description == "byte 16: expected a value Positive decodes: Refused()")
        #expect(throws: WireShapeError(type: "Positive", message: "its init(from:) threw Refused() on placeholder values: declare `static var wireShape` by hand")) {
            try WireShape.traced(Positive.self)
        }
    }

    @Test func aLengthIsCheckedBeforeAnythingIsAllocated() {
        let page = Self.le64(1 << 40) + [0]
        #expect(Self.error(CodableVectorTests.Page<CodableVectorTests.Task>.self, page) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: 1 << 40, available: 1)))
        #expect(Self.error([String: Int32].self, Self.le64(.max)) == WireError(
            offset: 0, reason: .lengthExceedsInput(length: .max, available: 0)))
    }

    /// A tree nested deeper than the limit: a tree level is two containers (the enum, its
    /// array), so level 64 is the 129th container, at byte 64 × 12.
    @Test func nestingDeeperThanTheLimitIsAnErrorNotAStackOverflow() throws {
        var tree = Tree.leaf(0)
        for _ in 0..<200 { tree = .node([tree], nil) }
        let bytes = try WireEncoder().encode(tree)
        #expect(Self.error(Tree.self, bytes) == WireError(offset: 768, reason: .nestedTooDeeply(limit: 128)))
        var shallow = Tree.leaf(0)
        for _ in 0..<63 { shallow = .node([shallow], nil) }
        #expect(try WireDecoder().decode(Tree.self, from: WireEncoder().encode(shallow)) == shallow)
    }

    @Test func twoStringKeysSwiftCallsEqualAreTheSameErrorAsOnTheHandWrittenPath() {
        let bytes = GoldenVectors.load("standard.vectors").first { $0.name == "map.string.equivalentKeys" }!.bytes
        #expect(Self.error([String: Int32].self, bytes) == WireError(
            offset: 23, reason: .equivalentMapKeys(earlier: ExactString("e\u{301}"), later: ExactString("\u{E9}"))))
        let repeated = Self.le64(2) + [1, 0, 0, 0, 9, 1, 0, 0, 0, 8]
        #expect(Self.error([UInt32: UInt8].self, repeated) == WireError(offset: 13, reason: .duplicateMapKey))
    }

    @Test func badTagsAndBadUTF8AreTheWiresErrors() {
        #expect(Self.error(CodableVectorTests.Page<Int16?>.self, Self.le64(1) + [2]) == WireError(offset: 8, reason: .invalidOptionTag(2)))
        #expect(Self.error(CodableVectorTests.Scalars.self, [UInt8](repeating: 0, count: 42) + [7]) == WireError(offset: 42, reason: .invalidBool(7)))
        #expect(Self.error(TaskCommand.self, [0, 0, 0, 0] + Self.le64(1) + [0xFF]) == WireError(offset: 12, reason: .invalidUTF8))
    }
}
