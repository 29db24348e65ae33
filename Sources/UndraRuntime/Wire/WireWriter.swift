/// Writes bincode values into a growing byte array: what `WireCodable.encode(to:)` writes to.
///
/// - Complexity: each write is amortized O(1) per byte.
/// - Thread safety: a value; one writer per thread.
public struct WireWriter {
    @usableFromInline var _bytes: [UInt8] = []

    /// What has been written so far.
    @inlinable
    public var bytes: [UInt8] { _bytes }

    /// Creates an empty writer that can hold `capacity` bytes before growing.
    public init(capacity: Int = 0) {
        _bytes.reserveCapacity(capacity)
    }

    /// Writes an integer, little-endian, in its width.
    @inlinable
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { _bytes.append(contentsOf: $0) }
    }

    /// Writes a bool: one byte, 0 or 1.
    @inlinable
    public mutating func write(_ value: Bool) {
        _bytes.append(value ? 1 : 0)
    }

    /// Writes an `Option`'s tag (its value, if any, follows).
    @inlinable
    public mutating func writeOptionTag(_ isSome: Bool) {
        _bytes.append(isSome ? 1 : 0)
    }

    /// Writes an enum's variant index (its fields follow).
    @inlinable
    public mutating func writeVariant(_ index: UInt32) {
        write(index)
    }

    /// Writes a sequence's or a map's length (its elements follow).
    @inlinable
    public mutating func writeLength(_ count: Int) {
        write(UInt64(count))
    }

    /// Writes raw bytes, with no length.
    @inlinable
    public mutating func writeRaw(_ raw: some Sequence<UInt8>) {
        _bytes.append(contentsOf: raw)
    }

    /// Writes a string: its UTF-8 length, then its UTF-8.
    @inlinable
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeLength(utf8.count)
            _bytes.append(contentsOf: utf8)
        }
    }
}
