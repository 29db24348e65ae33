import Testing
import UndraRuntime

/// A `Codable` struct holding Swift's `Duration`: written as Rust's `Duration`, not as
/// `Duration`'s own `Codable` (its attoseconds).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct WireTimeout: Codable, WireCodable, Equatable {
    var name: String
    var after: Duration
}

/// `Swift.Duration` as Rust's `std::time::Duration`: `{ secs: u64, nanos: u32 }`, the bytes and
/// shape of `UndraDuration`; a part below a nanosecond is dropped, a negative or too long
/// duration stops the program.
@Suite struct DurationWireTests {
    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func error<T: WireCodable>(_ type: T.Type, _ bytes: [UInt8]) -> WireError? {
        do {
            _ = try T(wireBytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func aDurationIsItsSecondsThenItsNanoseconds() throws {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        #expect(Duration.milliseconds(1_500).wireBytes == [1, 0, 0, 0, 0, 0, 0, 0] + [0x00, 0x65, 0xCD, 0x1D])
        #expect(Duration.zero.wireBytes == [UInt8](repeating: 0, count: 12))
        #expect(Duration.nanoseconds(1).wireBytes == Self.le64(0) + [1, 0, 0, 0])
        #expect(Duration.seconds(0x0102_0304_0506_0708).wireBytes == [8, 7, 6, 5, 4, 3, 2, 1] + [0, 0, 0, 0])
        let max = Duration(UndraDuration.max)
        #expect(max.wireBytes == [UInt8](repeating: 0xFF, count: 8) + [0xFF, 0xC9, 0x9A, 0x3B])
        for duration: Duration in [.zero, .nanoseconds(999_999_999), .seconds(1) + .nanoseconds(1), .seconds(Int64.max), max] {
            #expect(duration.wireBytes == (try UndraDuration(exactly: duration)).wireBytes, "\(duration)")
        }
    }

    @Test func readingGivesTheDurationExactly() throws {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        #expect(try Duration(wireBytes: [1, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x65, 0xCD, 0x1D]) == .milliseconds(1_500))
        #expect(try Duration(wireBytes: [UInt8](repeating: 0xFF, count: 8) + [0xFF, 0xC9, 0x9A, 0x3B]) == Duration(UndraDuration.max))
        for duration: Duration in [.zero, .nanoseconds(7), .seconds(3) + .nanoseconds(999_999_999), .seconds(Int64.max) * 2] {
            #expect(try Duration(wireBytes: duration.wireBytes) == duration)
        }
        #expect(try [Duration](wireBytes: Self.le64(2) + Self.le64(1) + [0, 0, 0, 0] + Self.le64(0) + [2, 0, 0, 0]) == [.seconds(1), .nanoseconds(2)])
    }

    /// The durations Rust wrote (Tests/WireVectors/standard.vectors) read as `UndraDuration` reads
    /// them, and write back to the same bytes.
    @Test func rustsDurationsReadAndWriteBackByteForByte() throws {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        let vectors = GoldenVectors.load("standard.vectors").filter { $0.name.hasPrefix("duration.") }
        #expect(vectors.count == 8)
        for vector in vectors {
            let duration = try Duration(wireBytes: vector.bytes)
            #expect(duration == Duration(try UndraDuration(wireBytes: vector.bytes)), "\(vector.name)")
            #expect(duration.wireBytes == vector.bytes, "\(vector.name)")
        }
    }

    @Test func aPartBelowANanosecondIsDroppedTowardZero() {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        let almostANanosecond = Duration(secondsComponent: 0, attosecondsComponent: 999_999_999)
        #expect(almostANanosecond.wireBytes == Self.le64(0) + [0, 0, 0, 0])
        #expect((Duration.nanoseconds(1) + almostANanosecond).wireBytes == Self.le64(0) + [1, 0, 0, 0])
        let almostTwoSeconds = Duration(secondsComponent: 1, attosecondsComponent: 999_999_999_999_999_999)
        #expect(almostTwoSeconds.wireBytes == Self.le64(1) + [0xFF, 0xC9, 0x9A, 0x3B])
        // Past the longest Rust duration by less than a nanosecond: the longest.
        #expect((Duration(UndraDuration.max) + almostANanosecond).wireBytes == UndraDuration.max.wireBytes)
    }

    @Test func nanosecondsOfASecondOrMoreAreAnErrorAtTheNanoseconds() {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        let billion = Self.le64(1) + [0x00, 0xCA, 0x9A, 0x3B]
        let error = Self.error(Duration.self, billion)
        #expect(error == WireError(offset: 8, reason: .nanosecondsOutOfRange(1_000_000_000)))
        #expect(error?.description == "byte 8: expected nanoseconds below 1000000000, found 1000000000")
        #expect(Self.error(Duration.self, Self.le64(0) + [0xFF, 0xFF, 0xFF, 0xFF]) == WireError(offset: 8, reason: .nanosecondsOutOfRange(.max)))
        #expect(Self.error(Duration?.self, [1] + billion) == WireError(offset: 9, reason: .nanosecondsOutOfRange(1_000_000_000)))
        #expect(Self.error(Duration.self, billion) == Self.error(UndraDuration.self, billion))
    }

    @Test func truncatedInputIsAnErrorWhereItEnds() {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        let bytes = Duration.milliseconds(1_500).wireBytes
        #expect(Self.error(Duration.self, []) == WireError(offset: 0, reason: .unexpectedEnd(needed: 8, available: 0)))
        #expect(Self.error(Duration.self, Array(bytes.prefix(7))) == WireError(offset: 0, reason: .unexpectedEnd(needed: 8, available: 7)))
        #expect(Self.error(Duration.self, Array(bytes.prefix(11))) == WireError(offset: 8, reason: .unexpectedEnd(needed: 4, available: 3)))
        #expect(Self.error(Duration.self, bytes + [0]) == WireError(offset: 12, reason: .trailingBytes(count: 1)))
        // Twelve bytes a duration: a length is checked against that.
        #expect(Duration.minimumWireSize == 12)
        #expect(Self.error([Duration].self, Self.le64(2) + bytes) == WireError(offset: 0, reason: .lengthExceedsInput(length: 2, available: 1)))
    }

    @Test func theShapeIsUndraDurations() {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        #expect(Duration.wireShape == UndraDuration.wireShape)
        #expect(Duration.wireShape == .structure([WireField("secs", .u64), WireField("nanos", .u32)]))
        #expect(Duration.wireShape.description == "(secs:u64,nanos:u32)")
        #expect(Duration?.wireShape.description == "option<(secs:u64,nanos:u32)>")
    }

    @Test func aCodableStructWritesItsDurationAsRustsDuration() throws {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        let timeout = WireTimeout(name: "t", after: .milliseconds(1_500))
        let bytes = Self.le64(1) + [0x74] + Self.le64(1) + [0x00, 0x65, 0xCD, 0x1D]
        #expect(try WireEncoder().encode(timeout) == bytes)
        #expect(timeout.wireBytes == bytes)
        #expect(try WireDecoder().decode(WireTimeout.self, from: bytes) == timeout)
        #expect(WireTimeout.wireShape.description == "(name:string,after:(secs:u64,nanos:u32))")
        #expect(throws: WireError(offset: 17, reason: .nanosecondsOutOfRange(1_000_000_000))) {
            try WireDecoder().decode(WireTimeout.self, from: Self.le64(1) + [0x74] + Self.le64(1) + [0x00, 0xCA, 0x9A, 0x3B])
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func writingANegativeDurationStopsTheProgram() async throws {
        let result = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
                _ = (Duration.zero - .nanoseconds(1)).wireBytes
            }
        })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Swift.Duration \(Duration.zero - .nanoseconds(1)) cannot be written to the wire: Rust's std::time::Duration is never negative"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func writingADurationLongerThanRustsStopsTheProgram() async throws {
        let result = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
                _ = (Duration(UndraDuration.max) + .nanoseconds(1)).wireBytes
            }
        })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Swift.Duration \(Duration(UndraDuration.max) + .nanoseconds(1)) cannot be written to the wire: it is longer than Rust's Duration::MAX"))
    }
}
