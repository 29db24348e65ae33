/// Records reads and announces writes of observable properties, keyed by (subject, property).
///
/// A class that wants to be observed keeps one registrar and reports through it: its getters call
/// `access`, its setters `withMutation` (or `willSet` and `didSet`). Apple's `ObservationRegistrar`
/// has the same shape; `@Tracked` and generated stores do this for you.
///
/// Two forms of each call:
/// - by key path, `registrar.access(self, keyPath: \.theme)`: the key path is an autoclosure, so
///   it is built only when a tracking scope is open or an observer is installed;
/// - by `PropertyID`, the fast path for generated code: an interned integer, created once.
///
/// The two forms name the same identity: `PropertyID(\Settings.theme)` and `\.theme` are one property.
///
/// Where Apple's Observation exists, a registrar whose object conforms to `Observation.Observable`
/// also reports every read and write to an `ObservationRegistrar` of its own, so that
/// `withObservationTracking` (and SwiftUI, which renders through it) sees them: see
/// `ObservationBridge`. A registrar whose object does not conform never does.
///
/// - Complexity: with no tracking scope open on any thread and no bridge to Observation, `access`
///   is two relaxed atomic loads (one global, one of the registrar);
///   with no observer installed on this registrar, `willSet`/`didSet` are one relaxed atomic load,
///   and so is `willSet` while no installed observer acts on it (continuous observations with
///   `.didSet` or coalesced delivery).
///   Otherwise O(1) on average plus O(k) for the k observers of the written property.
/// - Thread safety: every method may be called from any thread at once. Observers' callbacks run
///   with no lock held.
public final class Registrar: Sendable {
    /// The words behind `installedCount`, `willSetCount` and `bridgeState`, first in the object
    /// (`AtomicWord`); touched only through them.
    @usableFromInline
    nonisolated(unsafe) var atomicWords: (installed: Int, willSet: Int, bridge: Int) = (0, 0, 0)

    /// How many entries `table` holds, live or stale, plus one while the registrar is bridged to
    /// Observation (whose observers it cannot count): zero means a write has nobody to tell.
    @inlinable
    var installedCount: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 0) }

    /// How many of those entries belong to an observer that acts on `willSet` (a one-shot `track`,
    /// a `.willSet` continuous observation), plus one while bridged: zero means a `willSet` has
    /// nobody to tell, which is the usual case for continuous observers, whose entries wait for
    /// `didSet`.
    @inlinable
    var willSetCount: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 1) }

    /// Whether reads and writes also go to Apple's Observation: a `BridgeState`, or the address of
    /// the registrar's `ObservationBridge` (retained by the registrar), stored once, releasing,
    /// under `table`'s lock. Zero, the usual case, keeps the read gate shut; any other value opens it.
    @inlinable
    var bridgeState: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 2) }

    let table = WordLocked(ObserverTable())

    /// Creates a registrar with no observers. O(1).
    ///
    /// Where Observation exists, the first object it is asked about decides whether it is bridged
    /// to Observation: if that object's class conforms to `Observation.Observable`.
    public init() {
        atomicWords.bridge = BridgeState.initial(BridgeState.bySubject)
        assertAtomicWordsComeFirst(self, &atomicWords)
    }

    /// Creates a registrar bridged to Observation if `owner`, told later through
    /// `resolveBridge(owner:)`, conforms to `Observation.Observable` (a store's: its subject is
    /// not the store object).
    init(bridgedByOwner: ()) {
        atomicWords.bridge = BridgeState.initial(BridgeState.byOwner)
        assertAtomicWordsComeFirst(self, &atomicWords)
    }

    deinit {
        if installedCount.load(ordering: .relaxed) != 0 { fireObserversOfDeinit() }
        releaseBridge()
    }

    // MARK: Key-path form

    /// Records that `subject`'s property `keyPath` was read, for every tracking scope open on this
    /// thread (and for Observation's, if bridged).
    @inlinable
    public func access<Subject: AnyObject, Value>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>
    ) {
        if openScopeCount.load(ordering: .relaxed) | bridgeState.load(ordering: .relaxed) != 0 {
            accessTracked(subject, keyPath: { keyPath() })
        }
    }

    /// Announces that `subject`'s property `keyPath` is about to change; the subject must still hold
    /// the old value. One-shot `track` observers of the property fire here.
    @inlinable
    public func willSet<Subject: AnyObject, Value>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>
    ) {
        if willSetCount.load(ordering: .relaxed) != 0 {
            announce(.willSet, ObjectIdentifier(subject), keyPath: { keyPath() })
        }
    }

    /// Announces that `subject`'s property `keyPath` has changed; the subject holds the new value.
    @inlinable
    public func didSet<Subject: AnyObject, Value>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>
    ) {
        if installedCount.load(ordering: .relaxed) != 0 {
            announce(.didSet, ObjectIdentifier(subject), keyPath: { keyPath() })
        }
    }

    /// Runs `mutation` between `willSet` and `didSet` of `keyPath`. `didSet` is announced even when
    /// `mutation` throws.
    @inlinable
    public func withMutation<Subject: AnyObject, Value, Result>(
        of subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>,
        _ mutation: () throws -> Result
    ) rethrows -> Result {
        willSet(subject, keyPath: keyPath())
        defer { didSet(subject, keyPath: keyPath()) }
        return try mutation()
    }

    // MARK: @Tracked's form: the key path, and the wrapper's storage that names it

    /// `access(_:keyPath:)` for a `@Tracked` property.
    @inlinable
    func access<Subject: AnyObject, Value>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>,
        storage: @autoclosure () -> AnyKeyPath
    ) {
        if openScopeCount.load(ordering: .relaxed) | bridgeState.load(ordering: .relaxed) != 0 {
            accessTracked(subject, keyPath: { keyPath() }, storage: storage)
        }
    }

    /// `willSet(_:keyPath:)` for a `@Tracked` property.
    @inlinable
    func willSet<Subject: AnyObject, Value>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>,
        storage: @autoclosure () -> AnyKeyPath
    ) {
        if willSetCount.load(ordering: .relaxed) != 0 {
            announce(.willSet, ObjectIdentifier(subject), keyPath: { keyPath() }, storage: storage)
        }
    }

    /// `didSet(_:keyPath:)` for a `@Tracked` property.
    @inlinable
    func didSet<Subject: AnyObject, Value>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Value>,
        storage: @autoclosure () -> AnyKeyPath
    ) {
        if installedCount.load(ordering: .relaxed) != 0 {
            announce(.didSet, ObjectIdentifier(subject), keyPath: { keyPath() }, storage: storage)
        }
    }

    // MARK: PropertyID form (the fast path)

    /// Records that `subject`'s `property` was read. Same as the key-path form, without the key path.
    @inlinable
    public func access<Subject: AnyObject>(_ subject: Subject, property: @autoclosure () -> PropertyID) {
        if openScopeCount.load(ordering: .relaxed) | bridgeState.load(ordering: .relaxed) != 0 {
            accessTracked(subject, property())
        }
    }

    /// Announces that `subject`'s `property` is about to change.
    @inlinable
    public func willSet<Subject: AnyObject>(_ subject: Subject, property: @autoclosure () -> PropertyID) {
        if willSetCount.load(ordering: .relaxed) != 0 {
            announce(.willSet, ObservationKey(subject: ObjectIdentifier(subject), property: property()))
        }
    }

    /// Announces that `subject`'s `property` has changed.
    @inlinable
    public func didSet<Subject: AnyObject>(_ subject: Subject, property: @autoclosure () -> PropertyID) {
        if installedCount.load(ordering: .relaxed) != 0 {
            announce(.didSet, ObservationKey(subject: ObjectIdentifier(subject), property: property()))
        }
    }

    /// Runs `mutation` between `willSet` and `didSet` of `property`, announcing `didSet` even on a throw.
    @inlinable
    public func withMutation<Subject: AnyObject, Result>(
        of subject: Subject, property: @autoclosure () -> PropertyID, _ mutation: () throws -> Result
    ) rethrows -> Result {
        willSet(subject, property: property())
        defer { didSet(subject, property: property()) }
        return try mutation()
    }
}

// MARK: - Slow paths (a scope is open, observers are installed, or the registrar is bridged)

extension Registrar {
    /// Not generic, so that it runs as compiled here rather than unspecialized, looking up type
    /// metadata (callers pass the key path as an `AnyKeyPath`, built only if needed).
    /// - Parameter storage: a `@Tracked` property's storage, to name the property by (its key
    ///   path is to a computed property, which describes itself by an address).
    @usableFromInline
    func accessTracked(_ subject: AnyObject, keyPath: () -> AnyKeyPath, storage: () -> AnyKeyPath? = { nil }) {
        ThreadContext.withCurrent { context in
            let bridged = bridgeState.load(ordering: .relaxed) != BridgeState.none && isBridged(reading: subject)
            guard bridged || context.isTracking else { return }
            let property = context.propertyID(for: keyPath(), storage: storage)
            let key = ObservationKey(subject: ObjectIdentifier(subject), property: property)
            if bridged { reportAccess(key, by: subject) }
            if context.isTracking { context.recordRead(of: key, in: self) }
        }
    }

    @usableFromInline
    func accessTracked(_ subject: AnyObject, _ property: PropertyID) {
        let key = ObservationKey(subject: ObjectIdentifier(subject), property: property)
        if bridgeState.load(ordering: .relaxed) != BridgeState.none {
            reportAccess(key, by: subject)
            if openScopeCount.load(ordering: .relaxed) == 0 { return }
        }
        ThreadContext.withCurrent { context in
            if context.isTracking { context.recordRead(of: key, in: self) }
        }
    }

    /// Not generic, as `accessTracked(_:keyPath:storage:)`.
    @usableFromInline
    func announce(
        _ event: TrackingEvent, _ subject: ObjectIdentifier, keyPath: () -> AnyKeyPath,
        storage: () -> AnyKeyPath? = { nil }
    ) {
        let key = ThreadContext.withCurrent { context in
            ObservationKey(subject: subject, property: context.propertyID(for: keyPath(), storage: storage))
        }
        announce(event, key)
    }

    @usableFromInline
    func announce(_ event: TrackingEvent, _ key: ObservationKey) {
        if bridgeState.load(ordering: .relaxed) > BridgeState.byOwner { return announceBridged(event, key) }
        announceToObservers(event, key)
    }

    /// Tells the observers installed in `table`.
    @inline(__always)
    func announceToObservers(_ event: TrackingEvent, _ key: ObservationKey) {
        let thread = currentThreadID()
        let fired = table.withLock { table in
            let fired = table.receive(event, for: key, thread: thread)
            publishCounts(of: table)
            return fired
        }
        if !fired.isEmpty {
            fired.deliver(event, key.change, thread: thread)
        }
    }

    /// Mirrors `table`'s counts into the gates. Called under the table's lock after every change.
    func publishCounts(of table: borrowing ObserverTable) {
        installedCount.store(table.entryCount, ordering: .relaxed)
        willSetCount.store(table.willSetEntryCount, ordering: .relaxed)
    }

    /// Tells the observers that act on it that the registrar is going (`receiveRegistrarDeinit`),
    /// and drops every entry.
    private func fireObserversOfDeinit() {
        let thread = currentThreadID()
        for (observer, key) in table.withLock({ $0.removeAll() }) {
            observer.receiveRegistrarDeinit(key.change, thread: thread)
        }
    }

    /// Installs an entry of `observer` for `key`. O(1) on average; takes the table's lock.
    func install(_ observer: EntryObserver, for key: ObservationKey) {
        table.withLock { table in
            table.install(observer, for: key)
            publishCounts(of: table)
        }
    }

    /// Removes `observer`'s entry for `key`, if any. O(k) for the k entries of the property; takes the table's lock.
    func remove(_ observer: ContinuousObserver, for key: ObservationKey) {
        table.withLock { table in
            table.remove(observer, for: key)
            publishCounts(of: table)
        }
    }
}
