/// `@Tracked` in a `Codable` class: the synthesized coding of a tracked property reads and writes
/// exactly what it would for the plain property, and reports nothing to the registrar.

/// Encodes as its value alone.
extension Tracked: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// Decodes its value alone.
extension Tracked: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        value = try Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// An optional `@Tracked` property decodes as an optional property does: a missing key or
    /// `null` is `nil` (synthesized decoding calls `decode`, not `decodeIfPresent`, for a wrapper).
    public func decode<Wrapped: Decodable>(_ type: Tracked<Wrapped?>.Type, forKey key: Key) throws -> Tracked<Wrapped?> {
        Tracked(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// An optional `@Tracked` property encodes as an optional property does: `nil` writes no key.
    public mutating func encode<Wrapped: Encodable>(_ value: Tracked<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.value, forKey: key)
    }
}
