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
}

/// The events waiting for the drain, under `Core.inbox`'s lock, and who drains: whoever sets
/// `draining` under the lock holds the drain until it clears it under the lock, with no event
/// left; a thread that queues an event while nobody drains schedules a drain (`scheduled`).
struct Inbox {
    var events: [CoreEvent] = []
    var draining = false
    var scheduled = false
}

/// The state the drain works with.
///
/// - Thread safety: touched only by the thread holding the drain (`Inbox.draining`, claimed and
///   released under `Core.inbox`'s lock): the exclusion `@unchecked Sendable` relies on.
final class DrainState: @unchecked Sendable {
    var machine: ConnectionMachine
    /// What `Core.connection` and `Core.connectionObject` were last told.
    var published = ConnectionState.disconnected(.notStarted, nextRetry: nil)
    var stores: [AttachedStore] = []
    var storesByIndex: [UInt32: AttachedStore] = [:]
    var session: (any TransportSession)?
    /// The open session's number (0: none), and the one being opened (0: none).
    var sessionID: UInt64 = 0
    var connectingID: UInt64 = 0
    var lastSessionID: UInt64 = 0
    /// What the session being opened delivered before its opening was drained.
    var early: [CoreEvent] = []
    /// The retry timer that counts: an older one firing does nothing.
    var retryGeneration: UInt64 = 0

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
        guard options.queue != nil else { return runDrain() }
        let schedule = inbox.withLock { inbox -> Bool in
            guard !inbox.draining, !inbox.scheduled, !inbox.events.isEmpty else { return false }
            inbox.scheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    private func scheduleDrain() {
        (options.queue ?? DispatchQueue.global(qos: .userInitiated)).async { [weak self] in
            guard let self else { return }
            inbox.withLock { $0.scheduled = false }
            runDrain()
        }
    }

    /// Claims the drain, if nobody holds it and events wait, and processes events until none is
    /// left. The thread is marked meanwhile, so that what arrives during the drain (an in-process
    /// core answering a request the drain sent) joins it instead of scheduling another.
    private func runDrain() {
        guard var events = takeEvents(claiming: true) else { return }
        DrainMark.withMark(for: self) {
            while true {
                process(events)
                guard let more = takeEvents(claiming: false) else { return }
                events = more
            }
        }
    }

    /// The queued events; nil if there are none (then the drain is released, if held) or, when
    /// `claiming`, if another thread holds the drain.
    private func takeEvents(claiming: Bool) -> [CoreEvent]? {
        inbox.withLock { inbox in
            if claiming && inbox.draining { return nil }
            guard !inbox.events.isEmpty else {
                if !claiming { inbox.draining = false }
                return nil
            }
            inbox.draining = true
            defer { inbox.events = [] }
            return inbox.events
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
            }
            publish()
            resumeAnswered()
        }
        flush()
        publish()
        resumeAnswered()
    }

    /// Resumes the calls the frames applied answered, once the state they imply is published.
    private func resumeAnswered() {
        for store in drainState.stores { store.resumeAnswered() }
    }

    /// Decodes one message: a store's frame is kept for its next flush, a core error reported.
    private func decode(_ bytes: [UInt8]) {
        var target: AttachedStore?
        var isSnapshot = false
        var coreError: CoreError?
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in
                try WireReader.read(buffer) { (reader: inout WireReader) throws(WireError) in
                    switch try reader.readVariant(of: "CoreMessage", count: 2) {
                    case 0:
                        let index = try reader.read(UInt32.self)
                        guard let store = drainState.storesByIndex[index] else {
                            throw reader.invalidVariant(index, of: "the app's frame enum (no store has this index)")
                        }
                        target = store
                        isSnapshot = try store.decodeFrame(from: &reader)
                    default:
                        coreError = try CoreError(from: &reader)
                    }
                }
            }
        }
        switch decoded {
        case .success:
            if let target { target.acceptDecoded(isSnapshot: isSnapshot) }
            if let coreError { report(coreError) }
        case .failure(let error):
            target?.discardDecoded()
            malformed(error, store: target)
        }
    }

    /// A message that did not decode: reported, and the store it names (every store, if it names
    /// none) asks for a snapshot, since a frame was lost.
    private func malformed(_ error: WireError, store: AttachedStore?) {
        let reason = ResyncReason(error)
        if let store {
            store.runtime.errors.report(.malformedMessage(error))
            requestSnapshot(store, reason)
        } else {
            errors.report(.malformedMessage(error))
            for store in drainState.stores { requestSnapshot(store, reason) }
        }
        drainState.machine.resync(reason)
    }

    private func report(_ error: CoreError) {
        let storeError = StoreError.core(code: String(error.code), message: error.message)
        if let index = error.store, let store = drainState.storesByIndex[index] {
            store.runtime.errors.report(storeError)
        } else {
            errors.report(storeError)
        }
    }

    /// Applies each store's frames decoded so far, then acts on the rejections among them and
    /// moves the state on (live at the last frame applied, once every store has its snapshot).
    private func flush() {
        let state = drainState
        var lastApplied: AttachedStore?
        for store in state.stores {
            guard let applied = store.flush() else { continue }
            if applied { lastApplied = store }
            if let rejection = store.resyncNeeded.withLock({ $0.take() }) { rejected(rejection, by: store) }
        }
        switch state.machine.state {
        case .live:
            if let position = lastApplied?.runtime.mirror.position {
                state.machine.caughtUp(epoch: position.epoch, sequence: position.sequence)
            }
        case .resyncing:
            guard lastApplied != nil, !state.stores.isEmpty else { return }
            let waiting = state.stores.contains { $0.expectsSnapshot || $0.runtime.mirror.isAwaitingResync }
            if !waiting, let position = lastApplied?.runtime.mirror.position {
                state.machine.caughtUp(epoch: position.epoch, sequence: position.sequence)
            }
        case .connecting, .disconnected, .failed:
            break
        }
    }

    /// A store's mirror rejected a frame and began waiting for a snapshot: ask the core for one,
    /// unless the core was built for another schema (then no snapshot can help).
    private func rejected(_ rejection: MirrorError, by store: AttachedStore) {
        if case .schemaMismatch(let expected, let received) = rejection.reason {
            if drainState.machine.schemaMismatch(store: store.index, expected: expected, received: received) == .close {
                closeSession()
            }
            return
        }
        guard let reason = ResyncReason(rejection) else { return }
        requestSnapshot(store, reason)
        drainState.machine.resync(reason)
    }

    /// Drops the store's deltas until a snapshot comes, and asks the core for one.
    private func requestSnapshot(_ store: AttachedStore, _ reason: ResyncReason) {
        store.expectsSnapshot = true
        let position = store.runtime.mirror.position
        let request = ResyncRequest(
            store: store.index, epoch: position?.epoch, sequence: position?.sequence ?? 0, reason: reason)
        sendFromDrain(HostMessage<WireUnit>.resync(request).wireBytes)
    }

    private func sendFromDrain(_ message: [UInt8]) {
        let state = drainState
        guard let session = state.session else { return }
        do throws(TransportError) {
            try session.send(message)
        } catch {
            // Handled in order, after what is being processed.
            enqueue(.ended(session: state.sessionID, error), wake: false)
        }
    }

    /// Tells `connection` and `connectionObject` the machine's state, if it changed.
    private func publish() {
        let state = drainState
        let current = state.machine.state
        guard current != state.published else { return }
        state.published = current
        connection.update(current)
        relay.post(current)
    }

    // MARK: Sessions

    /// Opens a session on the connect queue; the outcome comes back as an event.
    private func open() {
        let state = drainState
        state.lastSessionID += 1
        let id = state.lastSessionID
        state.connectingID = id
        let receiver = TransportReceiver(core: self, session: id)
        let transport = transport
        connectQueue.async { [weak self] in
            let result = Result { () throws(TransportError) in try transport.connect(receiver) }
            guard let self else {
                if case .success(let session) = result { session.close() }
                return
            }
            switch result {
            case .success(let session): enqueue(.opened(session: id, session), wake: false)
            case .failure(let error): enqueue(.openFailed(session: id, error), wake: false)
            }
            drainHere()
        }
    }

    /// The session is open: the stores accept calls on it, then senders see it, then each store
    /// asks for its snapshot.
    private func install(_ session: any TransportSession, id: UInt64) {
        let state = drainState
        state.session = session
        state.sessionID = id
        for store in state.stores { store.open(session: id) }
        sessions.withLock { ticket in
            ticket.session = session
            ticket.id = id
        }
        for store in state.stores { requestSnapshot(store, .attach) }
    }

    /// Closes the session: senders stop seeing it, the transport closes it, and once the state
    /// says why, every awaiting call fails as disconnected (a call registered meanwhile too): so
    /// a caller who sees `disconnected` finds the reason in `connection.state`.
    private func closeSession() {
        let state = drainState
        sessions.withLock { ticket in
            ticket.session = nil
            ticket.id = 0
        }
        state.session?.close()
        state.session = nil
        state.sessionID = 0
        publish()
        for store in state.stores { store.close() }
    }

    /// The session could not open, or ended: close it, and retry after the policy's delay or
    /// give up.
    private func lose(_ error: TransportError) {
        let state = drainState
        let effect = state.machine.lost(error, random: options.random())
        closeSession()
        guard case .scheduleRetry(let delay) = effect else { return }
        state.retryGeneration &+= 1
        let generation = state.retryGeneration
        options.scheduler.schedule(after: delay) { [weak self] in
            self?.enqueue(.retry(generation: generation), wake: false)
            self?.drainHere()
        }
    }
}
