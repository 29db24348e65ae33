/// Reads bincode values from contiguous bytes, checking every length before it trusts it.
///
/// A reader borrows the bytes it reads: make one with `WireReader.read(_:_:)`, which lends it
/// for the duration of a closure and checks that the value used every byte. `WireCodable`
/// conformances read their parts with the `read` methods, in order.
///
/// - Complexity: each read is O(1) but strings (O(n), to validate UTF-8) and the values they
///   build.
/// - Thread safety: a reader is a value confined to the closure that received it.
public struct WireReader {
    @usableFromInline let base: UnsafeRawPointer
    @usableFromInline let count: Int
    @usableFromInline var _offset: Int
    /// How many containers (`nested` calls) enclose the value being read.
    @usableFromInline var depth = 0

    /// The deepest nesting of containers a reader accepts: a recursive type (a tree of arrays,
    /// a linked list of options) could otherwise recurse once per few bytes of input, past the
    /// end of the thread's stack. Generous for data: 128 levels, as serde_json allows.
    public static let maximumDepth = 128

    /// Where the next read starts, from the start of the input.
    @inlinable
    public var offset: Int { _offset }

    @inlinable
    init(_ bytes: UnsafeRawBufferPointer) {
        // A zero-length buffer may have no address; no read touches it then.
        base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        count = bytes.count
        _offset = 0
    }

    /// The bytes not read yet.
    @inlinable
    public var remaining: Int { count &- offset }

    /// Lends a reader over `bytes` to `body`, then checks that no byte is left.
    @inlinable
    public static func read<T>(
        _ bytes: UnsafeRawBufferPointer, _ body: (inout WireReader) throws(WireError) -> T
    ) throws(WireError) -> T {
        var reader = WireReader(bytes)
        let value = try body(&reader)
        try reader.finish()
        return value
    }

    /// Throws unless every byte has been read.
    @inlinable
    public func finish() throws(WireError) {
        if offset != count { throw WireError(offset: offset, reason: .trailingBytes(count: remaining)) }
    }

    /// Reads a value one level deeper: the standard containers (`Optional`, `Array`,
    /// `Dictionary`, `Result`) read their contents through it, and so does a recursive type's
    /// decoding of its recursive fields. Past `maximumDepth` levels it throws instead.
    @inlinable @inline(__always)
    public mutating func nested<T>(_ body: (inout WireReader) throws(WireError) -> T) throws(WireError) -> T {
        guard depth < Self.maximumDepth else {
            throw WireError(offset: offset, reason: .nestedTooDeeply(limit: Self.maximumDepth))
        }
        depth &+= 1
        defer { depth &-= 1 }
        return try body(&self)
    }

    // MARK: Fixed-width values

    /// Reads a little-endian integer of `T`'s width.
    @inlinable @inline(__always)
    public mutating func read<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(WireError) -> T {
        let size = MemoryLayout<T>.size
        guard count &- offset >= size else { throw end(needed: size) }
        let value = base.loadUnaligned(fromByteOffset: offset, as: T.self)
        _offset &+= size
        return T(littleEndian: value)
    }

    /// Reads a bool: one byte, 0 or 1.
    @inlinable @inline(__always)
    public mutating func readBool() throws(WireError) -> Bool {
        let byte = try read(UInt8.self)
        guard byte <= 1 else { throw WireError(offset: offset &- 1, reason: .invalidBool(byte)) }
        return byte == 1
    }

    /// Reads an `Option`'s tag: false for `None`, true for `Some` (its value follows).
    @inlinable @inline(__always)
    public mutating func readOptionTag() throws(WireError) -> Bool {
        let byte = try read(UInt8.self)
        guard byte <= 1 else { throw WireError(offset: offset &- 1, reason: .invalidOptionTag(byte)) }
        return byte == 1
    }

    /// Reads an enum's variant index, which must be below `count` (`type` names the enum in errors).
    @inlinable @inline(__always)
    public mutating func readVariant(of type: @autoclosure () -> String, count: UInt32) throws(WireError) -> UInt32 {
        let index = try read(UInt32.self)
        guard index < count else { throw invalidVariant(index, of: type()) }
        return index
    }

    /// The error for a variant index that names no variant (the index has just been read).
    @inlinable
    public func invalidVariant(_ index: UInt32, of type: String) -> WireError {
        WireError(offset: offset &- 4, reason: .invalidVariant(type: type, index: index))
    }

    /// Reads the u32 that comes next without consuming it, or nil when fewer than 4 bytes are left.
    @inlinable @inline(__always)
    public func peekUInt32() -> UInt32? {
        guard count &- offset >= 4 else { return nil }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Skips `byteCount` bytes, which must have been checked to be there (by a peek).
    @inlinable @inline(__always)
    mutating func skip(checked byteCount: Int) {
        _offset &+= byteCount
    }

    // MARK: Lengths, bytes, strings

    /// Reads a sequence's or a map's length (a u64), checked against the bytes left: each element
    /// takes at least `minimumElementSize` bytes (at least 1 counts, so that no length is
    /// trusted beyond the input), so a longer length is an error before anything is allocated.
    @inlinable @inline(__always)
    public mutating func readLength(minimumElementSize: Int = 1) throws(WireError) -> Int {
        let start = offset
        let length = try read(UInt64.self)
        let available = remaining / max(1, minimumElementSize)
        guard length <= UInt64(available) else {
            throw WireError(offset: start, reason: .lengthExceedsInput(length: length, available: available))
        }
        return Int(length)
    }

    /// Reads `byteCount` bytes, which stay valid as long as the reader's input.
    @inlinable @inline(__always)
    public mutating func readBytes(_ byteCount: Int) throws(WireError) -> UnsafeRawBufferPointer {
        guard byteCount >= 0, count &- offset >= byteCount else { throw end(needed: byteCount) }
        let bytes = UnsafeRawBufferPointer(start: base + offset, count: byteCount)
        _offset &+= byteCount
        return bytes
    }

    /// Reads a string: a u64 byte length, then that many bytes of UTF-8. A string of 15 bytes or
    /// fewer is stored inline (no allocation).
    @inlinable
    public mutating func readString() throws(WireError) -> String {
        let length = try readLength()
        let start = offset
        let bytes = try readBytes(length)
        if let invalid = firstInvalidUTF8(bytes) {
            throw WireError(offset: start + invalid, reason: .invalidUTF8)
        }
        return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// The error for input that ends `needed` bytes too early.
    @inlinable
    func end(needed: Int) -> WireError {
        WireError(offset: offset, reason: .unexpectedEnd(needed: needed, available: remaining))
    }
}

extension UnsafeRawBufferPointer {
    /// Rebinds nothing: views bytes as `UInt8`s, which raw memory always holds.
    @inlinable
    func assumingMemoryBound(to: UInt8.Type) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
    }
}
