/// The seam between a mirror and its store: the only way the mirror's changes leave it.
///
/// The mirror knows neither mode; a store's facade implements this and turns each call into
/// `willSet`/`didSet` (fine-grained) or `objectWillChange` and `$field` deliveries (coarse).
/// Calls come from the draining thread, never under the mirror's lock, and never overlap.
public protocol MirrorDelegate: AnyObject, Sendable {
    /// Before a commit changes `fields`: the mirror still holds their old values. Once per drain
    /// for a coalescing field; before each value of a field that does not coalesce.
    func mirrorWillChange(_ fields: [FieldID])
    /// After commits: what changed since the matching `mirrorWillChange` calls. For coalescing
    /// fields, once at the end of the drain; for the others, after each value.
    func mirrorDidChange(_ changes: ChangeSet)
    /// A frame was rejected: nothing of it was applied, and the mirror waits for a resync snapshot.
    func mirrorDidReject(_ error: MirrorError)
    /// The mirror began to wait for a resync snapshot, because of `reason` (the rejection just
    /// announced): ask the core for one. Called once per wait, right after `mirrorDidReject`;
    /// the rejections that follow while the mirror waits request nothing more.
    func mirrorNeedsResync(_ reason: MirrorError)
    /// The drain ended: every change it made has been announced.
    func mirrorDidEndDrain()
}

extension MirrorDelegate {
    /// Does nothing: a delegate that feeds the mirror from a core implements it.
    public func mirrorNeedsResync(_ reason: MirrorError) {}
}

/// What one call of `StoreMirror.apply` did.
public struct DrainReport: Sendable, Equatable {
    /// Frames committed.
    public var applied = 0
    /// Frames rejected, with why, in order.
    public var rejected: [MirrorError] = []
    /// Frames handed to a drain already running (when `apply` is called from inside an
    /// announcement): that drain applies and reports them.
    public var queued = 0
    /// The acks of the frames committed, in order: the commands whose effects are now visible
    /// (a rejected frame's acks are not here; the core repeats them in its resync snapshot).
    public var acknowledged: [UInt64] = []

    /// A report; the defaults are a drain that did nothing.
    public init(applied: Int = 0, rejected: [MirrorError] = [], queued: Int = 0, acknowledged: [UInt64] = []) {
        self.applied = applied
        self.rejected = rejected
        self.queued = queued
        self.acknowledged = acknowledged
    }
}

/// A store's signals as the core last sent them: scalar fields and keyed lists, changed only by
/// frames, each applied all or nothing.
///
/// Applying frames (a *drain*): for each frame, check its envelope and every op against the
/// current state; if anything fails, the frame changes nothing and is reported (`MirrorError`)
/// to the announcer (a store's, or the `delegate`'s forwarder), and the mirror waits for a
/// snapshot. Otherwise announce `mirrorWillChange`, commit the whole frame and advance the
/// sequence in one step under the lock, and at the end of the drain announce each coalescing
/// field once with `mirrorDidChange`.
///
/// - Complexity: a frame costs O(1) per op plus the list ops' own costs (see `KeyedList`); ops on
///   one field are merged into one validation, one apply and one announcement.
/// - Thread safety: reads may come from any thread; `apply` too (drains are serialized: a call
///   made while another drains queues its frames for that drain). Announcements run with no lock held.
public final class StoreMirror: Sendable {
    /// The words behind `hasQueuedFrames`, `draining` and `drainer`, first in the object
    /// (`AtomicWord`); touched only through them.
    @usableFromInline
    nonisolated(unsafe) var atomicWords: (hasQueuedFrames: Int, draining: Int, drainer: Int) = (0, 0, 0)

    /// The hash of the schema this mirror was built for; snapshots must carry the same.
    public let schemaHash: UInt64

    @usableFromInline let state: Locked<State>
    /// The drain's buffers, used only by the thread that holds the drain (see `Drain`).
    let scratch = DrainScratch()
    /// What drains announce to: a store's announcer, or `forwarder`; held for the mirror's life.
    private let announcerOwner: MirrorAnnouncer
    /// The same, unretained: what a drain calls, with no reference counting.
    let announcer: Unmanaged<MirrorAnnouncer>
    /// For a mirror used on its own: forwards to `delegate`, loaded when a drain is claimed.
    private let forwarder: DelegateForwarder?
    /// Whether `state.queue` may hold frames: set and cleared under the lock, read without it by
    /// the draining thread.
    var hasQueuedFrames: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self, word: 0) }
    /// Whether a thread is draining (it alone applies frames and announces): set under the lock
    /// when claimed, cleared without it when the drain ends (see `finishDraining`).
    var draining: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self, word: 1) }
    /// The draining thread's `currentThreadID()` (0: none). Only that thread stores its own id
    /// here, and clears it before the drain ends, so a thread that reads its own id holds the drain.
    @inlinable var drainer: AtomicWord<UInt> { AtomicWord(inFirstPropertyOf: self, word: 2) }

    /// The fields and their storages: fixed, read without the lock.
    @usableFromInline let fields: MirrorFields

    /// Whether the mirror has `field` as a keyed list of its `Key`s and `Row`s (what a live
    /// query feeding it checks). O(1).
    package func holdsList<Key, Row>(_ field: ListField<Key, Row>) -> Bool {
        fields.holds(field.id, as: ListStorage<Key, Row>.self)
    }

    /// What frames change, besides the storages' values: guarded by the lock.
    @usableFromInline
    struct State {
        var epoch: UInt64?
        var sequence: UInt64 = 0
        var awaitingResync = false
        var queue: [Frame] = []
        weak var delegate: (any MirrorDelegate)?
    }

    /// Creates a mirror holding each field's initial value, waiting for its first snapshot.
    ///
    /// `fields` are `Field` and `ListField` declarations with distinct, small, non-negative ids
    /// (a schema error here is a programming error, and traps).
    public convenience init(schemaHash: UInt64 = 0, fields: [any FieldDeclaration]) {
        self.init(schemaHash: schemaHash, fields: fields, announcer: nil)
    }

    /// A mirror that announces to `announcer`, held strongly for its whole life (a store's
    /// runtime passes its facades, which hold neither the mirror nor the runtime); `delegate`
    /// is then not used. Without one, it announces to `delegate`.
    init(schemaHash: UInt64, fields: [any FieldDeclaration], announcer: MirrorAnnouncer?) {
        forwarder = announcer == nil ? DelegateForwarder() : nil
        announcerOwner = announcer ?? forwarder!
        self.announcer = Unmanaged.passUnretained(announcerOwner)
        self.schemaHash = schemaHash
        self.fields = MirrorFields(fields)
        state = Locked(State())
        assertAtomicWordsComeFirst(self, &atomicWords)
    }

    /// Who is told of changes and rejections, for a mirror used on its own. Held weakly (the
    /// owner of a mirror is usually its delegate). A store's runtime does not use it.
    public var delegate: (any MirrorDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    // MARK: Reading

    /// The current value of a scalar field. O(1) plus the copy of the value.
    @inlinable
    public subscript<Value>(field: Field<Value>) -> Value {
        value(of: field.id, as: Value.self)
    }

    /// The current rows of a list field. O(1): the list is shared, not copied (a later patch
    /// copies it only if this value is still alive then).
    @inlinable
    public subscript<Key, Row>(field: ListField<Key, Row>) -> KeyedList<Key, Row> {
        list(field.id, as: KeyedList<Key, Row>.self)
    }

    /// The value of the scalar field `id`, which must hold `Value`s.
    @inlinable
    func value<Value: Sendable>(of id: FieldID, as type: Value.Type) -> Value {
        read(id, from: ScalarStorage<Value>.self) { $0.value }
    }

    /// The rows of the list field `id`, which must be a `KeyedList<Key, Row>`.
    @inlinable
    func list<Key: Hashable & Sendable, Row: Sendable>(_ id: FieldID, as type: KeyedList<Key, Row>.Type) -> KeyedList<Key, Row> {
        read(id, from: ListStorage<Key, Row>.self) { $0.value }
    }

    /// Reads `id`'s storage, an `S`, with `body`: under the lock, or without it on the draining
    /// thread (see `isDrainingThread`). O(1) plus `body`.
    @inlinable
    func read<S: FieldStorage, Result>(_ id: FieldID, from type: S.Type, _ body: (S) -> Result) -> Result {
        let storage = fields.storage(id, as: S.self)
        if isDrainingThread { return storage._withUnsafeGuaranteedRef(body) }
        return state.withLock { _ in storage._withUnsafeGuaranteedRef(body) }
    }

    /// Whether the calling thread holds the drain: then it is the only thread that changes the
    /// storages, and it reads them without the lock (observers re-reading what a drain
    /// announces do so on the draining thread). O(1).
    @inlinable
    var isDrainingThread: Bool {
        drainer.load(ordering: .relaxed) == currentThreadID()
    }

    /// Runs `body` with a list field's rows, without copying or retaining them. Do not call back
    /// into the mirror from `body` (it runs under the mirror's lock).
    public func withList<Key, Row, Result>(
        _ field: ListField<Key, Row>, _ body: (borrowing KeyedList<Key, Row>) throws -> Result
    ) rethrows -> Result {
        let storage = fields.storage(field.id, as: ListStorage<Key, Row>.self)
        return try state.withLock { _ in try storage._withUnsafeGuaranteedRef { try $0.withValue(body) } }
    }

    /// The epoch and sequence of the last frame applied (nil before the first snapshot): the
    /// next frame must be of this epoch and sequence + 1, or a snapshot of a later position.
    /// O(1); safe from any thread (takes the lock).
    public var position: (epoch: UInt64, sequence: UInt64)? {
        state.withLock { state in state.epoch.map { ($0, state.sequence) } }
    }

    /// Whether the mirror applies nothing but a snapshot: before its first snapshot, and after a
    /// rejected frame until a snapshot is applied. O(1); safe from any thread (takes the lock).
    public var isAwaitingResync: Bool {
        state.withLock { $0.awaitingResync || $0.epoch == nil }
    }

    // MARK: Applying

    /// Applies one frame (a drain of one). See `apply(_:)` for frames.
    @discardableResult
    public func apply(_ frame: Frame) -> DrainReport {
        drain(frame, then: EmptyCollection())
    }

    /// Applies frames in order, as one drain: coalescing fields are announced once for all of them.
    @discardableResult
    public func apply(_ frames: [Frame]) -> DrainReport {
        guard let first = frames.first else { return DrainReport() }
        return drain(first, then: frames.dropFirst())
    }

    /// Drains `first`, then `rest`. The first frame is passed on its own, as it came: iterating a
    /// collection of one copied it (a retain and a release of each of its arrays).
    private func drain(_ first: Frame, then rest: some Collection<Frame>) -> DrainReport {
        // Claiming the drain, loading the delegate and checking the first frame take one lock.
        let scratch = scratch
        let claimed = state.withLock { state -> Bool in
            if draining.load(ordering: .sequentiallyConsistent) {
                state.queue.append(first)
                state.queue += rest
                hasQueuedFrames.store(true, ordering: .sequentiallyConsistent)
                return false
            }
            // Under the lock, which orders it for every thread that takes the lock; the only
            // lock-free reader (a queuing thread, after its own locked check) needs no more. A
            // sequentially consistent store would be an exchange: a locked instruction per drain.
            draining.store(true, ordering: .releasing)
            drainer.store(currentThreadID(), ordering: .relaxed)
            forwarder?.delegate = state.delegate
            if !state.queue.isEmpty {
                // Frames queued for a drain that ended before it took them go first, in order.
                state.queue.append(first)
                state.queue += rest
                scratch.firstPrepared = nil
            } else {
                let prepared = state.prepare(
                    first, fields: fields, schemaHash: schemaHash, into: &scratch.plan, next: &scratch.next,
                    rejection: &scratch.rejection)
                scratch.firstPrepared = prepared
                if prepared && !willChangeIsHeard { commitUnannounced(first, &state) }
            }
            return true
        }
        var report = DrainReport()
        guard claimed else {
            // The drain may have ended without seeing these frames: then they are drained here.
            if !draining.load(ordering: .sequentiallyConsistent), reclaim() {
                finishDraining(&report)
                return report
            }
            return DrainReport(queued: 1 + rest.count)
        }
        if let prepared = scratch.firstPrepared {
            apply(first, prepared: prepared, into: &report)
            for frame in rest { apply(frame, into: &report) }
        }
        finishDraining(&report)
        return report
    }

    /// Whether the drain's announcer would hear `mirrorWillChange` now (asked under the lock).
    private var willChangeIsHeard: Bool {
        announcer._withUnsafeGuaranteedRef { $0.hearsWillChange }
    }

    /// Commits `first`, checked under the same lock, when nobody hears `mirrorWillChange`: one
    /// lock for the frame instead of two. Not for a frame with a field announced on its own.
    private func commitUnannounced(_ first: Frame, _ state: inout State) {
        // Indexed loops: iterating the scratch's array retained it.
        for index in scratch.plan.indices where scratch.plan[index].alone { return }
        let firstSteps = state.commit(first, &scratch.plan, next: &scratch.next, into: &scratch.changes)
        assert(firstSteps.isEmpty, "a frame without fields announced on their own had steps")
        // Their `mirrorWillChange` is the one that nobody heard.
        for index in scratch.plan.indices { scratch.announced.insert(scratch.plan[index].field) }
        scratch.firstCommitted = true
    }

    /// Applies the frames queued meanwhile, announces the drain's changes and ends it.
    ///
    /// Ending takes no lock: the drain says it has ended, then looks for frames queued meanwhile;
    /// `drain` queues a frame, then looks whether the drain has ended. Both in sequentially
    /// consistent order, so one of the two always sees the other, and no frame is left queued.
    private func finishDraining(_ report: inout DrainReport) {
        while true {
            // Frames queued by announcements made while frames were applied join this drain;
            // those queued by its last announcements start another.
            while hasQueuedFrames.load(ordering: .sequentiallyConsistent) {
                for frame in takeQueue() { apply(frame, into: &report) }
            }
            announceEndOfDrain()
            forwarder?.delegate = nil  // Not kept alive past the drain.
            drainer.store(0, ordering: .relaxed)
            draining.store(false, ordering: .sequentiallyConsistent)
            guard hasQueuedFrames.load(ordering: .sequentiallyConsistent), reclaim() else { return }
        }
    }

    /// Claims the drain again for frames queued as it ended; false if another thread claimed it,
    /// or took the frames, first.
    private func reclaim() -> Bool {
        state.withLock { state in
            guard !draining.load(ordering: .sequentiallyConsistent), !state.queue.isEmpty else { return false }
            draining.store(true, ordering: .releasing)  // Under the lock, as in `drain`.
            drainer.store(currentThreadID(), ordering: .relaxed)
            forwarder?.delegate = state.delegate
            return true
        }
    }

    /// Takes the frames queued meanwhile.
    private func takeQueue() -> [Frame] {
        state.withLock { state in
            hasQueuedFrames.store(false, ordering: .sequentiallyConsistent)
            defer { state.queue = [] }
            return state.queue
        }
    }
}
