/// Traces a `Decodable` type's wire shape (docs/WIRE.md, "The schema hash") by running its
/// `init(from:)` against a decoder that records what it asks for and answers with placeholder
/// values: fields in order, an enum's cases (once per case, by its `CodingKeys`' `Int` values),
/// the standard containers by their element types, and a type inside its own definition as
/// `rec`n. Rust's undra-core traces its types' `Deserialize` the same way.
///
/// A tracer is confined to one tracing; `traced(_:)` makes one per type and keeps the results.
final class WireShapeTracer {
    /// The named types (structs, enums, classes) being traced, outermost first.
    private var stack: [ObjectIdentifier] = []
    /// A value of each type traced so far, for a type that holds one inside its own definition.
    private var witnesses: [ObjectIdentifier: Any] = [:]

    private static let cache = Locked<[ObjectIdentifier: WireShape]>([:])

    /// `type`'s shape, traced once per process.
    static func traced<T: Decodable>(_ type: T.Type) throws(WireShapeError) -> WireShape {
        let id = ObjectIdentifier(T.self)
        if let shape = cache.withLock({ $0[id] }) { return shape }
        let shape: WireShape
        do {
            shape = try WireShapeTracer().shape(of: T.self)
        } catch let error as WireShapeError {
            throw error
        } catch {
            throw WireShapeError(type: "\(T.self)", message: "\(error)")
        }
        cache.withLock { $0[id] = shape }
        return shape
    }

    /// The shape of `type`: `rec`n inside its own definition.
    func shape<T: Decodable>(of type: T.Type) throws -> WireShape {
        if T.self is any WireDecodingSpecial.Type { return try trace(T.self).shape }
        if let depth = recursionDepth(ObjectIdentifier(T.self)) { return .recursion(depth: depth) }
        return try trace(T.self).shape
    }

    /// The shape of `type`, and a value of it.
    func trace<T: Decodable>(_ type: T.Type) throws -> (shape: WireShape, value: T) {
        if let special = T.self as? any WireDecodingSpecial.Type {
            func trace<S: WireDecodingSpecial>(_: S.Type) throws -> (shape: WireShape, value: T) {
                let (shape, value) = try S.wireTrace(self)
                return (shape, unsafeBitCast(value, to: T.self))
            }
            return try trace(special)
        }
        let id = ObjectIdentifier(T.self)
        if let depth = recursionDepth(id) {
            guard let witness = witnesses[id] as? T else { throw NeedsWitness(type: id) }
            return (.recursion(depth: depth), witness)
        }
        stack.append(id)
        defer { stack.removeLast() }
        let first = try run(T.self, variant: 0)
        guard let variantCount = first.variantCount else {
            guard let value = first.value else { throw first.needs! }
            witnesses[id] = value
            return (first.shape, value)
        }
        return try traceEnum(T.self, variantCount: variantCount)
    }

    /// Each case of an enum, traced until each has been built once: a case that holds the enum
    /// itself waits for a case that does not.
    private func traceEnum<T: Decodable>(_ type: T.Type, variantCount: Int) throws -> (shape: WireShape, value: T) {
        let id = ObjectIdentifier(T.self)
        var variants = [WireVariant?](repeating: nil, count: variantCount)
        var pending = Array(0..<variantCount)
        while !pending.isEmpty {
            var waiting: [Int] = []
            var needs: NeedsWitness?
            for index in pending {
                let run = try run(T.self, variant: index)
                guard let value = run.value else {
                    waiting.append(index)
                    needs = needs ?? run.needs
                    continue
                }
                variants[index] = WireVariant(run.variantName ?? "", run.shape)
                if witnesses[id] == nil { witnesses[id] = value }
            }
            if waiting.count == pending.count {
                guard let needs, needs.type != id else {
                    throw WireShapeError(type: "\(T.self)", message: "every case holds the enum itself: no value of it can be built")
                }
                throw needs  // a value of an enclosing type, which a later pass of it will have
            }
            pending = waiting
        }
        return (.enumeration(variants.map { $0! }), witnesses[id] as! T)
    }

    /// One run of `T`'s `init(from:)`, choosing case `variant` if it is an enum.
    private func run<T: Decodable>(_ type: T.Type, variant: Int) throws -> TraceRun<T> {
        let decoding = TraceDecoding(tracer: self, variant: variant)
        var value: T?
        var needs: NeedsWitness?
        do {
            value = try T(from: decoding)
        } catch let error as NeedsWitness {
            needs = error
        } catch let error as WireShapeError {
            throw error
        } catch {
            if let failure = decoding.failure { throw WireShapeError(type: "\(T.self)", message: failure) }
            throw WireShapeError(type: "\(T.self)", message: "its init(from:) threw \(error) on placeholder values: declare `static var wireShape` by hand")
        }
        if let failure = decoding.failure { throw WireShapeError(type: "\(T.self)", message: failure) }
        return TraceRun(
            shape: try decoding.shape(of: T.self), value: value, needs: needs,
            variantCount: decoding.variantCount, variantName: decoding.variantName)
    }

    private func recursionDepth(_ id: ObjectIdentifier) -> Int? {
        stack.lastIndex(of: id).map { stack.count - 1 - $0 }
    }
}

extension WireShape {
    /// The shape of a `Decodable` type, traced from its `init(from:)` (what a `Codable` type's
    /// default `wireShape` is), or why it cannot be: an enum whose `CodingKeys` have no `Int`
    /// values, an `init(from:)` that refuses placeholder values, a container the wire has no
    /// form for. Traced once per type and process.
    public static func traced<T: Decodable>(_ type: T.Type) throws(WireShapeError) -> WireShape {
        try WireShapeTracer.traced(type)
    }
}

/// A type whose wire shape could not be traced, and why.
public struct WireShapeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The type that could not be traced, as `String(reflecting:)` names it.
    public let type: String
    /// Why, naming the member or container that has no wire form.
    public let message: String

    /// The error for `type`, saying why in `message`.
    public init(type: String, message: String) {
        self.type = type
        self.message = message
    }

    public var description: String { "cannot trace the wire shape of \(type): \(message)" }
}

/// A value of a type being traced is needed before one exists (a case that holds its own enum,
/// tried before a case that does not).
private struct NeedsWitness: Error {
    let type: ObjectIdentifier
}

/// What one run of a type's `init(from:)` showed.
private struct TraceRun<T> {
    let shape: WireShape
    /// The value built; nil when a value of a type being traced was needed first.
    let value: T?
    let needs: NeedsWitness?
    /// The number of cases, if the type is an enum.
    let variantCount: Int?
    /// The case built, if the type is an enum.
    let variantName: String?
}

/// The decoder of one run: records the containers and values asked for.
private final class TraceDecoding: Decoder, SingleValueDecodingContainer {
    enum Container { case none, keyed, single, unkeyed }

    let tracer: WireShapeTracer
    /// The case to build, if the type turns out to be an enum.
    let variant: Int
    var container = Container.none
    /// The fields in order (a struct's, or the case's payload); the single value's shape; the
    /// sequence's element.
    var shapes: [WireShape] = []
    /// Each field's key, for fields decoded by key (nil otherwise).
    var names: [String?] = []
    /// `decodeNil` was asked: the next value is an `Option`'s.
    var optionalNext = false
    var variantCount: Int?
    var variantName: String?
    var failure: String?

    init(tracer: WireShapeTracer, variant: Int) {
        self.tracer = tracer
        self.variant = variant
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        open(.keyed)
        return KeyedDecodingContainer(TraceKeyed<Key>(decoding: self))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer {
        open(.unkeyed)
        return TraceUnkeyed(decoding: self)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer {
        open(.single)
        return self
    }

    private func open(_ kind: Container) {
        if container == .none { container = kind } else if container != kind { fail("it asks for two kinds of container") }
    }

    func fail(_ message: String) {
        if failure == nil { failure = message }
    }

    /// The shape the run showed.
    func shape<T>(of type: T.Type) throws -> WireShape {
        switch container {
        case .none, .keyed:
            // Keys are names but for an unlabelled case payload's (`_0`, `_1`: a tuple variant).
            let named = names.compactMap { $0 }.filter { !Self.isPositional($0) }
            guard shapes.count > 1, named.count == shapes.count else { return .fields(shapes) }
            return .fields(zip(named, shapes).map { WireField($0, $1) })
        case .single:
            guard shapes.count == 1 else { throw WireShapeError(type: "\(T.self)", message: "its single-value container decodes \(shapes.count) values") }
            return shapes[0]
        case .unkeyed:
            guard shapes.count == 1 else { throw WireShapeError(type: "\(T.self)", message: "its unkeyed container decodes no element") }
            return .seq(shapes[0])
        }
    }

    func record(_ shape: WireShape, key: (any CodingKey)?) {
        shapes.append(optionalNext ? .option(shape) : shape)
        names.append(key?.stringValue)
        optionalNext = false
    }

    /// Whether a key is a position (`_0`), as Swift names an unlabelled associated value.
    static func isPositional(_ key: String) -> Bool {
        key.hasPrefix("_") && key.count > 1 && key.dropFirst().allSatisfy(\.isNumber)
    }

    func leaf<T: WireLeaf>(_ type: T.Type, key: (any CodingKey)? = nil) -> T {
        record(T.wireShape, key: key)
        return T.wireWitness
    }

    func value<T: Decodable>(_ type: T.Type, key: (any CodingKey)? = nil) throws -> T {
        let (shape, value) = try tracer.trace(T.self)
        record(shape, key: key)
        return value
    }

    func absent<T: Decodable>(_ type: T.Type, key: any CodingKey) throws -> T? {
        record(.option(try tracer.shape(of: T.self)), key: key)
        return nil
    }

    /// The case this run builds: its key, once the type asks (an enum).
    func variantKey<Key: CodingKey>(_ type: Key.Type) -> Key? {
        if variantCount == nil {
            var count = 0
            while Key(intValue: count) != nil { count += 1 }
            guard count > 0 else {
                fail("its CodingKeys have no Int values: declare `enum CodingKeys: Int, CodingKey { case … }`, its cases in declaration order")
                return nil
            }
            variantCount = count
        }
        guard let key = Key(intValue: variant) else { return nil }
        variantName = key.stringValue
        return key
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        optionalNext = true
        return false
    }
    func decode(_ type: Bool.Type) -> Bool { leaf(type) }
    func decode(_ type: String.Type) -> String { leaf(type) }
    func decode(_ type: Double.Type) -> Double { leaf(type) }
    func decode(_ type: Float.Type) -> Float { leaf(type) }
    func decode(_ type: Int.Type) -> Int { leaf(type) }
    func decode(_ type: Int8.Type) -> Int8 { leaf(type) }
    func decode(_ type: Int16.Type) -> Int16 { leaf(type) }
    func decode(_ type: Int32.Type) -> Int32 { leaf(type) }
    func decode(_ type: Int64.Type) -> Int64 { leaf(type) }
    func decode(_ type: UInt.Type) -> UInt { leaf(type) }
    func decode(_ type: UInt8.Type) -> UInt8 { leaf(type) }
    func decode(_ type: UInt16.Type) -> UInt16 { leaf(type) }
    func decode(_ type: UInt32.Type) -> UInt32 { leaf(type) }
    func decode(_ type: UInt64.Type) -> UInt64 { leaf(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }
}

private struct TraceKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: TraceDecoding
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { decoding.variantKey(Key.self).map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) -> Bool { decoding.decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) -> Bool { decoding.leaf(type, key: key) }
    func decode(_ type: String.Type, forKey key: Key) -> String { decoding.leaf(type, key: key) }
    func decode(_ type: Double.Type, forKey key: Key) -> Double { decoding.leaf(type, key: key) }
    func decode(_ type: Float.Type, forKey key: Key) -> Float { decoding.leaf(type, key: key) }
    func decode(_ type: Int.Type, forKey key: Key) -> Int { decoding.leaf(type, key: key) }
    func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { decoding.leaf(type, key: key) }
    func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { decoding.leaf(type, key: key) }
    func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { decoding.leaf(type, key: key) }
    func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { decoding.leaf(type, key: key) }
    func decode(_ type: UInt.Type, forKey key: Key) -> UInt { decoding.leaf(type, key: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { decoding.leaf(type, key: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { decoding.leaf(type, key: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { decoding.leaf(type, key: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { decoding.leaf(type, key: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoding.value(type, key: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decoding.absent(type, key: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decoding.absent(type, key: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decoding.absent(type, key: key) }

    /// The case's payload: its fields are the run's.
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
        if decoding.variantCount == nil { decoding.fail("a nested container that is not an enum case's payload has no bincode form") }
        return KeyedDecodingContainer(TraceKeyed<NestedKey>(decoding: decoding))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw WireShapeError(type: "\(Key.self)", message: "a nested unkeyed container has no bincode form: decode an array as a value")
    }

    func superDecoder() -> any Decoder { decoding }
    func superDecoder(forKey key: Key) -> any Decoder { decoding }
}

/// A sequence of one element: enough to see the element's shape.
private final class TraceUnkeyed: UnkeyedDecodingContainer {
    let decoding: TraceDecoding
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var isAtEnd: Bool { currentIndex > 0 }
    private(set) var currentIndex = 0

    init(decoding: TraceDecoding) {
        self.decoding = decoding
    }

    private func next<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    func decodeNil() -> Bool { decoding.decodeNil() }
    func decode(_ type: Bool.Type) -> Bool { next(decoding.leaf(type)) }
    func decode(_ type: String.Type) -> String { next(decoding.leaf(type)) }
    func decode(_ type: Double.Type) -> Double { next(decoding.leaf(type)) }
    func decode(_ type: Float.Type) -> Float { next(decoding.leaf(type)) }
    func decode(_ type: Int.Type) -> Int { next(decoding.leaf(type)) }
    func decode(_ type: Int8.Type) -> Int8 { next(decoding.leaf(type)) }
    func decode(_ type: Int16.Type) -> Int16 { next(decoding.leaf(type)) }
    func decode(_ type: Int32.Type) -> Int32 { next(decoding.leaf(type)) }
    func decode(_ type: Int64.Type) -> Int64 { next(decoding.leaf(type)) }
    func decode(_ type: UInt.Type) -> UInt { next(decoding.leaf(type)) }
    func decode(_ type: UInt8.Type) -> UInt8 { next(decoding.leaf(type)) }
    func decode(_ type: UInt16.Type) -> UInt16 { next(decoding.leaf(type)) }
    func decode(_ type: UInt32.Type) -> UInt32 { next(decoding.leaf(type)) }
    func decode(_ type: UInt64.Type) -> UInt64 { next(decoding.leaf(type)) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { next(try decoding.value(type)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw WireShapeError(type: "a sequence", message: "a nested container has no bincode form: decode the element as a value")
    }
    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw WireShapeError(type: "a sequence", message: "a nested unkeyed container has no bincode form: decode the element as a value")
    }
    func superDecoder() -> any Decoder { decoding }
}
