#if canImport(Combine)
import Combine
#endif

/// What a generated store is built on: its mirror, the announcements of both modes, and its
/// error channel. A store class keeps one and declares its fields with `@Mirrored`:
///
///     final class Todos: UndraStore, Trackable, ObservableObject {   // either mode, or both
///         let runtime = StoreRuntime(name: "Todos", fields: Fields.all)
///         @Mirrored(Fields.visible) var visible
///     }
///
/// Both modes are always live, and cost nothing while unobserved: every change is announced as
/// `willSet`/`didSet` on `registrar` (fine-grained) and as `objectWillChange` plus `$field`
/// deliveries (coarse). A store class's conformances say which modes its users may observe it
/// in (`UndraStore` gives each its members); the mirror, the wire and the commands do not change.
///
/// - Thread safety: reads from any thread; frames are applied by one drain at a time.
public final class StoreRuntime: Sendable {
    /// The store's data.
    public let mirror: StoreMirror
    /// Fine-grained announcements: the store's registrar. Bridged to Apple's Observation when the
    /// store's class conforms to `Observation.Observable` (decided at its first `@Mirrored` read).
    public let registrar = Registrar(bridgedByOwner: ())
    /// Errors of the core, and frames the mirror rejected.
    public let errors = ErrorChannel()

    /// What the mirror announces to; also the subject the store's properties are tracked on.
    @usableFromInline let announcer: StoreAnnouncer

    @usableFromInline var tracking: TrackingFacade { announcer.tracking }
    @usableFromInline var publishing: PublishingFacade { announcer.publishing }

    /// The runtime of a store whose core speaks `schema`: its fields, and its hash for snapshots.
    ///
    ///     let runtime = StoreRuntime(name: "Score", schema: ScoreSchema.wire)
    public convenience init<Command, Outcome>(name: String, schema: WireSchema<Command, Outcome>) {
        self.init(name: name, schemaHash: schema.hash, fields: schema.fields)
    }

    /// Creates the runtime of a store named `name` with the given schema (a store fed by hand, or
    /// by a live query: `schemaHash` is what its snapshots carry).
    public init(name: String, schemaHash: UInt64 = 0, fields: [any FieldDeclaration]) {
        announcer = StoreAnnouncer(
            tracking: TrackingFacade(registrar: registrar, storeName: name, fields: fields), errors: errors,
            fields: fields)
        mirror = StoreMirror(schemaHash: schemaHash, fields: fields, announcer: announcer)
    }

    /// Coarse announcements: sent once per drain, before the drain's first change. A coarse
    /// store returns it as its `objectWillChange`. From its first read on, every drain announces
    /// that it will change (Combine gives no way to ask whether anyone listens). O(1).
    public var objectWillChange: ObservableObjectPublisher { publishing.handedOutObjectWillChange }

    /// Reads a scalar field, recording the read for tracking. O(1).
    @inlinable
    public func read<Value>(_ field: Field<Value>) -> Value {
        readScalar(field.id, as: Value.self)
    }

    /// Reads a list field, recording the read for tracking. O(1): the rows are shared, not copied.
    @inlinable
    public func read<Key, Row>(_ field: ListField<Key, Row>) -> KeyedList<Key, Row> {
        readList(field.id, as: KeyedList<Key, Row>.self)
    }

    /// Called by `@Mirrored` reads with the store object: the first one decides whether the
    /// store's registrar is bridged to Observation (see `Registrar`). One relaxed load after that.
    @inlinable
    package func noteReader(_ store: AnyObject) {
        if registrar.bridgeState.load(ordering: .relaxed) == BridgeState.byOwner { resolveBridge(owner: store) }
    }

    @usableFromInline
    func resolveBridge(owner store: AnyObject) {
        registrar.resolveBridge(owner: store)
    }

    /// `read` by field id, which must be a scalar field of `Value`s.
    @inlinable
    func readScalar<Value: Sendable>(_ id: FieldID, as type: Value.Type) -> Value {
        if let property = tracking.property(id) { registrar.access(announcer, property: property) }
        return mirror.value(of: id, as: Value.self)
    }

    /// `read` by field id, which must be a list field of `KeyedList<Key, Row>`.
    @inlinable
    func readList<Key: Hashable & Sendable, Row: Sendable>(_ id: FieldID, as type: KeyedList<Key, Row>.Type) -> KeyedList<Key, Row> {
        if let property = tracking.property(id) { registrar.access(announcer, property: property) }
        return mirror.list(id, as: KeyedList<Key, Row>.self)
    }

    /// What the store calls when it needs a resync snapshot from the core: the core connection
    /// sets it, and answers by sending a snapshot (see docs/STORES.md, "Feeding a store").
    ///
    /// Called with the rejection that began the wait (it is also on `errors`), once per wait:
    /// the rejections that follow until a snapshot is applied call nothing. Called on the
    /// thread applying frames, during its drain, with no lock held; keep it short (send the
    /// request, or queue it), and do not wait there for the snapshot.
    ///
    /// - Complexity: O(1) to set or read (a lock).
    /// - Thread safety: set and read from any thread.
    public var resyncRequestHandler: (@Sendable (_ reason: MirrorError) -> Void)? {
        get { announcer.resyncRequestHandler.withLock { $0 } }
        set { announcer.resyncRequestHandler.withLock { $0 = newValue } }
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
}
