/// The drain's side of sessions: opening, installing, closing and losing them, and publishing
/// the state each step leaves.
extension Core {
    /// Tells `connection` and `connectionObject` the machine's state, if it changed.
    func publish() {
        let state = drainState
        let current = state.machine.state
        guard current != state.published else { return }
        state.published = current
        connection.update(current)
        relay.post(current)
    }

    /// Opens a session on the connect queue; the outcome comes back as an event.
    func open() {
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
    func install(_ session: any TransportSession, id: UInt64) {
        let state = drainState
        state.session = session
        state.sessionID = id
        for store in state.stores { store.open(session: id) }
        sessions.withLock { ticket in
            guard !ticket.stopped else { return }
            ticket.session = session
            ticket.id = id
        }
        for store in state.stores { requestSnapshot(store, .attach) }
    }

    /// Closes the session: senders stop seeing it, the transport closes it, and once the state
    /// says why, every awaiting call fails as disconnected (a call registered meanwhile too): so
    /// a caller who sees `disconnected` finds the reason in `connection.state`.
    func closeSession() {
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
    func lose(_ error: TransportError) {
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
