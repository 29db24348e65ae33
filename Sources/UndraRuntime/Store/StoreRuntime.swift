/// What a generated store is built on: its mirror, the announcements of both modes, and its
/// error channel. A store class keeps one and declares its fields with `@Mirrored`:
///
///     final class Todos: UndraStore, Trackable {            // or ObservableObject, for the coarse mode
///         let runtime = StoreRuntime(name: "Todos", fields: Fields.all)
///         var registrar: Registrar { runtime.registrar }
///         @Mirrored(Fields.visible) var visible
///     }
///
/// Both modes are always live, and cost nothing while unobserved: every change is announced as
/// `willSet`/`didSet` on `registrar` (fine-grained) and as `objectWillChange` plus `$field`
/// deliveries (coarse). So switching a store's mode is switching its class's conformance; the
/// mirror, the wire and the commands do not change.
///
/// - Thread safety: reads from any thread; frames are applied by one drain at a time.
public final class StoreRuntime: MirrorDelegate, Sendable {
    /// The store's data.
    public let mirror: StoreMirror
    /// Fine-grained announcements: the store's registrar.
    public let registrar = Registrar()
    /// Errors of the core, and frames the mirror rejected.
    public let errors = ErrorChannel()

    @usableFromInline let tracking: TrackingFacade
    #if !canImport(Combine)
    @usableFromInline let publishing: PublishingFacade
    #endif

    /// Creates the runtime of a store named `name` with the given schema.
    public init(name: String, schemaHash: UInt64 = 0, fields: [any FieldDeclaration]) {
        mirror = StoreMirror(schemaHash: schemaHash, fields: fields)
        tracking = TrackingFacade(registrar: registrar, storeName: name, fields: fields)
        #if !canImport(Combine)
        publishing = PublishingFacade(fields: fields)
        #endif
        mirror.delegate = self
    }

    #if !canImport(Combine)
    /// Coarse announcements: sent once per drain, before the drain's first change. A coarse
    /// store returns it as its `objectWillChange`.
    public var objectWillChange: ObservableObjectPublisher { publishing.objectWillChange }
    #endif

    /// Reads a scalar field, recording the read for tracking. O(1).
    @inlinable
    public func read<Value>(_ field: Field<Value>) -> Value {
        if let property = tracking.property(field.id) { registrar.access(self, property: property) }
        return mirror[field]
    }

    /// Reads a list field, recording the read for tracking. O(1): the rows are shared, not copied.
    @inlinable
    public func read<Key, Row>(_ field: ListField<Key, Row>) -> KeyedList<Key, Row> {
        if let property = tracking.property(field.id) { registrar.access(self, property: property) }
        return mirror[field]
    }

    /// Applies frames from the core (a drain); see `StoreMirror.apply(_:)`.
    @discardableResult
    public func apply(_ frames: [Frame]) -> DrainReport {
        mirror.apply(frames)
    }

    /// Applies one frame from the core.
    @discardableResult
    public func apply(_ frame: Frame) -> DrainReport {
        mirror.apply(frame)
    }

    // MARK: MirrorDelegate

    public func mirrorWillChange(_ fields: [FieldID]) {
        #if !canImport(Combine)
        publishing.willChange(fields)
        #endif
        tracking.willChange(fields, of: self)
    }

    public func mirrorDidChange(_ changes: ChangeSet) {
        tracking.didChange(changes, of: self)
        #if !canImport(Combine)
        publishing.didChange(changes)
        #endif
    }

    public func mirrorDidReject(_ error: MirrorError) {
        errors.report(.rejectedFrame(error))
    }

    public func mirrorDidEndDrain() {
        #if !canImport(Combine)
        publishing.endDrain()
        #endif
    }
}

/// A class built on a `StoreRuntime`: what `@Mirrored` properties read through.
public protocol UndraStore: AnyObject {
    var runtime: StoreRuntime { get }
}
