import Synchronization

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
    /// The drain ended: every change it made has been announced.
    func mirrorDidEndDrain()
}

/// A delegate that can tell, from atomics, whether `mirrorWillChange` would reach anyone now (a
/// store's announcer). While it cannot, a drain checks and commits its first frame under one
/// lock instead of two, and does not call `mirrorWillChange` for it (someone who starts
/// listening meanwhile hears the next one). Asked with the mirror's lock held, so only the
/// runtime's own delegates are asked; a bare mirror's delegate is always told.
protocol GatedMirrorDelegate: MirrorDelegate {
    var hearsWillChange: Bool { get }
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

    public init(applied: Int = 0, rejected: [MirrorError] = [], queued: Int = 0) {
        self.applied = applied
        self.rejected = rejected
        self.queued = queued
    }
}

/// A store's signals as the core last sent them: scalar fields and keyed lists, changed only by
/// frames, each applied all or nothing.
///
/// Applying frames (a *drain*): for each frame, check its envelope and every op against the
/// current state; if anything fails, the frame changes nothing and is reported (`MirrorError`)
/// to the delegate, and the mirror waits for a snapshot. Otherwise announce `mirrorWillChange`,
/// commit the whole frame and advance the sequence in one step under the lock, and at the end
/// of the drain announce each coalescing field once with `mirrorDidChange`.
///
/// - Complexity: a frame costs O(1) per op plus the list ops' own costs (see `KeyedList`); ops on
///   one field are merged into one validation, one apply and one announcement.
/// - Thread safety: reads may come from any thread; `apply` too (drains are serialized: a call
///   made while another drains queues its frames for that drain). Announcements run with no lock held.
public final class StoreMirror: Sendable {
    /// The hash of the schema this mirror was built for; snapshots must carry the same.
    public let schemaHash: UInt64

    @usableFromInline let state: Locked<State>
    /// The drain's buffers, used only by the thread that holds the drain (see `Drain`).
    let scratch = DrainScratch()
    /// The delegate a store's runtime gave at init, if any (see `init(schemaHash:fields:announcer:)`).
    private let announcer: (any GatedMirrorDelegate)?
    /// Whether `state.queue` may hold frames: set and cleared under the lock, read without it by
    /// the draining thread.
    let hasQueuedFrames = Atomic<Bool>(false)
    /// Whether a thread is draining (it alone applies frames and announces): set under the lock
    /// when claimed, cleared without it when the drain ends (see `finishDraining`).
    let draining = Atomic<Bool>(false)
    /// The draining thread's `currentThreadID()` (0: none). Only that thread stores its own id
    /// here, and clears it before the drain ends, so a thread that reads its own id holds the drain.
    @usableFromInline let drainer = Atomic<UInt>(0)

    @usableFromInline
    struct State {
        @usableFromInline var storages: [FieldStorage]
        /// Field id → position in `storages` (-1: no such field). Ids are small and dense.
        @usableFromInline var positions: [Int]
        var epoch: UInt64?
        var sequence: UInt64 = 0
        var awaitingResync = false
        var queue: [Frame] = []
        weak var delegate: (any MirrorDelegate)?

        init(storages: [FieldStorage], positions: [Int]) {
            self.storages = storages
            self.positions = positions
        }

        @inlinable
        func position(of field: FieldID) -> Int? {
            guard positions.indices.contains(field.rawValue) else { return nil }
            let position = positions[field.rawValue]
            return position < 0 ? nil : position
        }
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
    /// is then not used.
    init(schemaHash: UInt64, fields: [any FieldDeclaration], announcer: (any GatedMirrorDelegate)?) {
        self.announcer = announcer
        self.schemaHash = schemaHash
        var storages: [FieldStorage] = []
        var positions: [Int] = []
        for declaration in fields {
            guard let factory = declaration as? StorageFactory else {
                preconditionFailure("StoreMirror: \(type(of: declaration)) is not a Field or ListField")
            }
            let id = declaration.id.rawValue
            precondition(id >= 0, "StoreMirror: field \(declaration.name) has a negative id")
            if positions.count <= id { positions += repeatElement(-1, count: id + 1 - positions.count) }
            precondition(positions[id] < 0, "StoreMirror: two fields have id \(id)")
            positions[id] = storages.count
            storages.append(factory.makeStorage())
        }
        state = Locked(State(storages: storages, positions: positions))
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
        if isDrainingThread { return state.withoutLocking { body(storage(id, as: S.self, in: $0)) } }
        return state.withLock { body(storage(id, as: S.self, in: $0)) }
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
        try state.withLock { state in
            try storage(field.id, as: ListStorage<Key, Row>.self, in: state).withValue(body)
        }
    }

    /// The epoch and sequence of the last frame applied (nil before the first snapshot).
    public var position: (epoch: UInt64, sequence: UInt64)? {
        state.withLock { state in state.epoch.map { ($0, state.sequence) } }
    }

    /// Whether a frame was rejected and the mirror waits for a snapshot.
    public var isAwaitingResync: Bool {
        state.withLock { $0.awaitingResync || $0.epoch == nil }
    }

    /// The storage of `field`, which must be an `S` (storage classes are final, so comparing the
    /// exact type is the check; a general `as? S` cast costs more than the rest of a read).
    @inlinable
    func storage<S: FieldStorage>(_ field: FieldID, as type: S.Type, in state: State) -> S {
        guard let position = state.position(of: field) else {
            preconditionFailure("StoreMirror: field \(field) is not in this mirror's schema")
        }
        let storage = state.storages[position]
        guard ObjectIdentifier(Swift.type(of: storage)) == ObjectIdentifier(S.self) else {
            preconditionFailure("StoreMirror: field \(field) is not a \(S.self) of this mirror's schema")
        }
        return unsafeDowncast(storage, to: S.self)
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
            if announcer == nil { scratch.delegate = state.delegate }
            if !state.queue.isEmpty {
                // Frames queued for a drain that ended before it took them go first, in order.
                state.queue.append(first)
                state.queue += rest
                scratch.firstPrepared = nil
            } else {
                let prepared = state.prepare(
                    first, schemaHash: schemaHash, into: &scratch.plan, next: &scratch.next,
                    rejection: &scratch.rejection)
                scratch.firstPrepared = prepared
                if prepared && !willChangeIsHeard { commitUnannounced(first, &state) }
            }
            return true
        }
        var report = DrainReport()
        guard claimed else {
            // The drain may have ended without seeing these frames: then they are drained here.
            if !draining.load(ordering: .sequentiallyConsistent), let delegate = reclaim() {
                finishDraining(announcingTo: delegate, &report)
                return report
            }
            return DrainReport(queued: 1 + rest.count)
        }
        // A store's announcer is passed as it is held, a constant: neither retained nor released
        // (bound to a local first, it was both). A bare mirror's delegate was loaded when claimed.
        if announcer != nil {
            drainClaimed(first, then: rest, announcingTo: announcer, &report)
        } else {
            drainClaimed(first, then: rest, announcingTo: scratch.delegate.take(), &report)
        }
        return report
    }

    /// Whether the drain's delegate would hear `mirrorWillChange` now: only a store's announcer
    /// is asked (under the lock); a bare mirror's delegate is always told.
    private var willChangeIsHeard: Bool {
        announcer == nil || announcer!.hearsWillChange
    }

    /// Commits `first`, checked under the same lock, when nobody hears `mirrorWillChange`: one
    /// lock for the frame instead of two. Not for a frame with steps to announce one by one.
    private func commitUnannounced(_ first: Frame, _ state: inout State) {
        // Indexed loops: iterating the scratch's array retained it.
        for index in scratch.plan.indices where scratch.plan[index].stepping { return }
        let firstSteps = state.commit(first, &scratch.plan, next: &scratch.next, into: &scratch.changes)
        assert(firstSteps.isEmpty, "a frame without stepping fields had steps")
        // Their `mirrorWillChange` is the one that nobody heard.
        for index in scratch.plan.indices { scratch.announced.insert(scratch.plan[index].field) }
        scratch.firstCommitted = true
    }

    /// The rest of a drain this thread claimed: `first` (checked when claimed), `rest`, then
    /// what was queued meanwhile.
    private func drainClaimed(
        _ first: Frame, then rest: some Collection<Frame>, announcingTo delegate: (any MirrorDelegate)?,
        _ report: inout DrainReport
    ) {
        if let prepared = scratch.firstPrepared {
            apply(first, prepared: prepared, announcingTo: delegate, into: &report)
            for frame in rest { apply(frame, announcingTo: delegate, into: &report) }
        }
        finishDraining(announcingTo: delegate, &report)
    }

    /// Applies the frames queued meanwhile, announces the drain's changes and ends it.
    ///
    /// Ending takes no lock: the drain says it has ended, then looks for frames queued meanwhile;
    /// `drain` queues a frame, then looks whether the drain has ended. Both in sequentially
    /// consistent order, so one of the two always sees the other, and no frame is left queued.
    private func finishDraining(announcingTo delegate: (any MirrorDelegate)?, _ report: inout DrainReport) {
        while true {
            // Frames queued by announcements made while frames were applied join this drain;
            // those queued by its last announcements start another.
            while hasQueuedFrames.load(ordering: .sequentiallyConsistent) {
                for frame in takeQueue() { apply(frame, announcingTo: delegate, into: &report) }
            }
            announceEndOfDrain(to: delegate)
            drainer.store(0, ordering: .relaxed)
            draining.store(false, ordering: .sequentiallyConsistent)
            guard hasQueuedFrames.load(ordering: .sequentiallyConsistent), reclaim() != nil else { return }
        }
    }

    /// Claims the drain again for frames queued as it ended; returns the delegate to announce
    /// to (nil if another thread claimed it, or took the frames, first; `.some(nil)` if the
    /// mirror has no delegate).
    private func reclaim() -> (any MirrorDelegate)?? {
        state.withLock { state in
            guard !draining.load(ordering: .sequentiallyConsistent), !state.queue.isEmpty else { return nil }
            draining.store(true, ordering: .releasing)  // Under the lock, as in `drain`.
            drainer.store(currentThreadID(), ordering: .relaxed)
            return .some(announcer ?? state.delegate)
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
