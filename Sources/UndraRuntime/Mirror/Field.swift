/// A field's number in its store's schema: small and dense, assigned by generated code, and the
/// way frames address the field.
public struct FieldID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The number, as generated code assigns it and frames carry it.
    public let rawValue: Int

    /// The field numbered `rawValue` (also written as an integer literal: `let id: FieldID = 3`).
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { self.rawValue = value }

    public static func < (lhs: FieldID, rhs: FieldID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// The declaration of one field of a store: the typed handle through which the store reads it
/// and frames are built for it.
///
///     static let filter = Field<String>(id: 1, name: "filter", initial: "all")
///     static let lastEvent = Field<String>(id: 3, name: "lastEvent", initial: "", coalesces: false)
///
/// A coalescing field (the default) is announced once per drain, however many ops changed it.
/// A field with `coalesces: false` (an event) keeps every intermediate value: each op is applied
/// and announced on its own, in order, exactly once, in any drain; a snapshot gives it one value,
/// announced only if it differs from the one held. Keyed lists are declared with `ListField`.
public struct Field<Value: Sendable>: FieldDeclaration, StorageFactory {
    public let id: FieldID
    /// Everything else, in one object: a declaration is copied wherever a field is read or a
    /// frame built, and a copy should cost one retain, not one per member.
    @usableFromInline let details: Details

    @usableFromInline
    final class Details: Sendable {
        let name: String
        let initial: Value
        let coalesces: Bool
        /// When known, a `set` to the value already held is not a change (and announces nothing).
        @usableFromInline let isEqual: (@Sendable (Value, Value) -> Bool)?
        /// How the wire reads and writes the field's ops (Wire/'s `FieldCodec`), opaque here;
        /// nil when `Value` is not `WireCodable`.
        let codec: (any AnyObject & Sendable)?
        let entryPoints: ScalarStorage<Value>.EntryPoints

        @usableFromInline
        init(
            name: String, initial: Value, coalesces: Bool, isEqual: (@Sendable (Value, Value) -> Bool)?,
            codec: (any AnyObject & Sendable)?, entryPoints: ScalarStorage<Value>.EntryPoints
        ) {
            self.name = name
            self.initial = initial
            self.coalesces = coalesces
            self.isEqual = isEqual
            self.codec = codec
            self.entryPoints = entryPoints
        }
    }

    public var name: String { details.name }
    /// The value the field holds before the core's first snapshot, and after a snapshot that does not
    /// set it.
    public var initial: Value { details.initial }
    public var coalesces: Bool { details.coalesces }

    /// Declares a field whose values cannot be compared: every `set` is a change.
    @inlinable
    public init(id: FieldID, name: String, initial: Value, coalesces: Bool = true) {
        self.init(id: id, name: name, initial: initial, coalesces: coalesces, isEqual: nil, codec: nil)
    }

    /// Inlinable, so that the storage's entry points are made where `Value` is concrete (see
    /// `ScalarStorage`).
    @inlinable
    init(
        id: FieldID, name: String, initial: Value, coalesces: Bool, isEqual: (@Sendable (Value, Value) -> Bool)?,
        codec: (any AnyObject & Sendable)?
    ) {
        self.id = id
        self.details = Details(
            name: name, initial: initial, coalesces: coalesces, isEqual: isEqual, codec: codec,
            entryPoints: ScalarStorage.specializedEntryPoints)
    }

    func makeStorage() -> FieldStorage {
        ScalarStorage(self)
    }
}

extension Field where Value: Equatable {
    /// Declares a field of comparable values: a `set` to the value already held is not a change.
    @inlinable
    public init(id: FieldID, name: String, initial: Value, coalesces: Bool = true) {
        self.init(id: id, name: name, initial: initial, coalesces: coalesces, isEqual: { $0 == $1 }, codec: nil)
    }
}

/// The declaration of a keyed-list field: a `KeyedList<Key, Row>` that frames patch by key.
///
///     static let visible = ListField<TodoID, Todo>(id: 0, name: "visible")
public struct ListField<Key: Hashable & Sendable, Row: Sendable>: FieldDeclaration, StorageFactory {
    /// What the field holds: the list of rows, in order, by key.
    public typealias Value = KeyedList<Key, Row>

    public let id: FieldID
    /// Everything else, in one object (see `Field.details`).
    @usableFromInline let details: Details

    @usableFromInline
    final class Details: Sendable {
        let name: String
        let coalesces: Bool
        let entryPoints: ListStorage<Key, Row>.EntryPoints
        /// How the wire reads and writes the list's ops (see `Field.Details.codec`).
        let codec: (any AnyObject & Sendable)?

        @usableFromInline
        init(
            name: String, coalesces: Bool, entryPoints: ListStorage<Key, Row>.EntryPoints,
            codec: (any AnyObject & Sendable)?
        ) {
            self.name = name
            self.coalesces = coalesces
            self.entryPoints = entryPoints
            self.codec = codec
        }
    }

    public var name: String { details.name }
    public var coalesces: Bool { details.coalesces }

    /// Declares a list field, empty until the core fills it.
    @inlinable
    public init(id: FieldID, name: String, coalesces: Bool = true) {
        self.init(id: id, name: name, coalesces: coalesces, codec: nil)
    }

    @inlinable
    init(id: FieldID, name: String, coalesces: Bool, codec: (any AnyObject & Sendable)?) {
        self.id = id
        self.details = Details(
            name: name, coalesces: coalesces, entryPoints: ListStorage.specializedEntryPoints, codec: codec)
    }

    func makeStorage() -> FieldStorage {
        ListStorage(self)
    }
}

/// What every field declaration has, whatever its value type: the schema of a `StoreMirror` is
/// a list of them (`Field` and `ListField` values).
public protocol FieldDeclaration: Sendable {
    /// The field's number in its store's schema: what frames address it by.
    var id: FieldID { get }
    /// The field's name, as the core's schema and error messages give it.
    var name: String { get }
    /// Whether a drain's changes to the field are merged into one announcement (true), or each op is
    /// announced on its own (false: an event field).
    var coalesces: Bool { get }
}

/// How a declaration makes the storage that holds its field in a mirror.
protocol StorageFactory {
    func makeStorage() -> FieldStorage
}
