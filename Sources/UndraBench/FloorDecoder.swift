/// The floor of Swift's `Decoder` API, for the Codable rows (`wire.decode.1000updates.codable`,
/// `db.query.codable.100k.vsFloor`): a row type's synthesized `init(from:)` run against a decoder
/// that reads nothing, so that what is timed is the API's own work (a keyed container made per
/// row, each property's call through the container's box).
/// A decoder that reads nothing: each keyed container answers every field with a constant.
final class FloorDecoder: Decoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FloorKeyed<Key>(decoder: self))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FloorUnsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw FloorUnsupported() }
}

struct FloorUnsupported: Error {}

struct FloorKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: FloorDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) -> Bool { true }
    func decode(_ type: String.Type, forKey key: Key) -> String { "buy milk" }
    func decode(_ type: Int.Type, forKey key: Key) -> Int { 7 }
    func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { 7 }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw FloorUnsupported() }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedDecodingContainer<N> {
        KeyedDecodingContainer(FloorKeyed<N>(decoder: decoder))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FloorUnsupported() }
    func superDecoder() -> any Decoder { decoder }
    func superDecoder(forKey key: Key) -> any Decoder { decoder }
}
