import Dispatch

/// What the drain acts on, in the order it happened.
enum CoreEvent: Sendable {
    case message(session: UInt64, [UInt8])
    case ended(session: UInt64, TransportError)
    case opened(session: UInt64, any TransportSession)
    case openFailed(session: UInt64, TransportError)
    case retry(generation: UInt64)
    case connect
    case disconnect
    case attach(AttachedStore)
    /// Runs on the drain, once what came before it has been applied, published and resumed.
    case perform(@Sendable (Core) -> Void)
}

/// The events waiting for the drain, under `Core.inbox`'s lock, and who drains: whoever sets
/// `draining` under the lock holds the drain until it clears it under the lock, with no event
/// left; a thread that queues an event while nobody drains schedules a drain (`scheduled`).
struct Inbox {
    var events: [CoreEvent] = []
    /// An empty buffer with capacity, handed back by the drain (`takeEvents(claiming:givingBack:)`):
    /// the next events are queued in it, so a drain of one message allocates no array.
    var spare: [CoreEvent] = []
    var draining = false
    var scheduled = false
}

/// The state the drain works with.
///
/// - Thread safety: touched only by the thread holding the drain (`Inbox.draining`, claimed and
///   released under `Core.inbox`'s lock): the exclusion `@unchecked Sendable` relies on, and
///   the reason its properties skip Swift's dynamic exclusivity checks (`@exclusivity(unchecked)`:
///   one thread at a time, and no access overlaps another; the checks were about 400 instructions
///   of each in-process round trip).
final class DrainState: @unchecked Sendable {
    @exclusivity(unchecked) var machine: ConnectionMachine
    /// What `Core.connection` and `Core.connectionObject` were last told.
    @exclusivity(unchecked) var published = ConnectionState.disconnected(.notStarted, nextRetry: nil)
    @exclusivity(unchecked) var stores: [AttachedStore] = []
    @exclusivity(unchecked) var storesByIndex: [UInt32: AttachedStore] = [:]
    @exclusivity(unchecked) var session: (any TransportSession)?
    /// The open session's number (0: none), and the one being opened (0: none).
    @exclusivity(unchecked) var sessionID: UInt64 = 0
    @exclusivity(unchecked) var connectingID: UInt64 = 0
    @exclusivity(unchecked) var lastSessionID: UInt64 = 0
    /// What the session being opened delivered before its opening was drained.
    @exclusivity(unchecked) var early: [CoreEvent] = []
    /// The retry timer that counts: an older one firing does nothing.
    @exclusivity(unchecked) var retryGeneration: UInt64 = 0
    /// The tasks waiting for the connection to be live (`Core+Waiting.swift`).
    @exclusivity(unchecked) var liveWaits: [OneShot<Void>] = []

    init(policy: ReconnectPolicy) {
        machine = ConnectionMachine(policy: policy)
    }
}

extension Core {
    // MARK: Who drains

    /// Queues `event`. With `wake`, makes sure a drain will take it: the one running, or one
    /// scheduled on another thread. Without, the caller drains (`drainHere`) afterwards.
    func enqueue(_ event: CoreEvent, wake: Bool) {
        let schedule = inbox.withLock { inbox -> Bool in
            inbox.events.append(event)
            guard wake, !inbox.draining, !inbox.scheduled else { return false }
            inbox.scheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    /// Drains what is queued on this thread, now, unless the core drains on its own queue (then
    /// it schedules a drain there) or another thread is draining (which takes it).
    @usableFromInline
    func drainHere() {
        guard drainQueue != nil else { return runDrain() }
        let schedule = inbox.withLock { inbox -> Bool in
            guard !inbox.draining, !inbox.scheduled, !inbox.events.isEmpty else { return false }
            inbox.scheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    private func scheduleDrain() {
        (drainQueue ?? DispatchQueue.global(qos: .userInitiated)).async { [weak self] in
            guard let self else { return }
            inbox.withLock { $0.scheduled = false }
            runDrain()
        }
    }

    /// Claims the drain, if nobody holds it and events wait, and processes events until none is
    /// left. The thread is marked meanwhile, so that what arrives during the drain (an in-process
    /// core answering a request the drain sent) joins it instead of scheduling another.
    private func runDrain() {
        var none: [CoreEvent] = []
        guard var events = takeEvents(claiming: true, givingBack: &none) else { return }
        DrainMark.withMark(for: self) {
            while true {
                process(events)
                events.removeAll(keepingCapacity: true)  // released here, with no lock held
                guard let more = takeEvents(claiming: false, givingBack: &events) else { return }
                events = more
            }
        }
    }

    /// The queued events; nil if there are none (then the drain is released, if held) or, when
    /// `claiming`, if another thread holds the drain.
    /// - Parameter processed: the drain's last batch, emptied: its buffer is kept for the next
    ///   events, unless the inbox keeps one already.
    private func takeEvents(claiming: Bool, givingBack processed: inout [CoreEvent]) -> [CoreEvent]? {
        inbox.withLock { inbox in
            if inbox.spare.capacity < processed.capacity { swap(&inbox.spare, &processed) }
            if claiming && inbox.draining { return nil }
            guard !inbox.events.isEmpty else {
                if !claiming { inbox.draining = false }
                return nil
            }
            inbox.draining = true
            var events: [CoreEvent] = []
            swap(&events, &inbox.spare)
            swap(&events, &inbox.events)
            return events
        }
    }

    // MARK: What the drain does

    private func process(_ events: [CoreEvent]) {
        let state = drainState
        for event in events {
            if case .message(let id, let bytes) = event {
                if id == state.sessionID && state.session != nil {
                    decode(bytes)
                } else if id == state.connectingID {
                    state.early.append(event)
                }
                continue
            }
            // Frames decoded so far came before this event: they are applied first.
            flush()
            switch event {
            case .message: break
            case .ended(let id, let error):
                if id == state.sessionID && state.session != nil {
                    lose(error)
                } else if id == state.connectingID {
                    state.early.append(event)
                }
            case .opened(let id, let session):
                guard id == state.connectingID, state.machine.opened() == .attachStores else {
                    session.close()  // opened after `disconnect()`: not wanted any more
                    continue
                }
                state.connectingID = 0
                install(session, id: id)
                publish()
                let early = state.early
                state.early = []
                process(early)
            case .openFailed(let id, let error):
                guard id == state.connectingID else { continue }
                state.connectingID = 0
                state.early = []
                lose(error)
            case .retry(let generation):
                if generation == state.retryGeneration && state.machine.retry() == .open { open() }
            case .connect:
                guard state.machine.connect() == .open else { continue }
                state.retryGeneration &+= 1  // a retry still scheduled is not wanted any more
                open()
            case .disconnect:
                if state.machine.stop() == .close { closeSession() }
                state.connectingID = 0
                state.early = []
                state.retryGeneration &+= 1
            case .attach(let store):
                state.stores.append(store)
                state.storesByIndex[store.index] = store
                if state.session != nil {
                    store.open(session: state.sessionID)
                    requestSnapshot(store, .attach)
                }
            case .perform:
                break
            }
            publish()
            resumeAnswered()
            settleLiveWaits()
            if case .perform(let action) = event { action(self) }
        }
        flush()
        publish()
        resumeAnswered()
        settleLiveWaits()
    }
}
