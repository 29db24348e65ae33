import Dispatch

/// The observer behind `observe`: re-arms in place after every change.
///
/// Its entries stay in the registrars' buckets across changes (they are not consumed as a
/// one-shot's are), and `reads` remembers what the last run read. A run that reads a property the
/// previous run read installs nothing (its entry is still there, and has been since that read, so
/// no write is lost); a property read for the first time is installed at once, as a `track` does;
/// one the run no longer reads is removed from its registrar when the run ends. So a run that
/// reads what the last one did takes no registrar's lock at all.
///
/// Runs never overlap: `running` is taken under `state`'s lock by one thread, together with the
/// pending changes and the handlers (one lock to start a run, one to end it); a change arriving
/// meanwhile sets `rerun`, and the running thread goes round once more. That includes a change
/// made on the running thread by anyone but `read` itself (another observer's callback that a
/// write of `read` fired): only `read`'s own writes, made while its scope is open and visible
/// (`ThreadContext.isReading`), are left out. The runner uses the handlers unretained: while a
/// run holds them, `cancel` leaves releasing them to the runner, when the run ends.
final class ContinuousObserver: Sendable {
    /// The word behind `cancelled`, first in the object (`AtomicWord`); touched only through it.
    private nonisolated(unsafe) var cancelledWord = 0
    /// Set once by `cancel`. Read under registrars' locks, so an atomic.
    private var cancelled: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }
    private let delivery: TrackingDelivery
    /// For `observe(on: actor)`: coalesced runs go to this actor, in a task, rather than to
    /// `delivery`'s queue.
    private let actor: (any Actor)?
    /// Whether changes are collected for `onChange`: there is one, and it is told after the write.
    private let notesChanges: Bool
    private let state: Locked<State>

    /// What the last run read. Touched only by the thread that holds the run: a runner (it took
    /// `running` under `state`'s lock, and gives it back under that lock), or `cancel`, once it
    /// has cleared `handlers` while no run was under way (no run can start after that). `state`'s
    /// lock orders these threads, so that lock is what guards it. Never accessed re-entrantly, so
    /// the dynamic exclusivity check (a thread-local access set) is left out.
    @exclusivity(unchecked)
    private nonisolated(unsafe) var reads = ReadSet()

    /// The observation's closures, boxed so that a run takes them out from under the lock as one
    /// unretained reference (a closure returned through the lock's generic `withLock` would be
    /// re-wrapped in a freshly allocated thunk every time).
    private final class Handlers: Sendable {
        let read: @Sendable () -> Void
        let onChange: (@Sendable ([TrackedChange]) -> Void)?

        init(read: @escaping @Sendable () -> Void, onChange: (@Sendable ([TrackedChange]) -> Void)?) {
            self.read = read
            self.onChange = onChange
        }

        /// Calls `onChange`, if any. A method, so that the closure is called through `self`
        /// (which the caller holds) without a retain of its context around the call.
        func tell(_ changes: [TrackedChange]) {
            onChange?(changes)
        }
    }

    private struct State {
        /// Nil once cancelled and no run holds them.
        var handlers: Handlers?
        /// Set by `cancel`, under the lock: the state's own view of `cancelled` (the atomic is
        /// for `receive`, which decides without this lock).
        var isCancelled = false
        /// A thread is inside `run`; `runner` is its identity (its own writes do not re-trigger).
        var running = false
        var runner: UInt = 0
        /// A change arrived during the run: run once more before returning.
        var rerun = false
        /// A run is queued on the delivery queue (coalesced delivery).
        var scheduled = false
        /// Changes not yet passed to `onChange`, each property once, in the order they first
        /// changed. A run takes the buffer and hands it back emptied, capacity kept, so the next
        /// change does not allocate.
        var pending: [TrackedChange] = []

        /// Whether a change reported by `thread` concerns the observer: it is not cancelled, and
        /// the change is not a write its own `read` made. `isOwnRead` looks at the thread's scopes;
        /// asked only on the running thread.
        func accepts(from thread: UInt, isOwnRead: () -> Bool) -> Bool {
            !isCancelled && !(running && runner == thread && isOwnRead())
        }

        mutating func note(_ change: TrackedChange) {
            if !pending.contains(change) { pending.append(change) }
        }

        /// After a change was accepted: `thread` takes the run, with the pending changes moved
        /// into `changes` (empty on entry), and gets the handlers, unretained (they stay until the
        /// run ends); or, if a run is under way (on another thread, or further up this one's
        /// stack), it will go round once more.
        mutating func claim(by thread: UInt, taking changes: inout [TrackedChange]) -> Unmanaged<Handlers>? {
            guard !isCancelled, let handlers else { return nil }
            if running {
                rerun = true
                return nil
            }
            running = true
            runner = thread
            swap(&changes, &pending)
            return Unmanaged.passUnretained(handlers)
        }

        /// The run ends, unless a change arrived meanwhile: then `changes` (emptied) takes the
        /// pending changes and the run goes round again. When it ends, `changes` gives its
        /// buffer back; if the observer was cancelled meanwhile, its handlers are moved into
        /// `released`, and the runner empties `reads`.
        mutating func endRun(_ changes: inout [TrackedChange], released: inout Handlers?) -> RunEnd {
            if rerun && !isCancelled {
                rerun = false
                swap(&changes, &pending)
                return .again
            }
            running = false
            rerun = false
            if isCancelled {
                swap(&released, &handlers)
                return .cancelled
            }
            if pending.isEmpty { swap(&changes, &pending) }
            return .ended
        }
    }

    private enum RunEnd {
        case again, ended, cancelled
    }

    init(
        read: @escaping @Sendable () -> Void,
        onChange: (@Sendable ([TrackedChange]) -> Void)?,
        delivery: TrackingDelivery,
        actor: (any Actor)? = nil
    ) {
        self.delivery = delivery
        self.actor = actor
        if case .willSet = delivery { notesChanges = false } else { notesChanges = onChange != nil }
        self.state = Locked(State(handlers: Handlers(read: read, onChange: onChange)))
        assertAtomicWordsComeFirst(self, &cancelledWord)
    }

    /// Creates the observer, runs `read` once on this thread to arm it, and wraps it in a token.
    static func start(
        read: @escaping @Sendable () -> Void,
        onChange: (@Sendable ([TrackedChange]) -> Void)?,
        delivery: TrackingDelivery,
        actor: (any Actor)? = nil
    ) -> ObservationToken {
        let observer = ContinuousObserver(read: read, onChange: onChange, delivery: delivery, actor: actor)
        var changes: [TrackedChange] = []
        let thread = currentThreadID()
        if let handlers = observer.state.withLock({ $0.claim(by: thread, taking: &changes) }) {
            observer.run(handlers, changes: &changes)
        }
        return ObservationToken(observer)
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
        // Taken out under the lock; released when this function returns, outside it. A run under
        // way uses the handlers and `reads`: it releases and empties them when it ends.
        var released: Handlers?
        let holdsRun = state.withLock { state in
            state.isCancelled = true
            state.pending = []
            if state.running { return false }
            swap(&released, &state.handlers)
            return true
        }
        _ = released
        if holdsRun { reads.removeAll() }
    }

    // MARK: Entries (see `EntryObserver`)

    func receive(_ event: TrackingEvent, thread: UInt) -> Verdict {
        if cancelled.load(ordering: .acquiring) { return .drop }
        switch (delivery, event) {
        case (.willSet, _), (_, .didSet): return .fireAndKeep
        case (_, .willSet): return .keep
        }
    }

    func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt) {
        switch (delivery, event) {
        case (.willSet, .willSet):
            // Told without holding the run: retained, as `cancel` may release them meanwhile.
            let handlers = state.withLock { state in
                state.accepts(from: thread, isOwnRead: isOwnRead) ? state.handlers : nil
            }
            if let handlers { ThreadContext.hidingScopes { handlers.tell([change]) } }
        case (.willSet, .didSet), (.didSet, .didSet):
            // Inside a batch of announcements (a store's drain), run once when the batch ends.
            if !ThreadContext.withCurrent({ $0.deferRun(of: self, for: change) }) { runNow(change, thread: thread) }
        case (.coalesced, .didSet):
            let schedule = state.withLock { state -> Bool in
                guard state.accepts(from: thread, isOwnRead: isOwnRead) else { return false }
                if notesChanges { state.note(change) }
                if state.running {
                    state.rerun = true
                    return false
                }
                defer { state.scheduled = true }
                return !state.scheduled
            }
            if schedule { self.schedule() }
        case (.didSet, .willSet), (.coalesced, .willSet):
            break  // `receive` keeps these entries without firing.
        }
    }

    var isLive: Bool { !cancelled.load(ordering: .relaxed) }

    var actsOnWillSet: Bool {
        if case .willSet = delivery { return true }
        return false
    }

    /// Called on the runner's thread while `read` runs (the scope is this observer's).
    func firstRead(of key: ObservationKey, in registrar: Registrar) {
        if !reads.record(key, in: registrar) { registrar.install(.continuous(self), for: key) }
    }

    /// Whether this thread is inside this observer's `read` now (see `State.accepts`).
    private func isOwnRead() -> Bool {
        ThreadContext.withCurrent { $0.isReading(self) }
    }

    // MARK: Running

    /// Queues a run on the delivery queue (coalesced delivery).
    func schedule() {
        if let actor {
            Task { await Self.runScheduled(self, on: actor) }
            return
        }
        guard case .coalesced(let queue) = delivery else { return }
        queue.async { self.runScheduled() }
    }

    /// A scheduled run, on `actor`.
    private static func runScheduled(_ observer: ContinuousObserver, on actor: isolated any Actor) {
        observer.runScheduled()
    }

    /// `change` was written by `thread`: runs now on this thread, or, if a run is under way,
    /// leaves the change to it (it goes round once more). One lock to decide. The run is a
    /// callback of the write: the scopes open beneath it on this thread are hidden from it.
    private func runNow(_ change: TrackedChange, thread: UInt) {
        var changes: [TrackedChange] = []
        let handlers = state.withLock { state -> Unmanaged<Handlers>? in
            guard state.accepts(from: thread, isOwnRead: isOwnRead) else { return nil }
            if notesChanges { state.note(change) }
            return state.claim(by: thread, taking: &changes)
        }
        if let handlers { ThreadContext.hidingScopes { run(handlers, changes: &changes) } }
    }

    /// A batch on `thread` ended: takes this observer's changes out of `batch` (from `start`, its
    /// first) and runs once for them all, as `runNow` does for one.
    func runDeferred(_ batch: inout ContiguousArray<ThreadContext.DeferredChange>, from start: Int, thread: UInt) {
        var changes: [TrackedChange] = []
        let handlers = state.withLock { state -> Unmanaged<Handlers>? in
            let accepted = state.accepts(from: thread, isOwnRead: isOwnRead)
            for position in start..<batch.count where batch[position].observer === self {
                if accepted && notesChanges { state.note(batch[position].change) }
                batch[position].observer = nil
            }
            return accepted ? state.claim(by: thread, taking: &changes) : nil
        }
        if let handlers { ThreadContext.hidingScopes { run(handlers, changes: &changes) } }
    }

    private func runScheduled() {
        var changes: [TrackedChange] = []
        let thread = currentThreadID()
        let handlers = state.withLock { state -> Unmanaged<Handlers>? in
            state.scheduled = false
            return state.claim(by: thread, taking: &changes)
        }
        if let handlers { run(handlers, changes: &changes) }
    }

    /// Tells `onChange` (if any changes) and re-tracks `read`, until no change arrived meanwhile.
    /// The caller has claimed the run; `changes` is the pending buffer it took, handed back
    /// emptied when the run ends.
    private func run(_ handlers: Unmanaged<Handlers>, changes: inout [TrackedChange]) {
        while true {
            handlers._withUnsafeGuaranteedRef { handlers in
                if !changes.isEmpty { handlers.tell(changes) }
                retrack(handlers)
            }
            // Emptied in place, so the buffer is reused (unless `onChange` kept it: then emptying
            // copies, as the next change would have).
            changes.removeAllKeepingCapacity()
            var released: Handlers?
            switch endRun(&changes, released: &released) {
            case .again:
                continue
            case .ended:
                return
            case .cancelled:
                // Cancelled during the run: `cancel` left the handlers and `reads` to this thread.
                reads.removeAll()
                return
            }
        }
    }

    /// Ends the run or goes round again. Deciding to stop and clearing `running` are one step,
    /// so a change that arrives from another thread either sees `running` (and sets `rerun`) or
    /// runs itself. Not inlined into `run`, where the lock's buffer was retained across the
    /// user code a run calls.
    @inline(never)
    private func endRun(_ changes: inout [TrackedChange], released: inout Handlers?) -> RunEnd {
        state.withLock { $0.endRun(&changes, released: &released) }
    }

    /// Runs `read` in this observer's scope: what it reads for the first time is installed, what
    /// the previous run read and this one did not is removed. Takes the handlers rather than the
    /// closure, so that `read` is called through them without a retain of its context.
    private func retrack(_ handlers: Handlers) {
        if isCancelled { return }
        reads.beginRun()
        ThreadContext.withCurrent { context in
            context.withScope(.continuous(Unmanaged.passUnretained(self)), running: handlers.read)
        }
        reads.endRun { registrar, key in registrar.remove(self, for: key) }
    }
}
