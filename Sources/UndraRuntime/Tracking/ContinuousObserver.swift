import Dispatch
import Synchronization

/// The observer behind `observe`: re-arms in place after every change.
///
/// Its entries stay in the registrars' buckets across changes (they are not consumed as a
/// one-shot's are). Each run of `read` happens at a new generation: the entries it installs are
/// current, and everything installed by earlier runs turns stale at once, to be dropped lazily.
/// So a run re-tracks without visiting what it read before, and without allocating an observer.
///
/// Runs never overlap: `running` is taken under `state`'s lock by one thread; a change arriving
/// from another thread meanwhile sets `rerun`, and the running thread goes round once more.
final class ContinuousObserver: Observer {
    private static let cancelled = UInt64.max

    /// The current generation, or `cancelled`. Read under registrars' locks, so an atomic.
    private let generation = Atomic<UInt64>(0)
    private let delivery: TrackingDelivery
    private let state: Locked<State>

    /// The observation's closures, boxed so that taking them out from under the lock is one
    /// retain (a closure returned through the lock's generic `withLock` would be re-wrapped in a
    /// freshly allocated thunk every time).
    private final class Handlers: Sendable {
        let read: @Sendable () -> Void
        let onChange: (@Sendable ([TrackedChange]) -> Void)?

        init(read: @escaping @Sendable () -> Void, onChange: (@Sendable ([TrackedChange]) -> Void)?) {
            self.read = read
            self.onChange = onChange
        }
    }

    private struct State {
        /// Nil once cancelled.
        var handlers: Handlers?
        /// A thread is inside `run`; `runner` is its identity (its own writes do not re-trigger).
        var running = false
        var runner: UInt = 0
        /// A change arrived during the run: run once more before returning.
        var rerun = false
        /// A run is queued on the delivery queue (coalesced delivery).
        var scheduled = false
        /// Changes not yet passed to `onChange`, each property once, in the order they first changed.
        var pending: [TrackedChange] = []

        mutating func note(_ change: TrackedChange) {
            if !pending.contains(change) { pending.append(change) }
        }

        mutating func takePending() -> [TrackedChange] {
            defer { pending = [] }
            return pending
        }
    }

    init(
        read: @escaping @Sendable () -> Void,
        onChange: (@Sendable ([TrackedChange]) -> Void)?,
        delivery: TrackingDelivery
    ) {
        self.delivery = delivery
        self.state = Locked(State(handlers: Handlers(read: read, onChange: onChange)))
    }

    /// Creates the observer, runs `read` once on this thread to arm it, and wraps it in a token.
    static func start(
        read: @escaping @Sendable () -> Void,
        onChange: (@Sendable ([TrackedChange]) -> Void)?,
        delivery: TrackingDelivery
    ) -> ObservationToken {
        let observer = ContinuousObserver(read: read, onChange: onChange, delivery: delivery)
        let thread = currentThreadID()
        observer.state.withLock { state in
            state.running = true
            state.runner = thread
        }
        observer.run(changes: [])
        return ObservationToken(observer)
    }

    var isCancelled: Bool { generation.load(ordering: .acquiring) == Self.cancelled }

    func cancel() {
        generation.store(Self.cancelled, ordering: .releasing)
        // Taken out under the lock; released when this function returns, outside it.
        let released = state.withLock { state in
            defer {
                state.handlers = nil
                state.pending = []
            }
            return state.handlers
        }
        _ = released
    }

    // MARK: Observer

    func receive(_ event: TrackingEvent, generation entry: UInt64, thread: UInt) -> Verdict {
        let current = generation.load(ordering: .acquiring)
        if current == Self.cancelled || entry != current { return .drop }
        switch (delivery, event) {
        case (.willSet, _), (_, .didSet): return .fireAndKeep
        case (_, .willSet): return .keep
        }
    }

    func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt) {
        switch (delivery, event) {
        case (.willSet, .willSet):
            let handlers = state.withLock { state in
                state.running && state.runner == thread ? nil : state.handlers
            }
            handlers?.onChange?([change])
        case (.willSet, .didSet), (.didSet, .didSet):
            let noted = state.withLock { state -> Bool in
                guard state.handlers != nil, !(state.running && state.runner == thread) else { return false }
                if case .didSet = delivery { state.note(change) }
                return true
            }
            // Inside a batch of announcements (a store's drain), run once when the batch ends.
            if noted && !ThreadContext.withCurrent({ $0.deferRun(of: self) }) { runNow(thread: thread) }
        case (.coalesced, .didSet):
            let schedule = state.withLock { state -> Bool in
                guard state.handlers != nil, !(state.running && state.runner == thread) else { return false }
                state.note(change)
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

    func isCurrent(_ entry: UInt64) -> Bool {
        generation.load(ordering: .relaxed) == entry
    }

    var actsOnWillSet: Bool {
        if case .willSet = delivery { return true }
        return false
    }

    // MARK: Running

    /// Queues a run on the delivery queue (coalesced delivery).
    func schedule() {
        guard case .coalesced(let queue) = delivery else { return }
        queue.async { self.runScheduled() }
    }

    /// Runs now on this thread, or, if another thread is running, makes it go round once more.
    func runNow(thread: UInt) {
        claimAndRun(thread: thread, clearingSchedule: false)
    }

    private func runScheduled() {
        claimAndRun(thread: currentThreadID(), clearingSchedule: true)
    }

    /// Takes `running` and the pending changes in one step and runs; if another thread is
    /// running, leaves the changes to it (it goes round once more).
    private func claimAndRun(thread: UInt, clearingSchedule: Bool) {
        let changes = state.withLock { state -> [TrackedChange]? in
            if clearingSchedule { state.scheduled = false }
            guard state.handlers != nil else { return nil }
            if state.running {
                if state.runner != thread { state.rerun = true }
                return nil
            }
            state.running = true
            state.runner = thread
            return state.takePending()
        }
        if let changes { run(changes: changes) }
    }

    /// Tells `onChange` (if any changes) and re-tracks `read`, until no change arrived meanwhile.
    /// The caller has set `running`.
    private func run(changes: [TrackedChange]) {
        var changes = changes
        while true {
            if let handlers = state.withLock({ $0.handlers }) {
                if !changes.isEmpty, let onChange = handlers.onChange { onChange(changes) }
                retrack(handlers.read)
            }
            // Deciding to stop and clearing `running` are one step, so a change that arrives
            // from another thread either sees `running` (and sets `rerun`) or runs itself.
            let again = state.withLock { state -> [TrackedChange]? in
                if state.rerun, state.handlers != nil {
                    state.rerun = false
                    return state.takePending()
                }
                state.running = false
                state.rerun = false
                return nil
            }
            guard let again else { return }
            changes = again
        }
    }

    /// Runs `read` in a scope at the next generation, so it installs fresh entries and all older
    /// ones turn stale.
    private func retrack(_ read: @Sendable () -> Void) {
        var current = generation.load(ordering: .relaxed)
        while true {
            if current == Self.cancelled { return }
            let (exchanged, original) = generation.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        ThreadContext.withCurrent { context in
            context.withScope(self, generation: current + 1, running: read)
        }
    }
}
