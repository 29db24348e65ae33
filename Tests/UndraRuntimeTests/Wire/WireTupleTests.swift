import Testing
import UndraRuntime

/// `WireTuple2`, `WireTuple3`, `WireTuple4`: Rust's anonymous tuples, their elements in order
/// with nothing between.
@Suite struct WireTupleTests {
    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func error<T: WireCodable>(_ type: T.Type, _ bytes: [UInt8]) -> WireError? {
        do {
            _ = try T(wireBytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    static func vector(_ name: String) -> [UInt8] {
        GoldenVectors.load("standard.vectors").first { $0.name == name }!.bytes
    }

    static func isSendable<T: Sendable>(_: T) -> Bool { true }

    @Test func aTupleIsItsElementsInOrderWithNothingBetween() {
        #expect(WireTuple2(UInt8(1), "a").wireBytes == [0x01] + Self.le64(1) + [0x61])
        #expect(WireTuple2(UInt16(0x0201), Int64(-1)).wireBytes == [0x01, 0x02] + [UInt8](repeating: 0xFF, count: 8))
        #expect(WireTuple3(UInt8(7), "t", true).wireBytes == [0x07] + Self.le64(1) + [0x74] + [0x01])
        #expect(WireTuple4(Int32(-1), "x", false, 2.5).wireBytes
            == [0xFF, 0xFF, 0xFF, 0xFF] + Self.le64(1) + [0x78] + [0x00] + [0, 0, 0, 0, 0, 0, 0x04, 0x40])
        #expect(WireTuple2(WireUnit(), UInt8(9)).wireBytes == [0x09])
    }

    /// The tuples Rust wrote (Tests/WireVectors/standard.vectors): `(7u8, "t", true)` and
    /// `((1u16, 2u16), Some(3u32))`.
    @Test func rustsTuplesReadAndWriteBackByteForByte() throws {
        let flat = try WireTuple3<UInt8, String, Bool>(wireBytes: Self.vector("tuple.u8.string.bool"))
        #expect(flat == WireTuple3(7, "t", true))
        #expect(flat.wireBytes == Self.vector("tuple.u8.string.bool"))
        typealias Nested = WireTuple2<WireTuple2<UInt16, UInt16>, UInt32?>
        let nested = try Nested(wireBytes: Self.vector("tuple.nested"))
        #expect(nested == Nested(WireTuple2(1, 2), 3))
        #expect(nested.wireBytes == Self.vector("tuple.nested"))
        #expect(Self.vector("tuple.nested") == [0x01, 0x00, 0x02, 0x00, 0x01, 0x03, 0x00, 0x00, 0x00])
    }

    @Test func valuesRoundTrip() throws {
        let pair = WireTuple2(Int64.min, "héllo")
        #expect(try WireTuple2<Int64, String>(wireBytes: pair.wireBytes) == pair)
        let triple = WireTuple3(UInt8?.none, [Int16(-2), 3], WireTuple2(true, Unicode.Scalar("€")))
        #expect(try WireTuple3<UInt8?, [Int16], WireTuple2<Bool, Unicode.Scalar>>(wireBytes: triple.wireBytes) == triple)
        let quadruple = WireTuple4(Double.infinity, Float(-0.0), UndraDuration.milliseconds(1_500), ["k": UInt32(1)])
        #expect(try WireTuple4<Double, Float, UndraDuration, [String: UInt32]>(wireBytes: quadruple.wireBytes) == quadruple)
        // A list of (key, row) pairs, as a keyed list's ops carry them.
        let rows = [WireTuple2(Int64(1), "milk"), WireTuple2(Int64(2), "tea")]
        #expect(rows.wireBytes == Self.le64(2) + Self.le64(1) + Self.le64(4) + Array("milk".utf8) + Self.le64(2) + Self.le64(3) + Array("tea".utf8))
        #expect(try [WireTuple2<Int64, String>](wireBytes: rows.wireBytes) == rows)
    }

    @Test func theElementsConvertToAndFromASwiftTuple() {
        var pair = WireTuple2(1, "a")
        #expect(pair.first == 1 && pair.second == "a")
        let (number, letter) = pair.tuple
        #expect(number == 1 && letter == "a")
        pair.tuple = (2, "b")
        #expect(pair == WireTuple2(2, "b"))
        pair.tuple.0 += 1
        #expect(pair.first == 3)
        var triple = WireTuple3(1, 2.5, "c")
        triple.tuple = (4, 5.5, "d")
        #expect(triple.first == 4 && triple.second == 5.5 && triple.third == "d")
        var quadruple = WireTuple4(1, 2, 3, 4)
        quadruple.fourth = 9
        #expect(quadruple.tuple == (1, 2, 3, 9))
        #expect(WireTuple4(true, "x", 1, 2.0).tuple == (true, "x", 1, 2.0))
    }

    @Test func descriptionsAreTheElementsInParentheses() {
        #expect(WireTuple2(1, "a").description == "(1, a)")
        #expect("\(WireTuple3(7, "t", true))" == "(7, t, true)")
        #expect(WireTuple4(Int32(-1), "x", false, 2.5).description == "(-1, x, false, 2.5)")
        #expect(WireTuple2(WireTuple2(1, 2), Optional(3)).description == "((1, 2), Optional(3))")
        #expect(WireTuple2(UndraDuration.milliseconds(250), WireUnit()).description == "(250ms, ())")
    }

    @Test func equalTuplesAreEqualAndHashAlike() {
        #expect(WireTuple2(1, "a") == WireTuple2(1, "a"))
        #expect(WireTuple2(1, "a") != WireTuple2(1, "b"))
        #expect(WireTuple3(1, 2, 3) != WireTuple3(1, 2, 4))
        #expect(WireTuple4(1, 2, 3, 4) == WireTuple4(1, 2, 3, 4))
        let set: Set = [WireTuple2(1, "a"), WireTuple2(1, "a"), WireTuple2(2, "a")]
        #expect(set.count == 2)
        let keys: [WireTuple3<Int, Int, Int>: String] = [WireTuple3(1, 2, 3): "x"]
        #expect(keys[WireTuple3(1, 2, 3)] == "x")
        #expect(Set([WireTuple4(1, 2, 3, 4), WireTuple4(1, 2, 3, 4)]).count == 1)
        #expect(Self.isSendable(WireTuple2(1, "a")) && Self.isSendable(WireTuple3(1, 2, 3)) && Self.isSendable(WireTuple4(1, 2, 3, 4)))
    }

    @Test func theShapesAreTuplesOfTheElementsShapes() {
        #expect(WireTuple2<UInt8, String>.wireShape == .tuple([.u8, .string]))
        #expect(WireTuple2<UInt8, String>.wireShape.description == "(u8,string)")
        #expect(WireTuple3<UInt8, String, Bool>.wireShape.description == "(u8,string,bool)")
        #expect(WireTuple4<Int32, String, Bool, Double>.wireShape.description == "(i32,string,bool,f64)")
        #expect(WireTuple2<WireTuple2<UInt16, UInt16>, UInt32?>.wireShape.description == "((u16,u16),option<u32>)")
        #expect([WireTuple2<Int64, String>].wireShape.description == "seq<(i64,string)>")
        #expect(WireTuple2<Int, UndraDuration>.wireShape.description == "(i64,(secs:u64,nanos:u32))")
    }

    @Test func truncatedInputIsAnErrorInTheElementWhereItEnds() {
        typealias Pair = WireTuple2<UInt32, UInt64>
        #expect(Self.error(Pair.self, []) == WireError(offset: 0, reason: .unexpectedEnd(needed: 4, available: 0)))
        #expect(Self.error(Pair.self, [1, 0, 0, 0, 2, 0, 0]) == WireError(offset: 4, reason: .unexpectedEnd(needed: 8, available: 3)))
        #expect(Self.error(WireTuple2<UInt8, String>.self, [1] + Self.le64(1)) == WireError(offset: 1, reason: .lengthExceedsInput(length: 1, available: 0)))
        let triple = WireTuple3(UInt8(7), "t", true).wireBytes
        #expect(Self.error(WireTuple3<UInt8, String, Bool>.self, Array(triple.dropLast())) == WireError(offset: 10, reason: .unexpectedEnd(needed: 1, available: 0)))
        let quadruple = WireTuple4(Int32(-1), "x", false, 2.5).wireBytes
        #expect(Self.error(WireTuple4<Int32, String, Bool, Double>.self, Array(quadruple.prefix(17))) == WireError(offset: 14, reason: .unexpectedEnd(needed: 8, available: 3)))
        #expect(Self.error(WireTuple4<Int32, String, Bool, Double>.self, quadruple + [0]) == WireError(offset: 22, reason: .trailingBytes(count: 1)))
    }

    @Test func anElementThatDoesNotDecodeIsItsOwnErrorAtItsOffset() {
        let badBool = [7] + Self.le64(1) + [0x74] + [2]
        #expect(Self.error(WireTuple3<UInt8, String, Bool>.self, badBool) == WireError(offset: 10, reason: .invalidBool(2)))
        let badUTF8 = [7] + Self.le64(1) + [0xFF] + [1]
        #expect(Self.error(WireTuple3<UInt8, String, Bool>.self, badUTF8) == WireError(offset: 9, reason: .invalidUTF8))
        let badNanos = Self.le64(1) + Self.le64(0) + [0x00, 0xCA, 0x9A, 0x3B]
        #expect(Self.error(WireTuple2<Int64, UndraDuration>.self, badNanos) == WireError(offset: 16, reason: .nanosecondsOutOfRange(1_000_000_000)))
        #expect(Self.error(WireTuple4<Bool, Bool, Bool, UInt8?>.self, [1, 0, 1, 5]) == WireError(offset: 3, reason: .invalidOptionTag(5)))
    }

    /// A tuple takes at least its elements' fewest bytes: a length is checked against their sum.
    @Test func aLengthIsCheckedAgainstTheElementsFewestBytes() {
        #expect(WireTuple2<UInt32, UInt64>.minimumWireSize == 12)
        #expect(WireTuple3<UInt8, String, Bool>.minimumWireSize == 10)
        #expect(WireTuple4<Int64, Int64, UInt8, WireUnit>.minimumWireSize == 17)
        let one = Self.le64(2) + WireTuple2(UInt32(1), UInt64(2)).wireBytes
        #expect(Self.error([WireTuple2<UInt32, UInt64>].self, one) == WireError(offset: 0, reason: .lengthExceedsInput(length: 2, available: 1)))
        #expect(Self.error([WireTuple3<UInt8, String, Bool>].self, Self.le64(.max)) == WireError(offset: 0, reason: .lengthExceedsInput(length: .max, available: 0)))
    }
}
