/// Waiting for the connection to be live: `try await core.connect()` and
/// `core.connection.waitUntilLive(timeout:)`.
///
/// A wait is registered by the drain, in order with the other events: so `connect()`'s wait
/// begins after its own `connect` event (a failure or a `disconnect()` that came before it is not
/// its outcome), and the drain settles every wait after each event, with what the event left:
/// live with every store's snapshot of this session applied, failed, or stopped.
extension Core {
    /// Connects, if the connection is not connected or connecting already, and waits until it is
    /// live: every attached store has applied its snapshot of this session (and announced it in
    /// both modes), so their fields show the core's state when it returns.
    ///
    ///     try await core.connect()
    ///     print(todos.visible.count)     // the core's, not the initial value
    ///
    /// It throws `ConnectionError.failed` if the connection gives up (an executable or library
    /// that does not exist, the policy's attempts spent, a core built for another schema),
    /// `.stopped` if `disconnect()` is called meanwhile, `.timedOut` once `timeout` has passed, and
    /// `CancellationError` if the waiting task is cancelled. Transport errors alone end nothing:
    /// the connection retries (with backoff) and the wait goes on, unless `timeout` ends it. A
    /// timeout or a cancellation ends the wait only; the connection goes on connecting.
    ///
    /// With no store attached a connection is never live: attach the stores first.
    ///
    /// - Complexity: O(1) here, plus O(attached stores) each time the drain settles the wait.
    /// - Thread safety: from any task, any number at once; each wait ends exactly once.
    public func connect(timeout: UndraDuration? = nil) async throws {
        try await waitUntilLive(timeout: timeout, connecting: true)
    }

    /// Registers a wait for `live` behind the queued events (after a `connect` event of its own,
    /// if `connecting`), and awaits its outcome.
    func waitUntilLive(timeout: UndraDuration?, connecting: Bool) async throws {
        let wait = OneShot<Void>()
        if connecting {
            sessions.withLock { $0.stopped = false }
            enqueue(.connect, wake: false)
        }
        enqueue(.perform { core in core.drainState.liveWaits.append(wait) }, wake: false)
        drainHere()
        do {
            try await wait.value(timeoutNanoseconds: timeout?.totalNanoseconds) { [connection] in
                ConnectionError.timedOut(connection.state)
            }
        } catch {
            // Ended by its timeout or its task's cancellation (or by the drain, which has let go of
            // it already): the drain lets go of it now rather than at the next outcome.
            enqueue(.perform { core in core.drainState.liveWaits.removeAll { $0 === wait } }, wake: true)
            throw error
        }
    }

    /// Ends every wait, if the state the drain has reached decides them. O(1) with no wait;
    /// otherwise O(attached stores) (a mirror's lock each) when live.
    func settleLiveWaits() {
        let state = drainState
        guard !state.liveWaits.isEmpty, let outcome = liveOutcome else { return }
        let waits = state.liveWaits
        state.liveWaits = []
        for wait in waits { wait.finish(outcome) }
    }

    /// What a wait for `live` comes to in the drain's state; nil while it goes on.
    private var liveOutcome: Result<Void, any Error>? {
        let state = drainState
        switch state.machine.state {
        case .live:
            // A store attached while live keeps the state live; its wait for a snapshot counts too.
            let applied = state.stores.allSatisfy { !$0.expectsSnapshot && $0.runtime.mirror.position != nil }
            return applied ? .success(()) : nil
        case .failed(let failure):
            return .failure(ConnectionError.failed(failure))
        case .disconnected(.stopped, _):
            return .failure(ConnectionError.stopped)
        case .connecting, .resyncing, .disconnected:
            return nil
        }
    }
}

extension Connection {
    /// Waits until the connection is live, without starting it: for code that did not start it
    /// (a view model handed the connection). It ends as `Core.connect(timeout:)` does, but a wait
    /// that begins while the connection is failed or stopped throws that at once; one that
    /// begins before the first `connect()` (`disconnected(notStarted)`) waits for it. A connection
    /// whose `Core` is gone throws `.stopped`.
    ///
    /// - Complexity: see `Core.connect(timeout:)`.
    /// - Thread safety: from any task, any number at once.
    public func waitUntilLive(timeout: UndraDuration? = nil) async throws {
        // Held for the call: a waiting task keeps its core.
        guard let core = owner.withLock({ $0.core }) else { throw ConnectionError.stopped }
        try await core.waitUntilLive(timeout: timeout, connecting: false)
    }
}
