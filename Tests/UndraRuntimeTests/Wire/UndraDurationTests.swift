import Foundation
import Testing
import UndraRuntime

/// `UndraDuration`: Rust's `Duration` exactly, checked arithmetic, conversions that never lose
/// anything silently.
@Suite struct UndraDurationTests {
    static func duration(_ seconds: UInt64, _ nanoseconds: UInt32) -> UndraDuration {
        try! UndraDuration(seconds: seconds, nanoseconds: nanoseconds)
    }

    @Test func nanosecondsOfASecondOrMoreAreRefused() throws {
        #expect(throws: UndraDuration.ConversionError.nanosecondsOutOfRange(1_000_000_000)) {
            try UndraDuration(seconds: 1, nanoseconds: 1_000_000_000)
        }
        #expect(Self.duration(1, 999_999_999).nanoseconds == 999_999_999)
        #expect(UndraDuration.milliseconds(.max) == Self.duration(18_446_744_073_709_551, 615_000_000))
        #expect(UndraDuration.microseconds(1_500_001) == Self.duration(1, 500_001_000))
        #expect(UndraDuration.nanoseconds(.max) == Self.duration(18_446_744_073, 709_551_615))
    }

    @Test func additionAndSubtractionReportOverflowAsRustsCheckedOpsDo() {
        #expect(Self.duration(1, 500_000_000).checkedAdding(Self.duration(0, 600_000_000)) == Self.duration(2, 100_000_000))
        #expect(UndraDuration.max.checkedAdding(.nanoseconds(1)) == nil)
        #expect(Self.duration(.max, 0).checkedAdding(.seconds(1)) == nil)
        #expect(UndraDuration.max.checkedAdding(.zero) == .max)
        #expect(Self.duration(2, 100_000_000).checkedSubtracting(Self.duration(0, 600_000_000)) == Self.duration(1, 500_000_000))
        #expect(UndraDuration.seconds(1).checkedSubtracting(.seconds(2)) == nil)
        #expect(UndraDuration.zero.checkedSubtracting(.nanoseconds(1)) == nil)
        #expect(UndraDuration.max.checkedSubtracting(.max) == .zero)
    }

    @Test func multiplicationAndDivisionAreCheckedAndExact() {
        #expect(Self.duration(1, 500_000_000).checkedMultiplied(by: 3) == Self.duration(4, 500_000_000))
        #expect(UndraDuration.max.checkedMultiplied(by: 2) == nil)
        #expect(UndraDuration.max.checkedMultiplied(by: 1) == .max)
        #expect(Self.duration(0, 999_999_999).checkedMultiplied(by: .max) == Self.duration(4_294_967_290, 705_032_705))
        #expect(UndraDuration.seconds(1).checkedDivided(by: 0) == nil)
        #expect(UndraDuration.seconds(1).checkedDivided(by: 3) == Self.duration(0, 333_333_333))
        #expect(UndraDuration.max.checkedDivided(by: 2) == Self.duration(9_223_372_036_854_775_807, 999_999_999))
        #expect(UndraDuration.max.checkedDivided(by: .max) == Self.duration(4_294_967_297, 0))
    }

    @Test func durationsOrderBySecondsThenNanoseconds() {
        let sorted = [Self.duration(1, 0), Self.duration(0, 999_999_999), .max, .zero, Self.duration(1, 1)].sorted()
        #expect(sorted == [.zero, Self.duration(0, 999_999_999), Self.duration(1, 0), Self.duration(1, 1), .max])
        #expect(Set([UndraDuration.milliseconds(1_000), .seconds(1), .nanoseconds(1_000_000_000)]).count == 1)
    }

    @Test func descriptionsReadAsRustWritesThem() {
        #expect(UndraDuration.milliseconds(1_500).description == "1.5s")
        #expect(UndraDuration.milliseconds(250).description == "250ms")
        #expect(UndraDuration.nanoseconds(1_000_001).description == "1.000001ms")
        #expect(UndraDuration.microseconds(2).description == "2µs")
        #expect(UndraDuration.zero.description == "0ns")
    }

    @Test func codableAsSerdeWritesDurations() throws {
        let json = try JSONEncoder().encode(Self.duration(1, 500_000_000))
        #expect(String(decoding: json, as: UTF8.self).filter { !$0.isWhitespace }.count == #"{"secs":1,"nanos":500000000}"#.count)
        #expect(try JSONDecoder().decode(UndraDuration.self, from: Data(#"{"secs":1,"nanos":500000000}"#.utf8)) == Self.duration(1, 500_000_000))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UndraDuration.self, from: Data(#"{"secs":1,"nanos":1000000000}"#.utf8))
        }
    }

    @Test func timeIntervalsConvertOnlyWhenAskedAndRoundToTheNanosecond() throws {
        #expect(try UndraDuration(rounding: 1.5) == Self.duration(1, 500_000_000))
        #expect(try UndraDuration(rounding: 0.000_000_000_4) == .zero)
        #expect(try UndraDuration(rounding: 0.999_999_999_6) == .seconds(1))
        #expect(try UndraDuration(rounding: -0.0) == .zero)
        #expect(throws: UndraDuration.ConversionError.negative) { try UndraDuration(rounding: -1e-12) }
        #expect(throws: UndraDuration.ConversionError.notANumber) { try UndraDuration(rounding: .nan) }
        #expect(throws: UndraDuration.ConversionError.outOfRange) { try UndraDuration(rounding: .infinity) }
        #expect(throws: UndraDuration.ConversionError.outOfRange) { try UndraDuration(rounding: 18_446_744_073_709_551_616.0) }
        #expect(Self.duration(1, 500_000_000).timeInterval == 1.5)
    }

    @Test func swiftDurationsConvertExactlyOrSayWhyNot() throws {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        #expect(try UndraDuration(exactly: .milliseconds(1_500)) == Self.duration(1, 500_000_000))
        #expect(try UndraDuration(exactly: Duration(UndraDuration.max)) == .max)
        #expect(Duration(UndraDuration.max) == .seconds(Int64.max) * 2 + .seconds(1) + .nanoseconds(999_999_999))
        #expect(Duration(Self.duration(3, 7)) == .seconds(3) + .nanoseconds(7))
        let halfNanosecond = Duration(secondsComponent: 0, attosecondsComponent: 500_000_000)
        #expect(throws: UndraDuration.ConversionError.subNanosecond) { try UndraDuration(exactly: .nanoseconds(1) + halfNanosecond) }
        #expect(throws: UndraDuration.ConversionError.negative) { try UndraDuration(exactly: .nanoseconds(-1)) }
        #expect(throws: UndraDuration.ConversionError.outOfRange) { try UndraDuration(exactly: .seconds(Int64.max) * 3) }
        #expect(throws: UndraDuration.ConversionError.outOfRange) {
            try UndraDuration(exactly: Duration(UndraDuration.max) + .nanoseconds(1))
        }
        // Rounding: half to even by default, or as asked.
        #expect(try UndraDuration(rounding: .nanoseconds(1) + halfNanosecond) == .nanoseconds(2))
        #expect(try UndraDuration(rounding: .nanoseconds(2) + halfNanosecond) == .nanoseconds(2))
        #expect(try UndraDuration(rounding: .nanoseconds(2) + halfNanosecond, .up) == .nanoseconds(3))
        #expect(try UndraDuration(rounding: .nanoseconds(2) + halfNanosecond, .toNearestOrAwayFromZero) == .nanoseconds(3))
        #expect(try UndraDuration(rounding: .nanoseconds(3) - .nanoseconds(1) / 1_000, .down) == .nanoseconds(2))
        #expect(try UndraDuration(rounding: Duration(UndraDuration.max) + halfNanosecond / 2) == .max)
        #expect(throws: UndraDuration.ConversionError.outOfRange) {
            try UndraDuration(rounding: Duration(UndraDuration.max) + halfNanosecond + halfNanosecond / 2)
        }
        #expect(throws: UndraDuration.ConversionError.negative) { try UndraDuration(rounding: .zero - halfNanosecond) }
    }
}
