// Swift's Duration (iOS 16+) as Rust's std::time::Duration, through UndraDuration.

/// Rust's `std::time::Duration`: serde's struct `{ secs: u64, nanos: u32 }`, 12 bytes, the bytes
/// and shape of `UndraDuration` (which reads and writes them: this conformance converts).
///
/// Reading gives the duration exactly (every Rust `Duration` is a `Swift.Duration`); nanoseconds
/// of 10⁹ or more are an error (`nanosecondsOutOfRange`, at the nanoseconds), as they are for
/// `UndraDuration`.
///
/// Writing: a `Swift.Duration` holds what Rust's cannot, negative durations, durations longer
/// than `UndraDuration.max` (u64 seconds and 999,999,999 nanoseconds), and parts below a
/// nanosecond (attoseconds).
/// - A part below a nanosecond is dropped: the duration is rounded toward zero to whole
///   nanoseconds (`UndraDuration(rounding: duration, .towardZero)`): never up, so that no
///   duration below `UndraDuration.max` plus a nanosecond is refused.
/// - A negative or too long duration is a programming error: writing one stops the program
///   with a message naming the value. Convert first with `UndraDuration(exactly:)` or
///   `UndraDuration(rounding:_:)`, which throw instead, where the value comes from outside.
///
/// - Complexity: O(1).
/// - Thread safety: a value; reading and writing touch only the reader or writer, each confined
///   to its thread.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Swift.Duration: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        self.init(try UndraDuration(from: &reader))
    }

    public func encode(to writer: inout WireWriter) {
        wireDuration.encode(to: &writer)
    }

    public static var minimumWireSize: Int { UndraDuration.minimumWireSize }

    /// The duration Rust receives: this one rounded toward zero to the nanosecond. Stops the
    /// program if it is negative or longer than `UndraDuration.max`.
    var wireDuration: UndraDuration {
        do {
            return try UndraDuration(rounding: self, .towardZero)
        } catch .negative {
            preconditionFailure("Swift.Duration \(self) cannot be written to the wire: Rust's std::time::Duration is never negative")
        } catch .outOfRange {
            preconditionFailure("Swift.Duration \(self) cannot be written to the wire: it is longer than Rust's Duration::MAX (18446744073709551615 seconds and 999999999 nanoseconds)")
        } catch {
            preconditionFailure("Swift.Duration \(self) cannot be written to the wire: \(error)")
        }
    }
}

/// The shape of Rust's `Duration`, `UndraDuration.wireShape`: `(secs:u64,nanos:u32)`.
///
/// - Complexity: O(1).
/// - Thread safety: computes a value from nothing shared.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Swift.Duration: WireShaped {
    public static var wireShape: WireShape { UndraDuration.wireShape }
}
