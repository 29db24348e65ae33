/// A store field as a read-only property of the store class:
///
///     @Mirrored(Fields.filter) var filter         // String
///     @Mirrored(Fields.visible) var visible       // KeyedList<TodoID, Todo>
///
/// Reading it reads the store's mirror (and records the read for tracking); `$filter` is a
/// publisher of the field's values (the current one at once, then one per change), on stores
/// of either mode.
///
/// - Complexity: a read is O(1): the mirror's lock, and no copy (lists are shared).
/// - Thread safety: reads from any thread.
@propertyWrapper
public struct Mirrored<Declaration: MirroredField>: Sendable {
    /// The field this property reads.
    public let field: Declaration

    /// A property that reads `field` of the enclosing store.
    public init(_ field: Declaration) {
        self.field = field
    }

    @available(*, unavailable, message: "@Mirrored is only available on properties of an UndraStore class")
    public var wrappedValue: Declaration.Value { fatalError("unavailable") }

    @inlinable
    public static subscript<Store: UndraStore>(
        _enclosingInstance store: Store,
        wrapped wrappedKeyPath: KeyPath<Store, Declaration.Value>,
        storage storageKeyPath: KeyPath<Store, Mirrored>
    ) -> Declaration.Value {
        // By id: copying the declaration out of the store would retain its details.
        let runtime = store.runtime
        runtime.noteReader(store)
        return Declaration.read(store[keyPath: storageKeyPath].field.id, from: runtime)
    }

    @available(*, unavailable, message: "@Mirrored is only available on properties of an UndraStore class")
    public var projectedValue: FieldPublisher<Declaration.Value> { fatalError("unavailable") }

    @inlinable
    public static subscript<Store: UndraStore>(
        _enclosingInstance store: Store,
        projected projectedKeyPath: KeyPath<Store, FieldPublisher<Declaration.Value>>,
        storage storageKeyPath: KeyPath<Store, Mirrored>
    ) -> FieldPublisher<Declaration.Value> {
        store[keyPath: storageKeyPath].field.publisher(in: store.runtime)
    }
}

/// A field declaration that `@Mirrored` can read: `Field` and `ListField`.
public protocol MirroredField: FieldDeclaration {
    /// What the field holds: the scalar's type, or a `KeyedList` for a list.
    associatedtype Value: Sendable
    /// Reads the field `id` (a field of this declaration's type) through a store's runtime,
    /// recording the read for tracking. Static, so that `@Mirrored` reads without copying its
    /// declaration. O(1), no copy of the value's storage; safe from any thread.
    static func read(_ id: FieldID, from runtime: StoreRuntime) -> Value
    /// The publisher of the field's values in a store's runtime.
    func publisher(in runtime: StoreRuntime) -> FieldPublisher<Value>
}

extension Field: MirroredField {
    @inlinable
    public static func read(_ id: FieldID, from runtime: StoreRuntime) -> Value {
        runtime.readScalar(id, as: Value.self)
    }

    @inlinable
    public func publisher(in runtime: StoreRuntime) -> FieldPublisher<Value> {
        runtime.publishing.publisher(for: id, read: { [mirror = runtime.mirror] in mirror[self] })
    }
}

extension ListField: MirroredField {
    @inlinable
    public static func read(_ id: FieldID, from runtime: StoreRuntime) -> KeyedList<Key, Row> {
        runtime.readList(id, as: KeyedList<Key, Row>.self)
    }

    @inlinable
    public func publisher(in runtime: StoreRuntime) -> FieldPublisher<KeyedList<Key, Row>> {
        runtime.publishing.publisher(for: id, read: { [mirror = runtime.mirror] in mirror[self] })
    }
}
