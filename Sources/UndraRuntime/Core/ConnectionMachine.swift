/// The connection's state machine, with nothing around it: each event moves the state and says
/// what the `Core` must do next. Pure, so that every transition is tested exactly (the delays
/// too: the random draw is passed in).
///
/// - Thread safety: a value, owned by the `Core`'s drain.
struct ConnectionMachine {
    private(set) var state: ConnectionState = .disconnected(.notStarted, nextRetry: nil)
    let policy: ReconnectPolicy
    /// Attempts that failed in a row since the connection was last live (or `connect()`).
    private(set) var failures = 0

    init(policy: ReconnectPolicy) {
        self.policy = policy
    }

    /// What the `Core` does after a transition.
    enum Effect: Equatable {
        case none
        /// Open the transport.
        case open
        /// Ask every store's snapshot (the transport has just opened).
        case attachStores
        /// Call `retry()` after this delay.
        case scheduleRetry(UndraDuration)
        /// Close the transport's session, if one is open.
        case close
    }

    /// `connect()`: from disconnected or failed, start connecting. Elsewhere it changes nothing.
    mutating func connect() -> Effect {
        switch state {
        case .disconnected, .failed:
            failures = 0
            state = .connecting(attempt: 1)
            return .open
        case .connecting, .live, .resyncing:
            return .none
        }
    }

    /// The transport opened: wait for the stores' snapshots.
    mutating func opened() -> Effect {
        guard case .connecting = state else { return .none }
        state = .resyncing(.attach)
        return .attachStores
    }

    /// Every store has applied a snapshot since the last resync began, and frames flow: live at
    /// the last frame applied. Also how a live connection's position moves on.
    mutating func caughtUp(epoch: UInt64, sequence: UInt64) {
        switch state {
        case .resyncing, .live:
            failures = 0
            state = .live(epoch: epoch, sequence: sequence)
        case .connecting, .disconnected, .failed:
            break
        }
    }

    /// A store needs a snapshot. A connection already resyncing keeps the reason it began with.
    mutating func resync(_ reason: ResyncReason) {
        if case .live = state { state = .resyncing(reason) }
    }

    /// The transport failed to open, or its session ended (the `Core` has closed it): back off
    /// and retry, or give up. `unit` (0..<1) is the random draw that spreads the delay.
    mutating func lost(_ error: TransportError, random unit: Double) -> Effect {
        switch state {
        case .connecting, .live, .resyncing:
            failures += 1
            if error.isPermanent {
                state = .failed(.unavailable(error))
                return .none
            }
            if let maximum = policy.maximumAttempts, failures >= maximum {
                state = .failed(.gaveUp(attempts: failures, last: error))
                return .none
            }
            let delay = policy.delay(afterFailures: failures, random: unit)
            state = .disconnected(.transport(error), nextRetry: delay)
            return .scheduleRetry(delay)
        case .disconnected, .failed:
            return .none
        }
    }

    /// The retry delay passed: connect again.
    mutating func retry() -> Effect {
        guard case .disconnected(.transport, _?) = state else { return .none }
        state = .connecting(attempt: failures + 1)
        return .open
    }

    /// `disconnect()`: stop, and stay stopped until `connect()`.
    mutating func stop() -> Effect {
        if case .disconnected(.stopped, _) = state { return .none }
        failures = 0
        state = .disconnected(.stopped, nextRetry: nil)
        return .close
    }

    /// A store's core was built for another schema: reconnecting cannot help.
    mutating func schemaMismatch(_ mismatch: SchemaMismatch) -> Effect {
        state = .failed(.schemaMismatch(mismatch))
        return .close
    }
}
