#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Rust's `std::time::SystemTime` as serde writes it: the struct
/// `{ secs_since_epoch: u64, nanos_since_epoch: u32 }`, 12 bytes, the time since 1970-01-01
/// 00:00:00 UTC. Nanoseconds of 10⁹ or more are an error (`nanosecondsOutOfRange`, at the
/// nanoseconds), as for `UndraDuration`.
///
/// A `Date` holds its time as a `Double` of seconds since 2001, so its resolution depends on the
/// date: 0.24 µs (2**-22 s) from 2001 to 2035, 0.48 µs from then to 2069. Hence:
///
/// - Swift to Rust and back gives the same `Date` at the wire's resolution: writing rounds to the
///   nearest nanosecond, and reading takes the `Double` nearest the wire's time. That is the
///   same `Date` for every date from 1970 to 2554 but those within 2**23 s (97 days) of 2001,
///   where a `Date` is finer than a nanosecond and comes back at the nearest one.
/// - Rust to Swift gives the `Date` nearest the `SystemTime`, within half that step (119 ns
///   until 2035), and back to Rust that time again, within the same bound; within 2**23 s of
///   2001, where the `Double` holds every nanosecond, it comes back unchanged.
///
/// Writing a `Date` before 1970, which a `SystemTime` can be but serde refuses to write (and so a
/// Rust core never sends), is a programming error: it stops the program with a message naming
/// the date. Check a date that comes from outside before sending it.
///
/// - Complexity: O(1).
/// - Thread safety: a value; reading and writing touch only the reader or writer.
extension Date: WireCodable {
    /// Seconds from 1970 to 2001, `Date`'s reference date.
    @usableFromInline static let unixEpochToReference: Double = 978_307_200

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let seconds = try reader.read(UInt64.self)
        let nanoseconds = try reader.read(UInt32.self)
        guard nanoseconds < UndraDuration.nanosecondsPerSecond else {
            throw WireError(offset: reader.offset - 4, reason: .nanosecondsOutOfRange(nanoseconds))
        }
        // Seconds since 2001 first: exact (below 2**53), so the one rounding is the sum's.
        self.init(timeIntervalSinceReferenceDate: (Double(seconds) - Self.unixEpochToReference) + Double(nanoseconds) / 1e9)
    }

    public func encode(to writer: inout WireWriter) {
        let (seconds, nanoseconds) = wireTime
        writer.write(seconds)
        writer.write(nanoseconds)
    }

    public static var minimumWireSize: Int { 12 }

    /// The seconds and nanoseconds since 1970 Rust receives: this date, rounded to the nearest
    /// nanosecond. Stops the program for a date before 1970 or past Rust's last `SystemTime`.
    var wireTime: (seconds: UInt64, nanoseconds: UInt32) {
        let sinceReference = timeIntervalSinceReferenceDate
        var whole = (sinceReference + Self.unixEpochToReference).rounded(.down)
        // The fraction from the reference date, where the Double holds it most precisely.
        var nanoseconds = ((sinceReference - (whole - Self.unixEpochToReference)) * 1e9).rounded()
        if nanoseconds >= 1e9 {
            whole += 1
            nanoseconds -= 1e9
        } else if nanoseconds < 0 {  // the sum above rounded up to the next second
            whole -= 1
            nanoseconds += 1e9
        }
        guard whole >= 0, whole < 0x1p64, nanoseconds.isFinite else {
            preconditionFailure("Date \(self) cannot be written to the wire: Rust's SystemTime, as serde writes it, begins in 1970")
        }
        return (UInt64(whole), UInt32(nanoseconds))
    }
}

/// The shape of Rust's `SystemTime`: `(secs_since_epoch:u64,nanos_since_epoch:u32)`.
///
/// - Complexity: O(1).
/// - Thread safety: computes a value from nothing shared.
extension Date: WireShaped {
    public static var wireShape: WireShape {
        .structure([WireField("secs_since_epoch", .u64), WireField("nanos_since_epoch", .u32)])
    }
}
