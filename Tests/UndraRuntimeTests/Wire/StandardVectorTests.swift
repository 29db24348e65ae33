import Foundation
import Testing
import UndraRuntime

/// Every standard type at its edges, against the bytes the real serde + bincode wrote
/// (Tests/WireVectors/standard.vectors): each vector decodes to the expected value and re-encodes
/// to the same bytes, and Swift encodes the expected value to those bytes.
@Suite struct StandardVectorTests {
    static let expectations: [VectorExpectation] = scalars + texts + containers + shapes + durations

    static let scalars: [VectorExpectation] = [
        .value("bool.false", false), .value("bool.true", true),
        .value("u8.0", UInt8(0)), .value("u8.max", UInt8.max),
        .value("u16.0", UInt16(0)), .value("u16.max", UInt16.max), .value("u16.258", UInt16(258)),
        .value("u32.0", UInt32(0)), .value("u32.max", UInt32.max),
        .value("u64.0", UInt64(0)), .value("u64.max", UInt64.max), .value("u64.bytes", UInt64(0x0102_0304_0506_0708)),
        .value("i8.min", Int8.min), .value("i8.max", Int8.max), .value("i8.-1", Int8(-1)),
        .value("i16.min", Int16.min), .value("i16.max", Int16.max),
        .value("i32.min", Int32.min), .value("i32.max", Int32.max), .value("i32.-2", Int32(-2)),
        .value("i64.min", Int.min), .value("i64.max", Int64.max), .value("i64.-1", -1), .value("i64.0", 0),
        .value("f32.0", Float(0)), .value("f32.-0", Float(-0.0)), .value("f32.1.5", Float(1.5)),
        .value("f32.max", Float.greatestFiniteMagnitude), .value("f32.minSubnormal", Float.leastNonzeroMagnitude),
        .value("f32.inf", Float.infinity), .value("f32.-inf", -Float.infinity), .value("f32.nan", Float.nan),
        .value("f64.0", 0.0), .value("f64.-0", -0.0), .value("f64.0.1", 0.1),
        .value("f64.max", Double.greatestFiniteMagnitude), .value("f64.minSubnormal", Double.leastNonzeroMagnitude),
        .value("f64.-inf", -Double.infinity), .value("f64.nan", Double.nan),
        .value("char.a", Unicode.Scalar("a")), .value("char.nul", Unicode.Scalar(UInt8(0))),
        .value("char.e-acute", Unicode.Scalar("é")), .value("char.euro", Unicode.Scalar("€")),
        .value("char.emoji", Unicode.Scalar("😀")), .value("char.max", Unicode.Scalar(0x10FFFF)!),
    ] + wideIntegers

    static var wideIntegers: [VectorExpectation] {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return [] }
        return [
            .value("u128.0", UInt128(0)), .value("u128.max", UInt128.max), .value("u128.words", UInt128(2) << 64 | 1),
            .value("i128.min", Int128.min), .value("i128.max", Int128.max), .value("i128.-1", Int128(-1)),
        ]
    }

    static let texts: [VectorExpectation] = [
        .value("string.empty", ""), .value("string.ascii", "hello"),
        .value("string.15bytes", "fifteen bytes!!"), .value("string.16bytes", "sixteen bytes!!!"),
        .value("string.nonascii", "héllo wörld ✓ 😀"), .value("string.nul", "a\0b"),
        .value("bytes.empty", Data()), .value("bytes.edges", [UInt8]([0, 1, 127, 128, 255])),
    ]

    static let containers: [VectorExpectation] = [
        .value("option.u8.none", UInt8?.none), .value("option.u8.some0", UInt8?.some(0)),
        .value("option.string.some", String?.some("x")),
        .value("option.option.none", UInt8??.none), .value("option.option.someNone", UInt8??.some(nil)),
        .value("option.option.someSome", UInt8??.some(7)),
        .value("vec.u16.empty", [UInt16]()), .value("vec.u16", [UInt16]([1, 2, .max])),
        .value("vec.string", ["a", "", "ü"]), .value("vec.vec.u8", [[UInt8]]([[1], [], [2, 3]])),
        .value("vec.option.i32", [Int32?]([-1, nil])),
        .value("map.empty", [UInt32: String]()),
        .value("map.u32.string", [1: "one", 2: "two", 300: ""] as [UInt32: String]),
        .value("map.string.vec", ["a": [1], "b": []] as [String: [Int]]),
        .value("map.string.byteOrder.combining", ["e\u{301}": 1, "f": 2] as [String: Int32]),
        .value("map.string.byteOrder.compatibility", ["\u{212B}": 1, "\u{C6}": 2] as [String: Int32]),
        .value("map.string.equivalentKeys", [ExactString("e\u{301}"): 1, ExactString("\u{E9}"): 2] as [ExactString: Int32]),
        .value("result.ok", Result<UInt32, Message>.success(5)),
        .value("result.err", Result<UInt32, Message>.failure(Message("no"))),
    ]

    static let shapes: [VectorExpectation] = [
        .value("unit", WireUnit()),
        .value("tuple.u8.string.bool", TupleU8StringBool((7, "t", true))),
        .value("tuple.nested", NestedTuple((1, 2), 3)),
        .value("struct.point", Point(x: -1, y: 2)), .value("struct.unit", Marker()),
        .value("struct.newtype", Meters(2.5)), .value("struct.tuple", Pair(1, 515)),
        .value("enum.unit", Shape.empty), .value("enum.newtype", Shape.circle(9)),
        .value("enum.tuple", Shape.line(3, "ab")), .value("enum.struct", Shape.rect(w: 4, h: 5)),
    ]

    static let durations: [VectorExpectation] = [
        .value("duration.zero", UndraDuration.zero), .value("duration.1ns", UndraDuration.nanoseconds(1)),
        .value("duration.1500ns", UndraDuration.nanoseconds(1_500)),
        .value("duration.250ms", UndraDuration.milliseconds(250)),
        .value("duration.1.5s", UndraDuration.milliseconds(1_500)), .value("duration.1s", UndraDuration.seconds(1)),
        .value("duration.1.000000001s", try! UndraDuration(seconds: 1, nanoseconds: 1)),
        .value("duration.max", UndraDuration.max),
    ]

    @Test func everyVectorHasAnExpectationAndEveryExpectationAVector() {
        let names = GoldenVectors.load("standard.vectors").map(\.name)
        #expect(names.count == 97)
        #expect(names.sorted() == Self.expectations.map(\.name).sorted())
    }

    @Test(arguments: GoldenVectors.load("standard.vectors").map(\.name))
    func decodesAndReencodesByteForByte(_ name: String) throws {
        let bytes = try #require(GoldenVectors.load("standard.vectors").first { $0.name == name }?.bytes)
        let expectation = try #require(Self.expectations.first { $0.name == name })
        #expect(try expectation.swiftBytes() == bytes)
        try expectation.check(bytes)
    }

    /// Below iOS 18 (no `Int128`), an `i128` is a struct of its two halves: the same bytes.
    struct Halves: WireCodable, Equatable {
        var low: UInt64, high: Int64
        init(low: UInt64, high: Int64) { self.low = low; self.high = high }
        init(from reader: inout WireReader) throws(WireError) {
            low = try reader.read()
            high = try reader.read()
        }
        func encode(to writer: inout WireWriter) {
            writer.write(low)
            writer.write(high)
        }
        static var wireShape: WireShape { .tuple([.u64, .i64]) }
    }

    @Test func a128BitIntegerIsItsTwoHalvesBelowTheFloorOfInt128() throws {
        let vectors = GoldenVectors.load("standard.vectors")
        func halves(_ name: String) throws -> Halves { try Halves(wireBytes: vectors.first { $0.name == name }!.bytes) }
        #expect(try halves("i128.min") == Halves(low: 0, high: .min))
        #expect(try halves("i128.-1") == Halves(low: .max, high: -1))
        #expect(try halves("u128.words") == Halves(low: 1, high: 2))
    }

    @Test func durationsDescribeThemselvesAsRustDebugPrintsThem() throws {
        let descriptions = GoldenVectors.lines("durations.descriptions")
        #expect(descriptions.count == 8)
        for line in descriptions {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            let bytes = try #require(GoldenVectors.load("standard.vectors").first { $0.name == parts[0] }?.bytes)
            #expect(try UndraDuration(wireBytes: bytes).description == parts[1])
        }
    }
}
