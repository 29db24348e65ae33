import Foundation
import Testing
import UndraRuntime

/// A `Codable` struct holding a `Date`: written as Rust's `SystemTime`, not as `Date`'s own
/// `Codable` (a `Double` of seconds since 2001).
struct WireEntry: Codable, WireCodable, Equatable {
    var title: String
    var at: Date
}

/// `Date` as Rust's `std::time::SystemTime`: `{ secs_since_epoch: u64, nanos_since_epoch: u32 }`.
/// Swift to Rust and back is the same `Date`; Rust to Swift and back is the same time within
/// half the `Double`'s step.
@Suite struct DateWireTests {
    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    static func bytes(_ seconds: UInt64, _ nanoseconds: UInt32) -> [UInt8] { le64(seconds) + le32(nanoseconds) }

    @Test func aDateIsItsSecondsSince1970ThenItsNanoseconds() throws {
        #expect(Date(timeIntervalSince1970: 0).wireBytes == [UInt8](repeating: 0, count: 12))
        #expect(Date(timeIntervalSince1970: 1.5).wireBytes == Self.bytes(1, 500_000_000))
        #expect(Date(timeIntervalSinceReferenceDate: 0).wireBytes == Self.bytes(978_307_200, 0))
        // The timestamp, which printed as 1796616291.79704808s.
        let read = try Date(wireBytes: Self.bytes(1_796_616_291, 797_048_080))
        #expect(read.timeIntervalSince1970 == 1_796_616_291.797_048_08)
        #expect(read.formatted(.iso8601) == "2026-12-07T04:04:51Z")
        #expect(try Date(wireBytes: Self.bytes(1, 500_000_000)) == Date(timeIntervalSince1970: 1.5))
    }

    @Test func swiftToRustAndBackIsTheSameDateAtTheWiresResolution() throws {
        var generator = SystemRandomNumberGenerator()
        // 1970 to 2554 (2**34 seconds), at every scale of fraction: the same Date, except within
        // 2**23 s (97 days) of 2001, where a Date is finer than a nanosecond and comes back at the
        // nearest one.
        for round in 0..<20_000 {
            let seconds = Double.random(in: 0..<0x1p34, using: &generator)
            let date = Date(timeIntervalSince1970: round % 2 == 0 ? seconds : seconds.rounded() + Double(round % 1_000) / 1_000)
            let back = try Date(wireBytes: date.wireBytes)
            if abs(date.timeIntervalSinceReferenceDate) >= 0x1p23 {
                #expect(back == date, "\(date.timeIntervalSince1970)")
            } else {
                // The nearest nanosecond, as the nearest Double holds it.
                let bound = 0.5e-9 + date.timeIntervalSinceReferenceDate.ulp / 2
                #expect(abs(back.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate) <= bound, "\(date.timeIntervalSince1970)")
            }
        }
    }

    @Test func rustToSwiftAndBackIsTheSameTimeWithinHalfTheDoublesStep() throws {
        var generator = SystemRandomNumberGenerator()
        var unchanged = 0
        for _ in 0..<20_000 {
            // Times from 2001 to 2100: within half the step of the Double holding the date.
            let seconds = UInt64.random(in: 978_307_200..<4_102_444_800, using: &generator)
            let nanoseconds = UInt32.random(in: 0..<1_000_000_000, using: &generator)
            let date = try Date(wireBytes: Self.bytes(seconds, nanoseconds))
            let back = try UndraDuration(wireBytes: date.wireBytes)  // the same 12 bytes: seconds and nanoseconds since 1970
            let error = abs(Int64(back.seconds) * 1_000_000_000 + Int64(back.nanoseconds) - Int64(seconds) * 1_000_000_000 - Int64(nanoseconds))
            let halfStep = Int64((date.timeIntervalSinceReferenceDate.ulp * 1e9 / 2).rounded(.up))
            #expect(error <= halfStep, "\(seconds).\(nanoseconds)")
            #expect(halfStep <= 239)
            if error == 0 { unchanged += 1 }
        }
        #expect(unchanged > 0)
        // Within 2**23 s of 2001 the Double holds every nanosecond: such a time comes back unchanged.
        for nanoseconds: UInt32 in [0, 1, 7, 999_999_999, 123_456_789] {
            for seconds: UInt64 in [978_307_200, 978_307_201, 978_307_200 + 86_400 * 90, 978_307_200 - 86_400 * 90] {
                #expect(try Date(wireBytes: Self.bytes(seconds, nanoseconds)).wireBytes == Self.bytes(seconds, nanoseconds))
            }
        }
    }

    @Test func badNanosecondsAndShortInputAreErrorsThatSayWhere() {
        #expect(throws: WireError(offset: 8, reason: .nanosecondsOutOfRange(1_000_000_000))) {
            try Date(wireBytes: Self.bytes(1, 1_000_000_000))
        }
        for length in 0..<12 {
            #expect(throws: WireError.self) { try Date(wireBytes: Array(Self.bytes(5, 5).prefix(length))) }
        }
    }

    @Test func theShapeIsRustsSystemTime() {
        #expect(Date.wireShape.description == "(secssinceepoch:u64,nanossinceepoch:u32)")
        #expect(Date.minimumWireSize == 12)
    }

    @Test func aCodableStructWritesItsDateAsRustsSystemTime() throws {
        let entry = WireEntry(title: "t", at: Date(timeIntervalSince1970: 1.5))
        let bytes = Self.le64(1) + [0x74] + Self.bytes(1, 500_000_000)
        #expect(try WireEncoder().encode(entry) == bytes)
        #expect(entry.wireBytes == bytes)
        #expect(try WireDecoder().decode(WireEntry.self, from: bytes) == entry)
        #expect(WireEntry.wireShape.description == "(title:string,at:(secssinceepoch:u64,nanossinceepoch:u32))")
    }

    @Test func writingADateBefore1970StopsTheProgram() async {
        await #expect(processExitsWith: .failure) { _ = Date(timeIntervalSince1970: -1).wireBytes }
    }
}
