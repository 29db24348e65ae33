#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Foundation

/// An encoder of a whole value into one output (`Data` for JSON): what `encode(encoder:)` takes,
/// as in Combine. `JSONEncoder` and `PropertyListEncoder` conform.
public protocol TopLevelEncoder {
    /// What a value is encoded into.
    associatedtype Output

    /// Encodes `value`; throws what the encoding throws.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A decoder of a whole value from one input (`Data` for JSON): what `decode(type:decoder:)`
/// takes, as in Combine. `JSONDecoder` and `PropertyListDecoder` conform.
public protocol TopLevelDecoder {
    /// What a value is decoded from.
    associatedtype Input

    /// Decodes a value of `type` from `from`; throws what the decoding throws.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

extension JSONEncoder: TopLevelEncoder {}
extension JSONDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}
#endif
