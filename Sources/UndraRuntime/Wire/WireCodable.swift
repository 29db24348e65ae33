/// A type with a bincode encoding: the bytes serde and `bincode::serialize` (bincode 1's
/// default configuration) give the matching Rust type. docs/WIRE.md lists each type's bytes.
///
///     struct Point: WireCodable {                         // Rust: struct Point { x: i32, y: i32 }
///         var x: Int32, y: Int32
///         init(from reader: inout WireReader) throws(WireError) {
///             x = try reader.read()
///             y = try reader.read()
///         }
///         func encode(to writer: inout WireWriter) {
///             writer.write(x)
///             writer.write(y)
///         }
///     }
///
/// A struct, tuple or tuple struct reads and writes its fields in order; an enum its variant
/// index (`readVariant`), then the variant's fields. A recursive type reads its recursive fields
/// inside `reader.nested { … }` (the standard containers already do), so that input nested
/// deeper than `WireReader.maximumDepth` is an error rather than a stack overflow.
///
/// - Complexity: reading and writing are O(n) in the value's encoded size.
/// A `Codable` type conforms by declaring both, with nothing written by hand: its bytes are
/// `WireEncoder`'s and `WireDecoder`'s, its shape is traced (see `WireCodable`'s extension where
/// `Self: Codable`). Reading and writing by hand, as above, is the fast path.
///
/// A `WireCodable` type is `WireShaped` too: its `wireShape` is what the schema hash sees of it
/// (docs/WIRE.md, "The schema hash"), so that a store's fields, commands and outcomes describe
/// their schema with no hand-written hash. A type that reads and writes itself by hand declares
/// its shape beside (one line: `static var wireShape: WireShape { .tuple([.i64, .string]) }`):
/// that is the price of a contract the host and the core check when a store attaches.
///
/// - Thread safety: a conformance reads only its reader and writes only its writer, each
///   confined to the calling thread.
public protocol WireCodable: WireShaped {
    /// Reads a value; on bad input, throws where it is and what was expected, having built nothing.
    init(from reader: inout WireReader) throws(WireError)
    /// Writes the value.
    func encode(to writer: inout WireWriter)
    /// The fewest bytes a value takes (1 when not known): how a sequence's length is checked
    /// against the bytes left before anything is allocated.
    static var minimumWireSize: Int { get }
}

extension WireCodable {
    public static var minimumWireSize: Int { 1 }

    /// Decodes a value from all of `bytes` (a byte left over is an error). O(n) in the bytes.
    @inlinable
    public init(wireBytes bytes: UnsafeRawBufferPointer) throws(WireError) {
        self = try WireReader.read(bytes) { (reader: inout WireReader) throws(WireError) in try Self(from: &reader) }
    }

    /// Decodes a value from all of `bytes` (a byte left over is an error). O(n) in the bytes.
    @inlinable
    public init(wireBytes bytes: [UInt8]) throws(WireError) {
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(WireError) in try Self(wireBytes: buffer) } }
        self = try result.get()
    }

    /// The value's encoding. O(n) in its size.
    @inlinable
    public var wireBytes: [UInt8] {
        var writer = WireWriter()
        encode(to: &writer)
        return writer.bytes
    }
}
