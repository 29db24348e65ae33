/// Writes an `Encodable` value as bincode: the bytes `bincode::serialize` gives its Rust twin, for
/// types whose conformance Swift synthesizes (docs/WIRE.md, "Codable types").
///
///     struct Todo: Codable { var id: Int64; var title: String; var done: Bool }
///     let bytes = try WireEncoder().encode(Todo(id: 1, title: "milk", done: false))
///
/// A struct writes its fields in the order it encodes them (declaration order, when synthesized);
/// an enum its variant index (its `CodingKeys`' `Int` raw value: declare
/// `enum CodingKeys: Int, CodingKey { case … }` with the cases in declaration order), then the
/// variant's fields; a sequence its count, then its elements; a dictionary its count, then its
/// entries in ascending key order. A type that is also `WireCodable` by hand is written the same
/// either way (docs/WIRE.md says when a conformance must agree).
///
/// - Throws: `EncodingError.invalidValue` for a value the wire cannot carry (an enum whose
///   `CodingKeys` have no `Int` raw values, a nested unkeyed container), or what the value's own
///   `encode(to:)` throws.
/// - Complexity: O(n) in the encoded size, plus one allocation per struct or enum value (the
///   container Swift's `Encoder` API boxes).
/// - Thread safety: a value; each `encode` call is confined to its thread.
public struct WireEncoder: Sendable {
    /// An encoder; it holds no state.
    public init() {}

    /// The value's bytes.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        var writer = WireWriter()
        try Self.encode(value, to: &writer)
        return writer.bytes
    }

    /// Appends the value's bytes to `writer` (on a throw, `writer` holds what was written before).
    static func encode<T: Encodable>(_ value: T, to writer: inout WireWriter) throws {
        try encode(to: &writer) { try $0.write(value) }
    }

    /// Appends the bytes of a value the encoder has no special path for (a `Codable` type's
    /// `WireCodable` conformance): straight through its `encode(to:)`.
    static func encodeThroughEncode<T: Encodable>(_ value: T, to writer: inout WireWriter) throws {
        try encode(to: &writer) { try value.encode(to: $0) }
    }

    @inline(__always)
    private static func encode(to writer: inout WireWriter, _ write: (WireEncoding) throws -> Void) throws {
        let encoding = WireEncoding()
        swap(&encoding.writer, &writer)
        defer { swap(&encoding.writer, &writer) }
        let start = encoding.writer.bytes.count
        do {
            try write(encoding)
            if let failure = encoding.failure { throw failure }
        } catch {
            encoding.writer._bytes.removeSubrange(start...)
            throw error
        }
    }
}

/// The encoder behind `WireEncoder`: the writer, and the single-value container (itself).
/// Confined to one `encode` call; its containers hold it.
final class WireEncoding: Encoder, SingleValueEncodingContainer {
    // No dynamic exclusivity checks: an encoding is confined to one `encode` call on one thread,
    // and no access to its state overlaps another (each write ends before the next begins).
    @exclusivity(unchecked) var writer = WireWriter()
    /// The first failure met by a call that cannot throw (`nestedContainer`): thrown at the end.
    @exclusivity(unchecked) var failure: EncodingError?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(WireKeyedEncoding<Key>(encoding: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { WireUnkeyedEncoding(encoding: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Writes any value: the wire's own types and the standard containers directly, the rest
    /// through their `encode(to:)`.
    @inline(__always)
    func write<T: Encodable>(_ value: T) throws {
        if let special = value as? any WireEncodingSpecial {
            try special.wireEncode(to: self)
        } else {
            try value.encode(to: self)
        }
    }

    /// Writes an `Option`: its tag, then the value if there is one.
    func writeOptional<T: Encodable>(_ value: T?) throws {
        writer.writeOptionTag(value != nil)
        if let value { try write(value) }
    }

    /// Writes an enum's variant index: `key`'s `Int` value.
    func writeVariant(_ key: some CodingKey) {
        guard let index = key.intValue, let variant = UInt32(exactly: index) else {
            fail("\(enumName(type(of: key))).\(key.stringValue) has no variant index: declare the enum's CodingKeys as `enum CodingKeys: Int, CodingKey { case … }`, its cases in declaration order")
            return
        }
        writer.writeVariant(variant)
    }

    func fail(_ message: String) {
        if failure == nil {
            failure = .invalidValue(message, EncodingError.Context(codingPath: [], debugDescription: message))
        }
    }

    // MARK: SingleValueEncodingContainer

    /// `None`, written by `Optional`'s own `encode(to:)` (the encoder writes options itself).
    func encodeNil() { writer.writeOptionTag(false) }
    func encode(_ value: Bool) { value.encode(to: &writer) }
    func encode(_ value: String) { value.encode(to: &writer) }
    func encode(_ value: Double) { value.encode(to: &writer) }
    func encode(_ value: Float) { value.encode(to: &writer) }
    func encode(_ value: Int) { value.encode(to: &writer) }
    func encode(_ value: Int8) { value.encode(to: &writer) }
    func encode(_ value: Int16) { value.encode(to: &writer) }
    func encode(_ value: Int32) { value.encode(to: &writer) }
    func encode(_ value: Int64) { value.encode(to: &writer) }
    func encode(_ value: UInt) { value.encode(to: &writer) }
    func encode(_ value: UInt8) { value.encode(to: &writer) }
    func encode(_ value: UInt16) { value.encode(to: &writer) }
    func encode(_ value: UInt32) { value.encode(to: &writer) }
    func encode(_ value: UInt64) { value.encode(to: &writer) }
    func encode<T: Encodable>(_ value: T) throws { try write(value) }
}

/// A struct's fields, in the order they are encoded; or an enum, when its one case is encoded as
/// a nested container (what synthesized conformances do): its variant index, then the payload.
struct WireKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoding: WireEncoding
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { encoding.writer.writeOptionTag(false) }
    mutating func encode(_ value: Bool, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: String, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Double, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Float, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Int, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Int8, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Int16, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Int32, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: Int64, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: UInt, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: UInt8, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: UInt16, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: UInt32, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode(_ value: UInt64, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoding.write(value) }

    // An absent optional is `None` on the wire, never skipped.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) { value.encode(to: &encoding.writer) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encoding.writeOptional(value) }

    /// An enum's case: its variant index, then its payload's fields.
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoding.writeVariant(key)
        return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(encoding: encoding))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoding.fail("a nested unkeyed container (for \(key.stringValue)) has no bincode form: encode an array as a value")
        return WireUnkeyedEncoding(encoding: encoding)
    }

    /// A superclass's fields, inline.
    mutating func superEncoder() -> any Encoder { encoding }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoding }
}

/// A sequence: its count, kept up to date in place as elements are written (bincode's length
/// comes first; Swift's `Encoder` API says nothing when a container ends).
final class WireUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoding: WireEncoding
    /// Where the count is, in the writer's bytes.
    private let slot: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(encoding: WireEncoding) {
        self.encoding = encoding
        slot = encoding.writer.bytes.count
        encoding.writer.writeLength(0)
    }

    /// Counts the element about to be written.
    private func counted() {
        count += 1
        let (slot, count) = (slot, UInt64(count).littleEndian)
        encoding.writer._bytes.withUnsafeMutableBytes { $0.storeBytes(of: count, toByteOffset: slot, as: UInt64.self) }
    }

    func encodeNil() { counted(); encoding.writer.writeOptionTag(false) }
    func encode(_ value: Bool) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: String) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Double) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Float) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Int) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Int8) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Int16) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Int32) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: Int64) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: UInt) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: UInt8) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: UInt16) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: UInt32) { counted(); value.encode(to: &encoding.writer) }
    func encode(_ value: UInt64) { counted(); value.encode(to: &encoding.writer) }
    func encode<T: Encodable>(_ value: T) throws {
        counted()
        try encoding.write(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(encoding: encoding))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        counted()
        return WireUnkeyedEncoding(encoding: encoding)
    }

    func superEncoder() -> any Encoder {
        counted()
        return encoding
    }
}
