import Testing
@testable import UndraRuntime

/// Every transition of the connection's state machine, with its effect.
@Suite struct ConnectionMachineTests {
    static let policy = ReconnectPolicy(initialDelay: .milliseconds(100), multiplier: 2, maximumDelay: .seconds(1), jitter: 0.2, maximumAttempts: 4)
    static let closed = TransportError.closed

    /// A machine brought to `state` through its own transitions.
    static func machine(in state: String) -> ConnectionMachine {
        var machine = ConnectionMachine(policy: policy)
        switch state {
        case "notStarted": break
        case "connecting": _ = machine.connect()
        case "resyncing": _ = machine.connect(); _ = machine.opened()
        case "live": _ = machine.connect(); _ = machine.opened(); machine.caughtUp(epoch: 1, sequence: 1)
        case "disconnected": _ = machine.connect(); _ = machine.lost(closed, random: 0.5)
        case "stopped": _ = machine.connect(); _ = machine.stop()
        case "failed": _ = machine.connect(); _ = machine.lost(.unavailable("no library"), random: 0.5)
        default: Issue.record("no state \(state)")
        }
        return machine
    }

    static let all = ["notStarted", "connecting", "resyncing", "live", "disconnected", "stopped", "failed"]

    @Test func itStartsDisconnectedAndNotStarted() {
        #expect(ConnectionMachine(policy: Self.policy).state == .disconnected(.notStarted, nextRetry: nil))
    }

    @Test(arguments: all) func connect(from state: String) {
        var machine = Self.machine(in: state)
        let before = machine.state
        let effect = machine.connect()
        switch state {
        case "notStarted", "disconnected", "stopped", "failed":
            #expect(effect == .open)
            #expect(machine.state == .connecting(attempt: 1))
            #expect(machine.failures == 0)
        default:
            #expect(effect == ConnectionMachine.Effect.none)
            #expect(machine.state == before)
        }
    }

    @Test(arguments: all) func opened(from state: String) {
        var machine = Self.machine(in: state)
        let before = machine.state
        let effect = machine.opened()
        if state == "connecting" {
            #expect(effect == .attachStores)
            #expect(machine.state == .resyncing(.attach))
        } else {
            #expect(effect == ConnectionMachine.Effect.none)
            #expect(machine.state == before)
        }
    }

    @Test(arguments: all) func caughtUp(from state: String) {
        var machine = Self.machine(in: state)
        let before = machine.state
        machine.caughtUp(epoch: 5, sequence: 9)
        if state == "resyncing" || state == "live" {
            #expect(machine.state == .live(epoch: 5, sequence: 9))
        } else {
            #expect(machine.state == before)
        }
    }

    @Test(arguments: all) func resync(from state: String) {
        var machine = Self.machine(in: state)
        let before = machine.state
        machine.resync(.gap(expected: 2, received: 3))
        if state == "live" {
            #expect(machine.state == .resyncing(.gap(expected: 2, received: 3)))
        } else {
            #expect(machine.state == before)  // resyncing keeps the reason it began with
        }
    }

    @Test(arguments: all) func lost(from state: String) {
        var machine = Self.machine(in: state)
        let before = machine.state
        let effect = machine.lost(.readFailed(errno: 104), random: 0.5)
        switch state {
        case "connecting", "resyncing", "live":
            #expect(effect == .scheduleRetry(.milliseconds(100)))
            #expect(machine.state == .disconnected(.transport(.readFailed(errno: 104)), nextRetry: .milliseconds(100)))
            #expect(machine.failures == 1)
        default:
            #expect(effect == ConnectionMachine.Effect.none)
            #expect(machine.state == before)
        }
    }

    @Test(arguments: all) func retry(from state: String) {
        var machine = Self.machine(in: state)
        let before = machine.state
        let effect = machine.retry()
        if state == "disconnected" {
            #expect(effect == .open)
            #expect(machine.state == .connecting(attempt: 2))
        } else {
            #expect(effect == ConnectionMachine.Effect.none)
            #expect(machine.state == before)
        }
    }

    @Test(arguments: all) func stop(from state: String) {
        var machine = Self.machine(in: state)
        let effect = machine.stop()
        #expect(effect == (state == "stopped" ? ConnectionMachine.Effect.none : .close))
        #expect(machine.state == .disconnected(.stopped, nextRetry: nil))
    }

    @Test(arguments: all) func schemaMismatch(from state: String) {
        var machine = Self.machine(in: state)
        #expect(machine.schemaMismatch(SchemaMismatch(store: 2, hostHash: 7, coreHash: 8)) == .close)
        #expect(machine.state == .failed(.schemaMismatch(SchemaMismatch(store: 2, hostHash: 7, coreHash: 8))))
    }

    @Test func attemptsThatFailInARowBackOffThenGiveUp() {
        var machine = ConnectionMachine(policy: Self.policy)
        _ = machine.connect()
        var states: [ConnectionState] = [machine.state]
        var effects: [ConnectionMachine.Effect] = []
        for attempt in 1...4 {
            effects.append(machine.lost(.connectFailed(operation: "connect", errno: 111), random: 0.5))
            states.append(machine.state)
            if attempt < 4 {
                effects.append(machine.retry())
                states.append(machine.state)
            }
        }
        let refused = TransportError.connectFailed(operation: "connect", errno: 111)
        #expect(states == [
            .connecting(attempt: 1), .disconnected(.transport(refused), nextRetry: .milliseconds(100)),
            .connecting(attempt: 2), .disconnected(.transport(refused), nextRetry: .milliseconds(200)),
            .connecting(attempt: 3), .disconnected(.transport(refused), nextRetry: .milliseconds(400)),
            .connecting(attempt: 4), .failed(.gaveUp(attempts: 4, last: refused)),
        ])
        #expect(effects == [
            .scheduleRetry(.milliseconds(100)), .open, .scheduleRetry(.milliseconds(200)), .open,
            .scheduleRetry(.milliseconds(400)), .open, ConnectionMachine.Effect.none,
        ])
    }

    @Test func aPermanentErrorFailsAtOnce() {
        var machine = Self.machine(in: "connecting")
        #expect(machine.lost(.unavailable("no library"), random: 0.5) == ConnectionMachine.Effect.none)
        #expect(machine.state == .failed(.unavailable(.unavailable("no library"))))
    }

    @Test func reachingLiveForgetsThePastFailures() {
        var machine = Self.machine(in: "connecting")
        _ = machine.lost(Self.closed, random: 0.5)
        _ = machine.retry()
        _ = machine.lost(Self.closed, random: 0.5)
        _ = machine.retry()
        #expect(machine.state == .connecting(attempt: 3))
        _ = machine.opened()
        machine.caughtUp(epoch: 1, sequence: 1)
        #expect(machine.failures == 0)
        #expect(machine.lost(Self.closed, random: 0.5) == .scheduleRetry(.milliseconds(100)))
        #expect(machine.retry() == .open)
        #expect(machine.state == .connecting(attempt: 2))
    }

    @Test func theRandomDrawSpreadsTheDelay() {
        var low = Self.machine(in: "live"), high = Self.machine(in: "live")
        #expect(low.lost(Self.closed, random: 0) == .scheduleRetry(.milliseconds(80)))
        #expect(high.lost(Self.closed, random: 0.999_999_999) == .scheduleRetry(.milliseconds(120)))
    }
}
