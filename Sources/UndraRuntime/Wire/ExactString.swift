/// A string compared exactly, by its UTF-8 bytes, as Rust and SQLite compare strings: the key
/// type that mirrors a Rust `String` key (of a keyed list, of a map).
///
/// Swift's `String` compares by Unicode canonical equivalence: `"\u{E9}"` (é) and `"e\u{301}"`
/// (e and a combining accent) are one `String` key, but two keys to Rust's `String`, to
/// `BTreeMap`, and to SQLite. A list or map whose keys are `ExactString`s holds both, and orders
/// keys as `BTreeMap` does (by bytes). The text itself is kept as it came, byte for byte (a
/// `String` never normalizes).
///
///     let keys: Set<ExactString> = ["\u{E9}", "e\u{301}"]     // 2 keys; as a Set<String>, 1
///
/// On the wire it is a string (a u64 length, then UTF-8); in a database, TEXT.
///
/// - Complexity: `==`, `<` and hashing are O(n) in the bytes (a `memcmp`), with no Unicode
///   tables.
/// - Thread safety: a value type; `Sendable`.
public struct ExactString: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible,
    CustomDebugStringConvertible
{
    /// The text, exactly as written or read.
    public let value: String

    /// The text `value`, kept exactly: compared and hashed by its UTF-8 bytes.
    public init(_ value: String) {
        self.value = value
    }

    public init(stringLiteral value: String) {
        self.value = value
    }

    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.value.withUTF8Bytes { left in rhs.value.withUTF8Bytes { right in left.elementsEqual(right) } }
    }

    /// `BTreeMap`'s order of Rust strings: by UTF-8 bytes, then the shorter first.
    public static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.value.withUTF8Bytes { left in
            rhs.value.withUTF8Bytes { right in left.lexicographicallyPrecedes(right) }
        }
    }

    public func hash(into hasher: inout Hasher) {
        value.withUTF8Bytes { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    public var description: String { value }
    public var debugDescription: String { value.debugDescription }
}

extension String {
    /// Runs `body` with the string's UTF-8 bytes: in place for a native string, from a copy
    /// otherwise (a bridged string).
    @inlinable
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension ExactString: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) { self.init(try reader.readString()) }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(value) }
    public static var minimumWireSize: Int { 8 }
}

extension ExactString: WireShaped {
    public static var wireShape: WireShape { .string }
}

extension ExactString: Codable {
    /// Decodes a string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
