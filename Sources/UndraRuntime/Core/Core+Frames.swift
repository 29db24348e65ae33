/// What the drain does with a store's messages: decode them, apply its frames, and ask for a
/// snapshot when something breaks its sequence.
extension Core {
    /// Decodes one message: a store's frame is kept for its next flush, a core error reported.
    func decode(_ bytes: [UInt8]) {
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
    func malformed(_ error: WireError, store: AttachedStore?) {
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

    /// Reports a core error on its store's channel (or `errors`). One that says the core's schema
    /// of the store is not the host's (its message the core's description) also fails the
    /// connection, naming the first difference: no snapshot will come.
    func report(_ error: CoreError) {
        let storeError = StoreError.core(code: String(error.code), message: error.message)
        guard let index = error.store, let store = drainState.storesByIndex[index] else {
            return errors.report(storeError)
        }
        store.runtime.errors.report(storeError)
        if error.code == CoreError.schemaMismatchCode, error.message.hasPrefix("undra-schema ") {
            let mismatch = SchemaMismatch(store: index, host: store.schema, core: error.message)
            if drainState.machine.schemaMismatch(mismatch) == .close { closeSession() }
        }
    }

    /// Applies each store's frames decoded so far, then acts on the rejections among them and
    /// moves the state on (live at the last frame applied, once every store has its snapshot).
    func flush() {
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
    func rejected(_ rejection: MirrorError, by store: AttachedStore) {
        if case .schemaMismatch(let expected, let received) = rejection.reason {
            let mismatch = SchemaMismatch(store: store.index, hostHash: expected, coreHash: received)
            if drainState.machine.schemaMismatch(mismatch) == .close { closeSession() }
            return
        }
        guard let reason = ResyncReason(rejection) else { return }
        requestSnapshot(store, reason)
        drainState.machine.resync(reason)
    }

    /// Drops the store's deltas until a snapshot comes, and asks the core for one.
    func requestSnapshot(_ store: AttachedStore, _ reason: ResyncReason) {
        store.expectsSnapshot = true
        let position = store.runtime.mirror.position
        let request = ResyncRequest(
            store: store.index, epoch: position?.epoch, sequence: position?.sequence ?? 0, reason: reason, schema: store.schema)
        sendFromDrain(HostMessage<WireUnit>.resync(request).wireBytes)
    }

    func sendFromDrain(_ message: [UInt8]) {
        let state = drainState
        guard let session = state.session else { return }
        do throws(TransportError) {
            try session.send(message)
        } catch {
            // Handled in order, after what is being processed.
            enqueue(.ended(session: state.sessionID, error), wake: false)
        }
    }

    /// Resumes the calls the frames applied answered, once the state they imply is published.
    func resumeAnswered() {
        for store in drainState.stores { store.resumeAnswered() }
    }
}
