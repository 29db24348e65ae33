import Dispatch
import Testing
@testable import UndraRuntime

extension Core {
    /// How many waits for `live` the drain holds: read on the drain, after what is queued.
    func liveWaitCount() async -> Int {
        await withCheckedContinuation { continuation in
            enqueue(.perform { core in continuation.resume(returning: core.drainState.liveWaits.count) }, wake: true)
        }
    }

    /// Whether the drain comes to hold `count` waits (a task just started may not have registered
    /// its own yet), checked every millisecond for 20 seconds at most.
    func holdsLiveWaits(_ count: Int) async -> Bool {
        for _ in 0..<20_000 {
            if await liveWaitCount() == count { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return false
    }
}

/// `try await core.connect()` and `core.connection.waitUntilLive(timeout:)`: each wait ends once,
/// with live (every attached store's snapshot applied), a typed reason, its timeout, or its
/// task's cancellation, and leaves nothing behind.
@Suite struct ConnectWaitTests {
    typealias Outcome = Result<String, ConnectionError>

    /// A core over `transport`, retrying when `scheduler` fires, with the Todos store attached.
    static func app(_ transport: ScriptedTransport, _ scheduler: ManualScheduler = ManualScheduler(), maximumAttempts: Int? = nil) -> (Core, Todos) {
        let core = Core(transport: transport, options: Core.Options(
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(100), maximumAttempts: maximumAttempts),
            scheduler: scheduler, random: { 0.5 }))
        return (core, Todos(core: core))
    }

    /// Runs `wait` in a task; its outcome is `then()` (what the stores show when it returned) or
    /// the connection error it threw.
    static func waiting(
        _ wait: @escaping @Sendable () async throws -> Void, then: @escaping @Sendable () -> String = { "live" }
    ) -> Task<Outcome, Never> {
        Task {
            do {
                try await wait()
                return .success(then())
            } catch {
                return .failure(error as! ConnectionError)
            }
        }
    }

    static func chaosSnapshot(sequence: UInt64 = 1) -> [UInt8] {
        var writer = WireWriter()
        writer.writeVariant(0)
        writer.write(UInt32(1))
        try! ChaosSchema.wire.encode(WireFrame(Frame(epoch: 1, sequence: sequence, isSnapshot: true, schemaHash: ChaosSchema.hash, ops: [])), to: &writer)
        return writer.bytes
    }

    @Test func connectReturnsOnceEveryAttachedStoreHasAppliedItsSnapshot() async {
        let transport = ScriptedTransport()
        let (core, todos) = Self.app(transport)
        let chaos = Chaos(core: core)
        let connecting = Self.waiting({ try await core.connect() }) {
            "\(todos.visible.map(\.title)), chaos at \(chaos.runtime.mirror.position.map { "\($0)" } ?? "nil")"
        }
        #expect(await eventually { transport.resyncRequests.count == 2 })
        transport.session!.deliver(CoreMessages.snapshot(["milk", "eggs"]))
        #expect(core.connection.state == .resyncing(.attach))  // Chaos has no snapshot yet
        transport.session!.deliver(Self.chaosSnapshot())
        #expect(await connecting.value == .success("[\"milk\", \"eggs\"], chaos at (epoch: 1, sequence: 1)"))
        #expect(await core.liveWaitCount() == 0)
    }

    @Test func connectWhenLiveReturnsAtOnceAndOpensNothing() async throws {
        let (core, transport, todos, _) = await CoreDrainTests.live(["milk"])
        try await core.connect()
        try await core.connection.waitUntilLive()
        #expect(transport.connectAttempts == 1)
        #expect(todos.visible.map(\.title) == ["milk"])
    }

    @Test func aStoreAttachedWhileLiveIsWaitedForToo() async {
        let (core, transport, _, session) = await CoreDrainTests.live()
        let chaos = Chaos(core: core)
        #expect(await eventually { transport.resyncRequests.count == 2 })
        let connecting = Self.waiting({ try await core.connect() }) { "chaos at \(chaos.runtime.mirror.position.map { "\($0)" } ?? "nil")" }
        #expect(await core.holdsLiveWaits(1))  // registered, and the state is live: Chaos is awaited
        session.deliver(Self.chaosSnapshot())
        #expect(await connecting.value == .success("chaos at (epoch: 1, sequence: 1)"))
    }

    @Test func transportErrorsAreRetriedAndTheWaitGoesOn() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let refused = TransportError.connectFailed(operation: "connect to /tmp/core.sock", errno: 111)
        transport.failNextConnects([refused, refused])
        let (core, todos) = Self.app(transport, scheduler)
        let connecting = Self.waiting({ try await core.connect() }) { "\(todos.count) todos" }
        for attempt in 1...2 {
            #expect(await eventually { scheduler.delays.count == 1 && transport.connectAttempts == attempt })
            scheduler.fire()
        }
        #expect(await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) })
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        #expect(await connecting.value == .success("1 todos"))
    }

    @Test func attemptsSpentAreFailedGaveUp() async {
        let transport = ScriptedTransport(), scheduler = ManualScheduler()
        let refused = TransportError.connectFailed(operation: "connect to /tmp/core.sock", errno: 111)
        transport.failNextConnects([refused, refused])
        let (core, todos) = Self.app(transport, scheduler, maximumAttempts: 2)
        let connecting = Self.waiting({ try await core.connect() })
        #expect(await eventually { scheduler.delays.count == 1 })
        scheduler.fire()
        #expect(await connecting.value == .failure(.failed(.gaveUp(attempts: 2, last: refused))))
        _ = todos
    }

    @Test func aSnapshotOfAnotherSchemaIsFailedSchemaMismatch() async {
        let transport = ScriptedTransport()
        let (core, todos) = Self.app(transport)
        let connecting = Self.waiting({ try await core.connect() })
        #expect(await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) })
        transport.session!.deliver(CoreMessages.todos(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 0xBAD, ops: [])))
        #expect(await connecting.value == .failure(.failed(.schemaMismatch(SchemaMismatch(store: 0, hostHash: TodosSchema.hash, coreHash: 0xBAD)))))
        _ = todos
    }

    @Test func disconnectWhileWaitingIsStoppedAndAWaitThatBeginsStoppedEndsAtOnce() async {
        let transport = ScriptedTransport()
        let (core, todos) = Self.app(transport)
        let connecting = Self.waiting({ try await core.connect() })
        let watching = Self.waiting({ try await core.connection.waitUntilLive() })
        #expect(await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) })
        #expect(await core.holdsLiveWaits(2))
        core.disconnect()
        #expect(await connecting.value == .failure(.stopped))
        #expect(await watching.value == .failure(.stopped))
        #expect(await Self.waiting({ try await core.connection.waitUntilLive() }).value == .failure(.stopped))
        // `connect()` waits behind its own connect: the stop before it is not its outcome.
        let again = Self.waiting({ try await core.connect() }) { "\(todos.count) todos" }
        #expect(await eventually { transport.sessionCount == 2 && core.connection.state == .resyncing(.attach) })
        transport.session!.deliver(CoreMessages.snapshot(sequence: 2, ["milk", "eggs"]))
        #expect(await again.value == .success("2 todos"))
    }

    @Test func aPermanentTransportErrorIsFailedUnavailableAndConnectStartsAgain() async {
        let transport = ScriptedTransport()
        transport.failNextConnects([.unavailable("not yet")])
        let (core, todos) = Self.app(transport)
        #expect(await Self.waiting({ try await core.connect() }).value == .failure(.failed(.unavailable(.unavailable("not yet")))))
        #expect("\(ConnectionError.failed(.unavailable(.unavailable("not yet"))))" == "the connection failed: unavailable: not yet")
        #expect(await Self.waiting({ try await core.connection.waitUntilLive() }).value == .failure(.failed(.unavailable(.unavailable("not yet")))))
        let again = Self.waiting({ try await core.connect() }) { "\(todos.count) todos" }
        #expect(await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) })
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        #expect(await again.value == .success("1 todos"))
    }

    @Test func aWaitBeforeAnyConnectWaitsForIt() async {
        let transport = ScriptedTransport()
        let (core, todos) = Self.app(transport)
        let watching = Self.waiting({ try await core.connection.waitUntilLive() }) { "\(todos.count) todos" }
        #expect(await core.holdsLiveWaits(1))  // waiting in `disconnected(notStarted)`
        core.startConnecting()
        #expect(await eventually { transport.session != nil && core.connection.state == .resyncing(.attach) })
        transport.session!.deliver(CoreMessages.snapshot(["milk", "eggs", "tea"]))
        #expect(await watching.value == .success("3 todos"))
    }

    @Test func aTimeoutEndsTheWaitWithTheStateAndTheConnectionGoesOn() async {
        let transport = ScriptedTransport()
        let (core, todos) = Self.app(transport)
        core.startConnecting()
        #expect(await eventually { core.connection.state == .resyncing(.attach) })  // and no snapshot comes
        let outcome = await Self.waiting({ try await core.connect(timeout: .milliseconds(50)) }).value
        #expect(outcome == .failure(.timedOut(.resyncing(.attach))))
        #expect("\(ConnectionError.timedOut(.resyncing(.attach)))" == "not live in time: resyncing (attach)")
        #expect(await core.liveWaitCount() == 0)
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        try? await core.connection.waitUntilLive(timeout: .seconds(20))
        #expect(core.connection.state == .live(epoch: 1, sequence: 1))
        _ = todos
    }

    @Test func aCancelledWaitThrowsCancellationErrorAndIsLetGo() async {
        let transport = ScriptedTransport()
        let (core, todos) = Self.app(transport)
        let connecting = Task { () -> String in
            do {
                try await core.connect()
                return "returned"
            } catch is CancellationError {
                return "cancelled"
            } catch {
                return "\(error)"
            }
        }
        #expect(await eventually { core.connection.state == .resyncing(.attach) })
        #expect(await core.holdsLiveWaits(1))
        connecting.cancel()
        #expect(await connecting.value == "cancelled")
        #expect(await core.liveWaitCount() == 0)
        #expect(core.connection.state == .resyncing(.attach))  // the connection goes on

        let cancelledFirst = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            do { try await core.connection.waitUntilLive() } catch { return error is CancellationError }
            return false
        }
        #expect(await cancelledFirst.value)
        #expect(await core.liveWaitCount() == 0)
        _ = todos
    }

    /// Many rounds: waiters of both kinds, started, cancelled and stopped from several tasks at
    /// once, against a core that answers at once (in process, or on a queue). Every wait ends
    /// exactly once, with an outcome its round allows, and none is left with the drain.
    @Test(arguments: [false, true])
    func concurrentWaitersAndConnectDisconnectRacesEachEndOnce(onQueue: Bool) async {
        let (core, _) = Core.fakeInProcess(async: onQueue, options: Core.Options(delivery: onQueue ? .queue(DispatchQueue(label: "core")) : .anyThread))
        let todos = Todos(core: core)
        var live = 0
        for round in 0..<150 {
            let stops = round % 3 == 0, cancels = round % 4 == 0
            let outcomes = await withTaskGroup(of: String.self) { group in
                for waiter in 0..<6 {
                    let kind = waiter % 2 == 0 ? "connect" : "wait"
                    group.addTask {
                        do {
                            if kind == "connect" { try await core.connect() } else { try await core.connection.waitUntilLive(timeout: .seconds(30)) }
                            return "\(kind) " + (todos.runtime.mirror.position != nil ? "live" : "live without a snapshot")
                        } catch is CancellationError {
                            return "\(kind) cancelled"
                        } catch {
                            return "\(kind) \(error as! ConnectionError == .stopped ? "stopped" : "\(error)")"
                        }
                    }
                }
                if stops { group.addTask { core.disconnect(); return "stopper" } }
                if cancels { group.cancelAll() }
                var outcomes: [String] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            // A `connect()` ends live unless a stop or a cancellation came; a `waitUntilLive`
            // may also begin in the stop that ended the previous round, and end at once.
            var allowed: Set<String> = ["connect live", "wait live", "wait stopped", "stopper"]
            if stops { allowed.insert("connect stopped") }
            if cancels { allowed.formUnion(["connect cancelled", "wait cancelled"]) }
            #expect(outcomes.count == (stops ? 7 : 6))
            #expect(Set(outcomes).isSubset(of: allowed), "round \(round): \(outcomes)")
            if !stops && !cancels { #expect(outcomes.filter { $0 == "connect live" }.count == 3) }
            live += outcomes.filter { $0.hasSuffix(" live") }.count
            core.disconnect()
            #expect(await core.liveWaitCount() == 0)
        }
        #expect(live >= 3 * 75)  // at least the connects of the 75 rounds that neither stop nor cancel
    }
}
