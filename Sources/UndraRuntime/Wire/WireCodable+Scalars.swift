// Booleans, integers, floats and chars: fixed-width, little-endian; a char is its UTF-8.

extension Bool: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) { self = try reader.readBool() }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(self) }
}

/// The fixed-width integers: bincode writes each in its own width, little-endian.
public protocol WireInteger: FixedWidthInteger, WireCodable {}

extension WireInteger {
    /// Reads the integer in its own width, little-endian; `.unexpectedEnd` if fewer bytes are left.
    @inlinable public init(from reader: inout WireReader) throws(WireError) { self = try reader.read(Self.self) }
    /// Writes the integer in its own width, little-endian.
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(self) }
    public static var minimumWireSize: Int { MemoryLayout<Self>.size }
}

extension UInt8: WireInteger {}
extension UInt16: WireInteger {}
extension UInt32: WireInteger {}
extension UInt64: WireInteger {}
extension Int8: WireInteger {}
extension Int16: WireInteger {}
extension Int32: WireInteger {}
extension Int64: WireInteger {}

/// `i128`: 16 bytes, little-endian. Swift's `Int128` needs iOS 18; below it, a store keeps an
/// `i128` as its two halves (`UInt64` low word first, then the high word as `Int64`).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension Int128: WireInteger {}

/// `u128`: 16 bytes, little-endian (see `Int128`).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension UInt128: WireInteger {}

/// `Int` is Rust's `i64` (8 bytes on every platform; a value that does not fit a 32-bit `Int` is
/// an error there).
extension Int: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let value = try reader.read(Int64.self)
        guard let int = Int(exactly: value) else {
            throw WireError(offset: reader.offset - 8, reason: .integerOutOfRange(type: "Int"))
        }
        self = int
    }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(Int64(self)) }
    public static var minimumWireSize: Int { 8 }
}

/// `UInt` is Rust's `u64` (see `Int`).
extension UInt: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let value = try reader.read(UInt64.self)
        guard let uint = UInt(exactly: value) else {
            throw WireError(offset: reader.offset - 8, reason: .integerOutOfRange(type: "UInt"))
        }
        self = uint
    }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(UInt64(self)) }
    public static var minimumWireSize: Int { 8 }
}

/// `f32`: its IEEE 754 bits, little-endian (NaN payloads kept).
extension Float: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) { self = Float(bitPattern: try reader.read()) }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(bitPattern) }
    public static var minimumWireSize: Int { 4 }
}

/// `f64`: its IEEE 754 bits, little-endian (NaN payloads kept).
extension Double: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) { self = Double(bitPattern: try reader.read()) }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(bitPattern) }
    public static var minimumWireSize: Int { 8 }
}

/// `char` is a Unicode scalar: its UTF-8 encoding, 1 to 4 bytes, with no length (the first
/// byte says how many follow).
extension Unicode.Scalar: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let start = reader.offset
        guard let lead = reader.peekByte() else { throw reader.end(needed: 1) }
        let width = utf8SequenceLength(lead: lead)
        guard width > 0 else { throw WireError(offset: start, reason: .invalidChar) }
        let bytes = try reader.readBytes(width)
        guard isUTF8Sequence(bytes.baseAddress!, width: width) else { throw WireError(offset: start, reason: .invalidChar) }
        // The lead byte keeps its low 7 - width bits (all 7 for ASCII); each other byte adds 6.
        var scalar = UInt32(lead) & (width == 1 ? 0x7F : 0xFF >> UInt32(width + 1))
        for index in bytes.indices.dropFirst() {
            scalar = scalar << 6 | UInt32(bytes[index] & 0x3F)
        }
        // Table 3-7 admits exactly the scalars: no surrogate, nothing above U+10FFFF.
        self = Unicode.Scalar(scalar).unsafelyUnwrapped
    }
    @inlinable public func encode(to writer: inout WireWriter) { writer.writeRaw(utf8) }
}

extension WireReader {
    /// The next byte, not consumed, or nil at the end.
    @inlinable
    func peekByte() -> UInt8? {
        remaining > 0 ? base.load(fromByteOffset: offset, as: UInt8.self) : nil
    }
}
