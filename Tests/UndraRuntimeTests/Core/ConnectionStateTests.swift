import Testing
@testable import UndraRuntime

/// The connection's state as users see it, in both modes: `core.connection.state` observed
/// fine-grained, `core.connectionObject.$state` coarse (on the main actor). Each story checks
/// both logs, transition by transition.
@Suite struct ConnectionStateTests {
    static func core(_ transport: ScriptedTransport, _ scheduler: ManualScheduler, maximumAttempts: Int? = nil) -> Core {
        Core(transport: transport, options: Core.Options(
            delivery: .anyThread,
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(1), maximumAttempts: maximumAttempts),
            scheduler: scheduler, random: { 0.5 }))
    }

    /// Waits until both logs end with `last`, then checks both against `expected`. The coarse
    /// log holds the same states, a run of live positions the main actor had not taken yet
    /// folded into the latest.
    static func expectStory(_ log: ConnectionLog, _ expected: [ConnectionState], sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await eventually { log.fine.all.last == expected.last && log.coarse.all.last == expected.last }
        #expect(log.fine.all == expected, sourceLocation: sourceLocation)
        #expect(ConnectionLog.kinds(log.coarse.all) == ConnectionLog.kinds(expected), sourceLocation: sourceLocation)
        #expect(log.coarse.all.last == expected.last, sourceLocation: sourceLocation)
    }

    @Test func theFirstConnectionGoesThroughConnectingAndResyncingToLive() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let core = Self.core(transport, scheduler)
        let todos = Todos(core: core)
        let log = await ConnectionLog(core)
        core.startConnecting()
        _ = await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(epoch: 4, ["milk"]))
        transport.session!.deliver(CoreMessages.added(epoch: 4, sequence: 2, id: 2, "eggs"))
        await Self.expectStory(log, [
            .disconnected(.notStarted, nextRetry: nil), .connecting(attempt: 1), .resyncing(.attach),
            .live(epoch: 4, sequence: 1), .live(epoch: 4, sequence: 2),
        ])
        log.cancel()
        _ = todos
    }

    @Test func aSessionThatEndsBacksOffThenReconnects() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let core = Self.core(transport, scheduler)
        let todos = Todos(core: core)
        core.startConnecting()
        _ = await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        let log = await ConnectionLog(core)
        transport.session!.end(.closedMidMessage(received: 9, expected: 60))
        #expect(scheduler.delays == [.milliseconds(100)])
        scheduler.fire()
        _ = await eventually { transport.sessionCount == 2 && core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(epoch: 2, ["milk"]))
        let dropped = TransportError.closedMidMessage(received: 9, expected: 60)
        await Self.expectStory(log, [
            .live(epoch: 1, sequence: 1), .disconnected(.transport(dropped), nextRetry: .milliseconds(100)),
            .connecting(attempt: 2), .resyncing(.attach), .live(epoch: 2, sequence: 1),
        ])
        #expect(transport.resyncRequests.last == ResyncRequest(store: 0, epoch: 1, sequence: 1, reason: .attach, schema: TodosSchema.wire.description))
        log.cancel()
        _ = todos
    }

    @Test func attemptsThatFailBackOffExponentiallyThenGiveUp() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let refused = TransportError.connectFailed(operation: "connect to /tmp/core.sock", errno: 111)
        transport.failNextConnects([refused, refused, refused])
        let core = Self.core(transport, scheduler, maximumAttempts: 3)
        let log = await ConnectionLog(core)
        core.startConnecting()
        _ = await eventually { scheduler.delays.count == 1 }
        scheduler.fire()
        _ = await eventually { scheduler.delays.count == 1 && transport.connectAttempts == 2 }
        scheduler.fire()
        await Self.expectStory(log, [
            .disconnected(.notStarted, nextRetry: nil),
            .connecting(attempt: 1), .disconnected(.transport(refused), nextRetry: .milliseconds(100)),
            .connecting(attempt: 2), .disconnected(.transport(refused), nextRetry: .milliseconds(200)),
            .connecting(attempt: 3), .failed(.gaveUp(attempts: 3, last: refused)),
        ])
        #expect(scheduler.delays.isEmpty)
        log.cancel()
    }

    @Test func aPermanentErrorFailsAtOnceAndConnectStartsAgain() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        transport.failNextConnects([.unavailable("dlopen libtodos.so: no such file")])
        let core = Self.core(transport, scheduler)
        let todos = Todos(core: core)
        let log = await ConnectionLog(core)
        core.startConnecting()
        _ = await eventually { if case .failed = core.connection.state { true } else { false } }
        core.startConnecting()
        _ = await eventually { core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        await Self.expectStory(log, [
            .disconnected(.notStarted, nextRetry: nil), .connecting(attempt: 1),
            .failed(.unavailable(.unavailable("dlopen libtodos.so: no such file"))),
            .connecting(attempt: 1), .resyncing(.attach), .live(epoch: 1, sequence: 1),
        ])
        #expect(scheduler.delays.isEmpty)
        log.cancel()
        _ = todos
    }

    @Test func disconnectStopsUntilConnectAndALateRetryDoesNothing() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let core = Self.core(transport, scheduler)
        let todos = Todos(core: core)
        core.startConnecting()
        _ = await eventually { core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        let log = await ConnectionLog(core)
        transport.session!.end(.closed)
        core.disconnect()
        _ = await eventually { core.connection.state == .disconnected(.stopped, nextRetry: nil) }
        scheduler.fire()  // the retry scheduled before `disconnect()`
        try? await Task.sleep(nanoseconds: 20_000_000)
        #expect(transport.connectAttempts == 1)
        core.startConnecting()
        _ = await eventually { transport.sessionCount == 2 && core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(sequence: 2, ["milk"]))
        await Self.expectStory(log, [
            .live(epoch: 1, sequence: 1), .disconnected(.transport(.closed), nextRetry: .milliseconds(100)),
            .disconnected(.stopped, nextRetry: nil), .connecting(attempt: 1), .resyncing(.attach), .live(epoch: 1, sequence: 2),
        ])
        log.cancel()
        _ = todos
    }

    @Test func aRejectedFrameAndAMalformedOneResyncThenLiveAgain() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let core = Self.core(transport, scheduler)
        let todos = Todos(core: core)
        core.startConnecting()
        _ = await eventually { core.connection.state == .resyncing(.attach) }
        let session = transport.session!
        session.deliver(CoreMessages.snapshot(["milk"]))
        let log = await ConnectionLog(core)
        session.deliver(CoreMessages.added(sequence: 3, id: 2, "eggs"))
        session.deliver(CoreMessages.snapshot(sequence: 4, ["milk", "eggs"]))
        session.deliver([1, 0, 0])  // a core error cut short
        session.deliver(CoreMessages.snapshot(sequence: 5, ["milk", "eggs"]))
        await Self.expectStory(log, [
            .live(epoch: 1, sequence: 1), .resyncing(.gap(expected: 2, received: 3)), .live(epoch: 1, sequence: 4),
            .resyncing(.malformed(offset: 0, message: "byte 0: expected 4 more bytes, found 3")), .live(epoch: 1, sequence: 5),
        ])
        log.cancel()
        _ = todos
    }

    @Test func aSchemaMismatchFailsForGood() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let core = Self.core(transport, scheduler)
        let todos = Todos(core: core)
        let log = await ConnectionLog(core)
        core.startConnecting()
        _ = await eventually { core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.todos(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 0xBAD, ops: [])))
        await Self.expectStory(log, [
            .disconnected(.notStarted, nextRetry: nil), .connecting(attempt: 1), .resyncing(.attach),
            .failed(.schemaMismatch(SchemaMismatch(store: 0, hostHash: TodosSchema.hash, coreHash: 0xBAD))),
        ])
        #expect(scheduler.delays.isEmpty)
        log.cancel()
        _ = todos
    }

    @MainActor @Test func theCoarseStateChangesOnTheMainActorAndDescribesItself() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let core = Self.core(transport, scheduler)
        let seen = ValueLog<String>()
        let subscription = core.connectionObject.$state.sink { state in
            MainActor.preconditionIsolated()
            seen.append("\(state)")
        }
        transport.failNextConnects([.connectFailed(operation: "connect to /tmp/core.sock", errno: 2)])
        core.startConnecting()
        _ = await eventually { seen.all.count == 3 }
        #expect(seen.all == [
            "disconnected (not started)", "connecting (attempt 1)",
            "disconnected (connect to /tmp/core.sock failed (errno 2)), retrying in 100ms",
        ])
        #expect(core.connectionObject.state == core.connection.state)
        subscription.cancel()
    }
}
