#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The types the Codable path reads, writes and traces itself rather than through their own
// `Codable` conformances: the wire's leaves (primitives, strings, bytes, durations), whose
// `WireCodable` conformances are their bytes, and the standard containers, whose `Codable`
// conformances speak another format's shape (a keyed map, an `Optional` that is absent).

/// A value `WireEncoding` writes itself.
protocol WireEncodingSpecial {
    func wireEncode(to encoding: WireEncoding) throws
}

/// A type `WireDecoding` reads and `WireShapeTracer` traces itself.
protocol WireDecodingSpecial: Decodable {
    static func wireDecode(from decoding: WireDecoding) throws -> Self
    /// The type's shape, and a value of it to go on tracing with.
    static func wireTrace(_ tracer: WireShapeTracer) throws -> (shape: WireShape, value: Self)
}

/// A leaf of the wire: read and written by its `WireCodable` conformance, traced as its
/// `wireShape`.
protocol WireLeaf: WireCodable, Codable, WireEncodingSpecial, WireDecodingSpecial {
    /// A value for the tracer to hand a type's `init(from:)`.
    static var wireWitness: Self { get }
}

extension WireLeaf {
    @inline(__always)
    func wireEncode(to encoding: WireEncoding) { encode(to: &encoding.writer) }
    @inline(__always)
    static func wireDecode(from decoding: WireDecoding) throws -> Self { try Self(from: &decoding.reader) }
    static func wireTrace(_ tracer: WireShapeTracer) -> (shape: WireShape, value: Self) { (wireShape, wireWitness) }
}

extension WireLeaf where Self: FixedWidthInteger {
    static var wireWitness: Self { 0 }
}

extension WireLeaf where Self: BinaryFloatingPoint {
    static var wireWitness: Self { 0 }
}

extension Bool: WireLeaf { static var wireWitness: Bool { false } }
extension Int: WireLeaf {}
extension Int8: WireLeaf {}
extension Int16: WireLeaf {}
extension Int32: WireLeaf {}
extension Int64: WireLeaf {}
extension UInt: WireLeaf {}
extension UInt8: WireLeaf {}
extension UInt16: WireLeaf {}
extension UInt32: WireLeaf {}
extension UInt64: WireLeaf {}
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension Int128: WireLeaf {}
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension UInt128: WireLeaf {}
extension Float: WireLeaf {}
extension Double: WireLeaf {}
extension String: WireLeaf { static var wireWitness: String { "" } }
extension ExactString: WireLeaf { static var wireWitness: ExactString { ExactString("") } }
/// `Duration` (`{ secs, nanos }` in that order), not `UndraDuration`'s `Codable` (by key).
extension UndraDuration: WireLeaf { static var wireWitness: UndraDuration { .zero } }
/// Swift's `Duration` as Rust's (through `UndraDuration`), not its own `Codable` (attoseconds).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration: WireLeaf { static var wireWitness: Duration { .zero } }
/// Serde's bytes, in one copy, not `Data`'s `Codable` (a byte at a time).
extension Data: WireLeaf { static var wireWitness: Data { Data() } }
/// Rust's `SystemTime` (`{ secs_since_epoch, nanos_since_epoch }`), not `Date`'s `Codable` (a
/// `Double` of seconds since 2001).
extension Date: WireLeaf { static var wireWitness: Date { Date(timeIntervalSince1970: 0) } }
extension WireUnit: WireLeaf { static var wireWitness: WireUnit { WireUnit() } }

/// `Option<T>`: a tag, then the value if `Some`; never left out as absent.
extension Optional: WireEncodingSpecial where Wrapped: Encodable {
    func wireEncode(to encoding: WireEncoding) throws { try encoding.writeOptional(self) }
}

extension Optional: WireDecodingSpecial where Wrapped: Decodable {
    static func wireDecode(from decoding: WireDecoding) throws -> Self { try decoding.readOptional(Wrapped.self) }
    static func wireTrace(_ tracer: WireShapeTracer) throws -> (shape: WireShape, value: Self) {
        (.option(try tracer.shape(of: Wrapped.self)), nil)
    }
}

/// `Vec<T>`: a count, then the elements (leaves in one pass of their own conformance).
extension Array: WireEncodingSpecial where Element: Encodable {
    func wireEncode(to encoding: WireEncoding) throws {
        if Element.self is any WireLeaf.Type, let wire = self as? any WireCodable {
            wire.encode(to: &encoding.writer)
            return
        }
        encoding.writer.writeLength(count)
        for element in self { try encoding.write(element) }
    }
}

extension Array: WireDecodingSpecial where Element: Decodable {
    static func wireDecode(from decoding: WireDecoding) throws -> Self {
        if let leaf = Element.self as? any WireLeaf.Type {
            func read<L: WireLeaf>(_: L.Type) throws(WireError) -> Self { unsafeBitCast(try [L](from: &decoding.reader), to: Self.self) }
            return try read(leaf)
        }
        return try decoding.nested {
            let count = try decoding.reader.readLength()
            var array: Self = []
            array.reserveCapacity(count)
            for _ in 0..<count { array.append(try decoding.read(Element.self)) }
            return array
        }
    }

    static func wireTrace(_ tracer: WireShapeTracer) throws -> (shape: WireShape, value: Self) {
        (.seq(try tracer.shape(of: Element.self)), [])
    }
}

/// A set: a sequence, written in ascending order when its elements have one (`BTreeSet`'s),
/// read in any order; a repeated element is an error (see `Set`'s `WireCodable`).
extension Set: WireEncodingSpecial where Element: Encodable {
    func wireEncode(to encoding: WireEncoding) throws {
        encoding.writer.writeLength(count)
        for element in sortedKeysIfComparable(self) ?? Array(self) { try encoding.write(element) }
    }
}

extension Set: WireDecodingSpecial where Element: Decodable {
    static func wireDecode(from decoding: WireDecoding) throws -> Self {
        try decoding.nested {
            let count = try decoding.reader.readLength()
            var set = Self(minimumCapacity: count)
            for _ in 0..<count {
                let start = decoding.reader.offset
                let element = try decoding.read(Element.self)
                guard set.insert(element).inserted else {
                    throw WireError(offset: start, reason: repeatedElementReason(element, among: set))
                }
            }
            return set
        }
    }

    static func wireTrace(_ tracer: WireShapeTracer) throws -> (shape: WireShape, value: Self) {
        (.seq(try tracer.shape(of: Element.self)), [])
    }
}

/// A map: a count, then key, value, …, written in ascending key order (see `Dictionary`'s
/// `WireCodable`), read in any order; a repeated key is an error.
extension Dictionary: WireEncodingSpecial where Key: Encodable, Value: Encodable {
    func wireEncode(to encoding: WireEncoding) throws {
        encoding.writer.writeLength(count)
        for key in sortedKeysIfComparable(keys) ?? Array(keys) {
            try encoding.write(key)
            try encoding.write(self[key].unsafelyUnwrapped)
        }
    }
}

extension Dictionary: WireDecodingSpecial where Key: Decodable, Value: Decodable {
    static func wireDecode(from decoding: WireDecoding) throws -> Self {
        try decoding.nested {
            let count = try decoding.reader.readLength()
            var map = Self(minimumCapacity: count)
            for _ in 0..<count {
                let start = decoding.reader.offset
                let key = try decoding.read(Key.self)
                let value = try decoding.read(Value.self)
                guard map.updateValue(value, forKey: key) == nil else {
                    throw WireError(offset: start, reason: repeatedKeyReason(key, among: map.keys))
                }
            }
            return map
        }
    }

    static func wireTrace(_ tracer: WireShapeTracer) throws -> (shape: WireShape, value: Self) {
        (.map(key: try tracer.shape(of: Key.self), value: try tracer.shape(of: Value.self)), [:])
    }
}
