import Testing
import UndraRuntime

/// `WireInt128` and `WireUInt128`: Rust's `i128` and `u128` as two halves below `Int128`'s
/// floor, the same 16 bytes, and their exact decimal values.
@Suite struct WireInt128Tests {
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

    /// A deterministic stream of 64-bit words (SplitMix64).
    struct Words {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func theBytesAreTheLowWordThenTheHighWordLittleEndian() {
        #expect(WireInt128.zero.wireBytes == [UInt8](repeating: 0, count: 16))
        #expect(WireInt128(-1).wireBytes == [UInt8](repeating: 0xFF, count: 16))
        #expect(WireInt128.min.wireBytes == [UInt8](repeating: 0, count: 15) + [0x80])
        #expect(WireInt128.max.wireBytes == [UInt8](repeating: 0xFF, count: 15) + [0x7F])
        #expect(WireInt128(low: 0, high: 1).wireBytes == Self.le64(0) + [1, 0, 0, 0, 0, 0, 0, 0])
        #expect(WireInt128(low: 0x0102_0304_0506_0708, high: -2).wireBytes
            == [8, 7, 6, 5, 4, 3, 2, 1] + [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(WireUInt128.zero.wireBytes == [UInt8](repeating: 0, count: 16))
        #expect(WireUInt128.max.wireBytes == [UInt8](repeating: 0xFF, count: 16))
        #expect(WireUInt128(low: 1, high: 2).wireBytes == [1, 0, 0, 0, 0, 0, 0, 0] + [2, 0, 0, 0, 0, 0, 0, 0])
    }

    /// The bytes Rust wrote for `i128` and `u128` (Tests/WireVectors/standard.vectors).
    @Test func rustsBytesReadAndWriteBack() throws {
        let signed: [(String, WireInt128)] = [("i128.min", .min), ("i128.max", .max), ("i128.-1", WireInt128(-1))]
        for (name, value) in signed {
            #expect(try WireInt128(wireBytes: Self.vector(name)) == value, "\(name)")
            #expect(value.wireBytes == Self.vector(name), "\(name)")
        }
        let unsigned: [(String, WireUInt128)] = [("u128.0", .zero), ("u128.max", .max), ("u128.words", WireUInt128(low: 1, high: 2))]
        for (name, value) in unsigned {
            #expect(try WireUInt128(wireBytes: Self.vector(name)) == value, "\(name)")
            #expect(value.wireBytes == Self.vector(name), "\(name)")
        }
    }

    @Test func valuesRoundTrip() throws {
        var words = Words()
        for _ in 0..<100 {
            let signed = WireInt128(low: words.next(), high: Int64(bitPattern: words.next()))
            #expect(try WireInt128(wireBytes: signed.wireBytes) == signed)
            let unsigned = WireUInt128(low: words.next(), high: words.next())
            #expect(try WireUInt128(wireBytes: unsigned.wireBytes) == unsigned)
        }
        let pair = WireTuple2(WireInt128.min, WireUInt128.max)
        #expect(try WireTuple2<WireInt128, WireUInt128>(wireBytes: pair.wireBytes) == pair)
    }

    @Test func descriptionsAreTheExactDecimalValue() {
        #expect(WireInt128.min.description == "-170141183460469231731687303715884105728")
        #expect(WireInt128.max.description == "170141183460469231731687303715884105727")
        #expect(WireInt128(-1).description == "-1")
        #expect(WireInt128.zero.description == "0")
        #expect(WireInt128(low: 0, high: 1).description == "18446744073709551616")
        #expect(WireInt128(low: 0, high: -1).description == "-18446744073709551616")
        #expect(WireInt128(low: .max, high: 0).description == "18446744073709551615")
        #expect(WireInt128(low: 1, high: -1).description == "-18446744073709551615")
        #expect(WireInt128(Int64.min).description == "-9223372036854775808")
        // 10²⁰ + 5: a 19-digit part of zeros but its last digit.
        #expect(WireInt128(low: 7_766_279_631_452_241_925, high: 5).description == "100000000000000000005")
        #expect(WireInt128(low: 10_680_464_442_257_309_691, high: -6).description == "-100000000000000000005")
        #expect(WireUInt128(low: 687_399_551_400_673_280, high: 5_421_010_862_427_522_170).description == "1" + String(repeating: "0", count: 38))
        #expect(WireUInt128.max.description == "340282366920938463463374607431768211455")
        #expect(WireUInt128.zero.description == "0")
        #expect(WireUInt128(low: 0, high: 1).description == "18446744073709551616")
        #expect(WireUInt128(10_000_000_000_000_000_000).description == "10000000000000000000")
        #expect("\(WireTuple2(WireInt128(-7), WireUInt128(7)))" == "(-7, 7)")
    }

    @Test func sixtyFourBitValuesConvertExactly() {
        #expect(WireInt128(-5) == WireInt128(low: .max - 4, high: -1))
        #expect(WireInt128(Int64.max) == WireInt128(low: UInt64(Int64.max), high: 0))
        #expect(WireInt128(Int64.min) == WireInt128(low: 1 << 63, high: -1))
        #expect(WireUInt128(7) == WireUInt128(low: 7, high: 0))
        #expect(WireUInt128(UInt64.max) == WireUInt128(low: .max, high: 0))
    }

    @Test func equalValuesAreEqualAndHashAlike() {
        let values: Set<WireInt128> = [WireInt128(-1), WireInt128(low: .max, high: -1), .zero, WireInt128(low: 0, high: 0)]
        #expect(values == [WireInt128(-1), .zero])
        #expect(WireInt128(low: 1, high: 0) != WireInt128(low: 0, high: 1))
        let unsigned: Set<WireUInt128> = [.max, WireUInt128(low: .max, high: .max), .zero]
        #expect(unsigned.count == 2)
    }

    @Test func truncatedInputIsAnErrorAtTheStartAsForInt128() {
        let bytes = WireInt128.max.wireBytes
        #expect(Self.error(WireInt128.self, []) == WireError(offset: 0, reason: .unexpectedEnd(needed: 16, available: 0)))
        #expect(Self.error(WireInt128.self, Array(bytes.prefix(15))) == WireError(offset: 0, reason: .unexpectedEnd(needed: 16, available: 15)))
        #expect(Self.error(WireUInt128.self, Array(bytes.prefix(8))) == WireError(offset: 0, reason: .unexpectedEnd(needed: 16, available: 8)))
        #expect(Self.error(WireUInt128?.self, [1] + bytes.prefix(9)) == WireError(offset: 1, reason: .unexpectedEnd(needed: 16, available: 9)))
        #expect(Self.error(WireInt128.self, bytes + [0]) == WireError(offset: 16, reason: .trailingBytes(count: 1)))
        #expect(Self.error(WireUInt128.self, bytes + [0, 0]) == WireError(offset: 16, reason: .trailingBytes(count: 2)))
        // Sixteen bytes a value: a length is checked against that.
        #expect(WireInt128.minimumWireSize == 16)
        #expect(WireUInt128.minimumWireSize == 16)
        #expect(Self.error([WireInt128].self, Self.le64(2) + bytes + [0]) == WireError(offset: 0, reason: .lengthExceedsInput(length: 2, available: 1)))
        #expect(Self.error([WireUInt128].self, Self.le64(1) + bytes.prefix(15)) == WireError(offset: 0, reason: .lengthExceedsInput(length: 1, available: 0)))
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        for length in 0..<16 {
            #expect(Self.error(WireInt128.self, Array(bytes.prefix(length))) == Self.error(Int128.self, Array(bytes.prefix(length))))
            #expect(Self.error(WireUInt128.self, Array(bytes.prefix(length))) == Self.error(UInt128.self, Array(bytes.prefix(length))))
        }
    }

    @Test func theShapesAreI128AndU128() {
        #expect(WireInt128.wireShape == .i128)
        #expect(WireUInt128.wireShape == .u128)
        #expect(WireInt128.wireShape.description == "i128")
        #expect(WireUInt128.wireShape.description == "u128")
        #expect(WireTuple2<WireInt128, WireUInt128>.wireShape.description == "(i128,u128)")
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        #expect(WireInt128.wireShape == Int128.wireShape)
        #expect(WireUInt128.wireShape == UInt128.wireShape)
    }

    @Test func swiftsInt128ConvertsExactlyBothWays() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        #expect(WireInt128(Int128.min) == .min)
        #expect(WireInt128(Int128.max) == .max)
        #expect(WireInt128(Int128(-1)) == WireInt128(-1))
        #expect(WireInt128(Int128(1) << 64) == WireInt128(low: 0, high: 1))
        #expect(Int128(WireInt128.min) == .min)
        #expect(Int128(WireInt128.max) == .max)
        #expect(Int128(WireInt128(low: 0, high: -1)) == -(Int128(1) << 64))
        #expect(WireUInt128(UInt128.max) == .max)
        #expect(WireUInt128(UInt128(2) << 64 | 1) == WireUInt128(low: 1, high: 2))
        #expect(UInt128(WireUInt128.max) == .max)
        #expect(UInt128(WireUInt128(low: 1, high: 2)) == UInt128(2) << 64 | 1)
        var words = Words()
        for _ in 0..<1_000 {
            let signed = Int128(Int64(bitPattern: words.next())) << 64 | Int128(words.next())
            let wire = WireInt128(signed)
            #expect(Int128(wire) == signed)
            #expect(wire.wireBytes == signed.wireBytes)
            #expect(wire.description == String(signed))
            let unsigned = UInt128(words.next()) << 64 | UInt128(words.next())
            let wireUnsigned = WireUInt128(unsigned)
            #expect(UInt128(wireUnsigned) == unsigned)
            #expect(wireUnsigned.wireBytes == unsigned.wireBytes)
            #expect(wireUnsigned.description == String(unsigned))
        }
        // Values of fewer digits, where the 19-digit parts are padded with zeros.
        for shift in 0..<127 {
            let power = Int128(1) << shift
            for value in [power, power - 1, -power, 10 * (power / 10) + 5] {
                #expect(WireInt128(value).description == String(value))
            }
            let upower = UInt128(1) << (shift + 1)
            #expect(WireUInt128(upower).description == String(upower))
        }
        var power = UInt128(1)
        for _ in 0...38 {
            for value in [power, power - 1, power + 1] {
                #expect(WireUInt128(value).description == String(value))
                #expect(WireInt128(Int128(truncatingIfNeeded: value)).description == String(Int128(truncatingIfNeeded: value)))
            }
            if power <= UInt128.max / 10 { power *= 10 }
        }
    }
}
