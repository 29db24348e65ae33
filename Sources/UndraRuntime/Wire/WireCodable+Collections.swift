// Strings, options, sequences, maps, results and unit.

/// `String`: a u64 byte length, then UTF-8 (invalid UTF-8 is an error, never repaired).
extension String: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) { self = try reader.readString() }
    @inlinable public func encode(to writer: inout WireWriter) { writer.write(self) }
    public static var minimumWireSize: Int { 8 }
}

/// `Option<T>`: a tag byte, 0 for `None`; 1 for `Some`, then the value.
extension Optional: WireCodable where Wrapped: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        guard try reader.readOptionTag() else {
            self = .none
            return
        }
        self = .some(try reader.nested { (reader: inout WireReader) throws(WireError) in try Wrapped(from: &reader) })
    }
    @inlinable public func encode(to writer: inout WireWriter) {
        writer.writeOptionTag(self != nil)
        if let self { self.encode(to: &writer) }
    }
}

/// `Vec<T>` (and any sequence): a u64 count, then the elements. `[UInt8]` is therefore also
/// serde's bytes (a u64 length, then the bytes), which it reads and writes in one copy.
extension Array: WireCodable where Element: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let count = try reader.readLength(minimumElementSize: Element.minimumWireSize)
        if Element.self == UInt8.self {
            let bytes = try reader.readBytes(count)
            self = unsafeBitCast(Array<UInt8>(bytes), to: Self.self)
            return
        }
        self = []
        reserveCapacity(count)
        try reader.nested { (reader: inout WireReader) throws(WireError) in
            for _ in 0..<count { append(try Element(from: &reader)) }
        }
    }
    @inlinable public func encode(to writer: inout WireWriter) {
        writer.writeLength(count)
        if Element.self == UInt8.self {
            writer.writeRaw(unsafeBitCast(self, to: [UInt8].self))
            return
        }
        for element in self { element.encode(to: &writer) }
    }
    public static var minimumWireSize: Int { 8 }
}

/// A map (`HashMap`, `BTreeMap`): a u64 count, then each key followed by its value. Read in any
/// order; a key seen twice is an error, and so are two `String` keys that Swift calls equal but
/// whose bytes differ (`"\u{E9}"` and `"e\u{301}"`: two keys to Rust), which a `[String: V]`
/// cannot hold: key such a map by `ExactString`. Written in ascending key order when the keys are
/// `Comparable` (Rust's `BTreeMap` order, so the bytes are deterministic; `String` keys by their
/// UTF-8 bytes, as Rust orders them), in the dictionary's order otherwise.
extension Dictionary: WireCodable where Key: WireCodable, Value: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let count = try reader.readLength(minimumElementSize: Key.minimumWireSize + Value.minimumWireSize)
        self.init(minimumCapacity: count)
        try reader.nested { (reader: inout WireReader) throws(WireError) in
            for _ in 0..<count {
                let start = reader.offset
                let key = try Key(from: &reader)
                let value = try Value(from: &reader)
                guard updateValue(value, forKey: key) == nil else {
                    throw WireError(offset: start, reason: repeatedKeyReason(key, among: keys))
                }
            }
        }
    }
    @inlinable public func encode(to writer: inout WireWriter) {
        writer.writeLength(count)
        for key in sortedKeysIfComparable(keys) ?? Array(keys) {
            key.encode(to: &writer)
            self[key].unsafelyUnwrapped.encode(to: &writer)
        }
    }
    public static var minimumWireSize: Int { 8 }
}

/// Why a map key was refused as seen before: the same bytes, or (for `String` keys) the bytes of
/// another key that `String ==` calls equal. O(1) but on a `String` key's hash lookup.
@usableFromInline
func repeatedKeyReason<Key: Hashable>(_ key: Key, among keys: Dictionary<Key, some Any>.Keys) -> WireError.Reason {
    guard let text = key as? String, let index = keys.firstIndex(of: key),
          let earlier = keys[index] as? String, !earlier.utf8.elementsEqual(text.utf8)
    else { return .duplicateMapKey }
    return .equivalentMapKeys(earlier: ExactString(earlier), later: ExactString(text))
}

/// `keys` in ascending order if their type is `Comparable`, else nil; `String`s by their UTF-8
/// bytes (Rust's order, which `String <` is not: it compares canonical equivalents as equal).
@usableFromInline
func sortedKeysIfComparable<Key>(_ keys: some Collection<Key>) -> [Key]? {
    if Key.self == String.self {
        return keys.map { $0 as! String }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { $0 as! Key }
    }
    guard let comparable = Key.self as? any Comparable.Type else { return nil }
    func sorted<C: Comparable>(_: C.Type) -> [Key] {
        keys.map { $0 as! C }.sorted().map { $0 as! Key }
    }
    return sorted(comparable)
}

/// `Result<T, E>`: serde's enum `Ok(T)` = 0, `Err(E)` = 1.
extension Result: WireCodable where Success: WireCodable, Failure: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let isSuccess = try reader.readVariant(of: "Result", count: 2) == 0
        self = try reader.nested { (reader: inout WireReader) throws(WireError) in
            isSuccess ? .success(try Success(from: &reader)) : .failure(try Failure(from: &reader))
        }
    }
    @inlinable public func encode(to writer: inout WireWriter) {
        switch self {
        case .success(let value):
            writer.writeVariant(0)
            value.encode(to: &writer)
        case .failure(let error):
            writer.writeVariant(1)
            error.encode(to: &writer)
        }
    }
    public static var minimumWireSize: Int { 4 }
}

/// Rust's `()` (and a unit struct): no bytes. Swift's `Void` cannot conform to protocols, so a
/// command that answers nothing has the outcome `Result<WireUnit, E>`.
public struct WireUnit: WireCodable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The unit value.
    @inlinable public init() {}
    @inlinable public init(from reader: inout WireReader) throws(WireError) {}
    @inlinable public func encode(to writer: inout WireWriter) {}
    public static var minimumWireSize: Int { 0 }
    public var description: String { "()" }
}
