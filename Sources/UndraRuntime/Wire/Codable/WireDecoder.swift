/// Reads a `Decodable` value from bincode: what `bincode::serialize` wrote for its Rust twin, as
/// `WireEncoder` writes it. Every rule of docs/WIRE.md holds: lengths are checked before anything
/// is allocated, containers nest at most `WireReader.maximumDepth` deep, every byte must be used,
/// and bad input throws a `WireError` naming the offset and what was expected there.
///
///     let todo = try WireDecoder().decode(Todo.self, from: bytes)
///
/// An enum reads its variant index as its `CodingKeys`' `Int` raw value (see `WireEncoder`). An
/// error the type's own `init(from:)` throws is a `WireError` too (`.undecodable`, naming the
/// type and the error, at the offset reached).
///
/// - Complexity: O(n) in the input, plus one allocation per struct or enum value (the container
///   Swift's `Decoder` API boxes).
/// - Thread safety: a value; each `decode` call is confined to its thread.
public struct WireDecoder: Sendable {
    /// A decoder; it holds no state.
    public init() {}

    /// Decodes a value from all of `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(WireError) -> T {
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(WireError) in try decode(type, from: buffer) } }
        return try result.get()
    }

    /// Decodes a value from all of `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws(WireError) -> T {
        try WireReader.read(bytes) { (reader: inout WireReader) throws(WireError) in try Self.decode(type, from: &reader) }
    }

    /// Reads a value from `reader`, which moves past it (and stays where it was on a throw).
    static func decode<T: Decodable>(_ type: T.Type, from reader: inout WireReader) throws(WireError) -> T {
        try decode(from: &reader) { try $0.read(T.self) }
    }

    /// Reads a value of a type the decoder has no special path for (a `Codable` type's
    /// `WireCodable` conformance): straight through its `init(from:)`.
    static func decodeThroughInit<T: Decodable>(_ type: T.Type, from reader: inout WireReader) throws(WireError) -> T {
        try decode(from: &reader) { try $0.readThroughInit(T.self) }
    }

    @inline(__always)
    private static func decode<T>(from reader: inout WireReader, _ read: (WireDecoding) throws -> T) throws(WireError) -> T {
        let decoding = WireDecoding(reader: reader)
        do {
            let value = try read(decoding)
            if let failure = decoding.failure { throw failure }
            reader = decoding.reader
            return value
        } catch {
            throw decoding.wireError(error, decoding: T.self)
        }
    }
}

/// The decoder behind `WireDecoder`: the reader, and the single-value container (itself).
/// Confined to one `decode` call; its containers hold it.
final class WireDecoding: Decoder, SingleValueDecodingContainer {
    // No dynamic exclusivity checks: a decoding is confined to one `decode` call on one thread,
    // and no access to its state overlaps another (each read ends before the next begins).
    @exclusivity(unchecked) var reader: WireReader
    /// The first failure met by a call that cannot throw (`allKeys`, `decodeNil()`): thrown in
    /// place of what the type's `init(from:)` throws next.
    @exclusivity(unchecked) var failure: WireError?
    /// The variant index read at an offset, which `allKeys` returns again when asked again.
    @exclusivity(unchecked) var variant: (offset: Int, index: UInt32)?

    init(reader: WireReader) {
        self.reader = reader
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(WireKeyedDecoding<Key>(decoding: self, start: reader.offset))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try WireUnkeyedDecoding(decoding: self) }

    func singleValueContainer() -> any SingleValueDecodingContainer { self }

    /// Reads any value: the wire's own types and the standard containers directly, the rest
    /// through their `init(from:)`, one level deeper.
    @inline(__always)
    func read<T: Decodable>(_ type: T.Type) throws -> T {
        if let special = T.self as? any WireDecodingSpecial.Type {
            func read<S: WireDecodingSpecial>(_: S.Type) throws -> T { unsafeBitCast(try S.wireDecode(from: self), to: T.self) }
            return try read(special)
        }
        return try readThroughInit(T.self)
    }

    /// Reads a value through its `init(from:)`, one level deeper.
    @inline(__always)
    func readThroughInit<T: Decodable>(_ type: T.Type) throws -> T {
        try nested {
            do {
                return try T(from: self)
            } catch {
                throw wireError(error, decoding: T.self)
            }
        }
    }

    /// Runs `body` one container deeper, past `WireReader.maximumDepth` an error instead.
    @inline(__always)
    func nested<T>(_ body: () throws -> T) throws -> T {
        guard reader.depth < WireReader.maximumDepth else {
            throw WireError(offset: reader.offset, reason: .nestedTooDeeply(limit: WireReader.maximumDepth))
        }
        reader.depth &+= 1
        defer { reader.depth &-= 1 }
        return try body()
    }

    /// Reads a value the wire's own conformance reads (a primitive, a `String`).
    @inline(__always)
    func primitive<T: WireCodable>(_ type: T.Type = T.self) throws(WireError) -> T {
        try T(from: &reader)
    }

    /// Reads an `Option`: its tag, then the value if there is one.
    func readOptional<T: Decodable>(_ type: T.Type) throws -> T? {
        guard try reader.readOptionTag() else { return nil }
        return try nested { try read(T.self) }
    }

    /// What `error` (thrown while decoding a `type`) is as a `WireError`: a failure recorded
    /// meanwhile, the error itself, or the type's refusal.
    func wireError(_ error: any Error, decoding type: Any.Type) -> WireError {
        if let failure { return failure }
        if let error = error as? WireError { return error }
        return WireError(offset: reader.offset, reason: .undecodable(type: "\(type)", message: "\(error)"))
    }

    /// The key of the variant whose index comes next (read once per offset).
    func variantKey<Key: CodingKey>(_ type: Key.Type, at start: Int) -> Key? {
        let index: UInt32
        if let variant, variant.offset == start {
            index = variant.index
        } else {
            guard reader.offset == start else {
                record(WireError(offset: reader.offset, reason: .undecodable(type: "\(Key.self)", message: "allKeys read after a field: the wire knows an enum's case only as its first value")))
                return nil
            }
            do {
                index = try reader.read(UInt32.self)
            } catch {
                record(error)
                return nil
            }
            variant = (start, index)
        }
        if let key = Key(intValue: Int(index)) { return key }
        let enumType = enumName(Key.self)
        guard Key(intValue: 0) != nil else {
            record(WireError(offset: start, reason: .undecodable(type: enumType, message: "no variant index: declare the enum's CodingKeys as `enum CodingKeys: Int, CodingKey { case … }`, its cases in declaration order")))
            return nil
        }
        record(WireError(offset: start, reason: .invalidVariant(type: enumType, index: index)))
        return nil
    }

    func record(_ error: WireError) {
        if failure == nil { failure = error }
    }

    // MARK: SingleValueDecodingContainer

    /// Reads an `Option`'s tag: true for `None`; false for `Some` (its value comes next).
    func decodeNil() -> Bool {
        do {
            return try !reader.readOptionTag()
        } catch {
            record(error)
            return false
        }
    }
    func decode(_ type: Bool.Type) throws -> Bool { try primitive() }
    func decode(_ type: String.Type) throws -> String { try primitive() }
    func decode(_ type: Double.Type) throws -> Double { try primitive() }
    func decode(_ type: Float.Type) throws -> Float { try primitive() }
    func decode(_ type: Int.Type) throws -> Int { try primitive() }
    func decode(_ type: Int8.Type) throws -> Int8 { try primitive() }
    func decode(_ type: Int16.Type) throws -> Int16 { try primitive() }
    func decode(_ type: Int32.Type) throws -> Int32 { try primitive() }
    func decode(_ type: Int64.Type) throws -> Int64 { try primitive() }
    func decode(_ type: UInt.Type) throws -> UInt { try primitive() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(T.self) }
}

/// A struct's fields, read in the order the type asks for them; or an enum, when the type asks
/// for `allKeys` first (what synthesized conformances do): its variant index, as the one key.
struct WireKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: WireDecoding
    /// Where the container's value begins: where an enum's variant index is.
    let start: Int
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { decoding.variantKey(Key.self, at: start).map { [$0] } ?? [] }
    /// Every field is on the wire: true.
    func contains(_ key: Key) -> Bool { true }

    /// Reads an `Option`'s tag: true for `None`; false for `Some` (its value comes next).
    func decodeNil(forKey key: Key) throws -> Bool { try !decoding.reader.readOptionTag() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoding.primitive() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoding.primitive() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoding.primitive() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoding.primitive() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoding.primitive() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoding.primitive() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoding.primitive() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoding.primitive() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoding.primitive() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoding.primitive() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoding.primitive() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoding.primitive() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoding.primitive() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoding.primitive() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoding.read(T.self) }

    // An optional is always on the wire: its tag, then the value if `Some`.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decoding.primitive() }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decoding.primitive() }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decoding.primitive() }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decoding.primitive() }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decoding.primitive() }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decoding.primitive() }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decoding.primitive() }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decoding.primitive() }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decoding.primitive() }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decoding.primitive() }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decoding.primitive() }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decoding.primitive() }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decoding.primitive() }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decoding.primitive() }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decoding.readOptional(T.self) }

    /// An enum case's payload (after its variant index), or a nested struct's fields.
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(WireKeyedDecoding<NestedKey>(decoding: decoding, start: decoding.reader.offset))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw WireError(offset: decoding.reader.offset, reason: .undecodable(type: "\(Key.self)", message: "a nested unkeyed container (for \(key.stringValue)) has no bincode form: decode an array as a value"))
    }

    /// A superclass's fields, inline.
    func superDecoder() -> any Decoder { decoding }
    func superDecoder(forKey key: Key) -> any Decoder { decoding }
}

/// A sequence: its count (checked against the bytes left), then its elements.
final class WireUnkeyedDecoding: UnkeyedDecodingContainer {
    let decoding: WireDecoding
    let elementCount: Int
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    init(decoding: WireDecoding) throws(WireError) {
        self.decoding = decoding
        elementCount = try decoding.reader.readLength()
    }

    /// Counts the element about to be read; past the count, an error.
    private func next() throws(WireError) {
        guard currentIndex < elementCount else {
            throw WireError(offset: decoding.reader.offset, reason: .undecodable(type: "a sequence", message: "read past its \(elementCount) elements"))
        }
        currentIndex += 1
    }

    func decodeNil() throws -> Bool {
        guard currentIndex < elementCount else { return false }
        let isNone = try !decoding.reader.readOptionTag()
        if isNone { currentIndex += 1 }
        return isNone
    }
    func decode(_ type: Bool.Type) throws -> Bool { try next(); return try decoding.primitive() }
    func decode(_ type: String.Type) throws -> String { try next(); return try decoding.primitive() }
    func decode(_ type: Double.Type) throws -> Double { try next(); return try decoding.primitive() }
    func decode(_ type: Float.Type) throws -> Float { try next(); return try decoding.primitive() }
    func decode(_ type: Int.Type) throws -> Int { try next(); return try decoding.primitive() }
    func decode(_ type: Int8.Type) throws -> Int8 { try next(); return try decoding.primitive() }
    func decode(_ type: Int16.Type) throws -> Int16 { try next(); return try decoding.primitive() }
    func decode(_ type: Int32.Type) throws -> Int32 { try next(); return try decoding.primitive() }
    func decode(_ type: Int64.Type) throws -> Int64 { try next(); return try decoding.primitive() }
    func decode(_ type: UInt.Type) throws -> UInt { try next(); return try decoding.primitive() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try next(); return try decoding.primitive() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try next(); return try decoding.primitive() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try next(); return try decoding.primitive() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try next(); return try decoding.primitive() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next()
        return try decoding.read(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return decoding.container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try WireUnkeyedDecoding(decoding: decoding)
    }

    func superDecoder() throws -> any Decoder {
        try next()
        return decoding
    }
}

/// The name of the enum whose `CodingKeys` are `Key` (the keys' own name if they are not nested).
func enumName<Key: CodingKey>(_ type: Key.Type) -> String {
    // Synthesized keys are private: their name reads `Enum.(unknown context at $…).CodingKeys`.
    var name = String(reflecting: Key.self)
    if let context = name.range(of: ".(unknown context at ") { name = String(name[..<context.lowerBound]) }
    return name.hasSuffix(".CodingKeys") ? String(name.dropLast(".CodingKeys".count)) : name
}
