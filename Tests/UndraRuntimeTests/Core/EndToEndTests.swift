import Testing
@testable import UndraRuntime

/// The issue's scenarios, each against every reachable core (the fake through each transport,
/// the Rust reference core in process and as a process when CI builds it), in both store modes,
/// with the connection's state observed throughout: nothing is lost, nothing applied twice.
@Suite struct EndToEndTests {
    static let cases = ReferenceCore.available.flatMap { core in StoreMode.allCases.map { (core, $0) } }

    /// A connected app: the Todos store in `mode`, the Chaos store, the connection's log.
    struct App: Sendable {
        let core: Core
        let todos: any TodosStore
        let chaos: Chaos
        let log: ConnectionLog
        let cleanup: @Sendable () -> Void

        static func start(_ reference: ReferenceCore, _ mode: StoreMode, persistent: Bool = false) async throws -> App {
            let (core, cleanup) = try reference.start(persistent: persistent)
            let todos: any TodosStore = switch mode {
            case .fineGrained: Todos(core: core)
            case .coarse: TodosObject(core: core)
            }
            let app = App(core: core, todos: todos, chaos: Chaos(core: core), log: await ConnectionLog(core), cleanup: cleanup)
            core.startConnecting()
            #expect(await app.isLive())
            return app
        }

        /// Waits until the connection is live and both stores have their snapshot.
        func isLive() async -> Bool {
            await eventually {
                if case .live = core.connection.state { todos.runtime.mirror.position != nil && chaos.runtime.mirror.position != nil } else { false }
            }
        }

        var epoch: UInt64? { todos.runtime.mirror.position?.epoch }

        /// Disconnects, then connects again, and waits until the new connection is live.
        /// (`disconnect()` and `startConnecting()` are queued for the drain: the state changes there.)
        func reconnect() async -> Bool {
            core.disconnect()
            guard await eventually({ core.connection.state == .disconnected(.stopped, nextRetry: nil) }) else { return false }
            core.startConnecting()
            return await isLive()
        }

        func stop() {
            core.disconnect()
            log.cancel()
            cleanup()
        }
    }

    @Test(arguments: cases) func aSnapshotShowsWhatTheCoreHolds(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        let app = try await App.start(reference, mode, persistent: true)
        defer { app.stop() }
        for title in ["milk", "eggs", "tea"] { _ = try await app.todos.add(title: title) }
        let epoch = app.epoch
        #expect(await app.reconnect())
        #expect(app.todos.titles == ["milk", "eggs", "tea"])
        #expect(app.todos.count == 3)
        #expect(app.todos.lastEvent == "added tea")
        // A core still running keeps its epoch; one restarted for the new connection takes the next.
        #expect(app.epoch == (reference == .fakeUnixSocket ? epoch : epoch.map { $0 + 1 }))
        // The log hears of the state after the store does (its stream runs on another task).
        #expect(await eventually { app.log.kinds.count == 8 })
        #expect(app.log.kinds == ["disconnected not started", "connecting 1", "resyncing attach", "live", "disconnected stopped", "connecting 1", "resyncing attach", "live"])
    }

    @Test(arguments: cases) func tenThousandCommandsEachSeeTheirEffectWhenTheyReturn(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        let app = try await App.start(reference, mode)
        defer { app.stop() }
        let todos = app.todos
        let ids = try await withThrowingTaskGroup(of: [TodoID].self) { group in
            for task in 0..<4 {
                group.addTask {
                    var ids: [TodoID] = []
                    for index in 0..<1_250 {
                        let title = "\(task)-\(index)"
                        let id = try await todos.add(title: title)
                        #expect(todos.row(id) == Todo(id: id, title: title, done: false))
                        try await todos.toggle(id)
                        #expect(todos.row(id)?.done == true)
                        ids.append(id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == 5_000)
        #expect(todos.rowCount == 5_000)
        #expect(todos.runtime.mirror.withList(TodosSchema.visible) { $0.allSatisfy { $0.done } })
        #expect(todos.count == 5_000)
        #expect(todos.runtime.errors.count == 0)
        #expect(app.log.kinds == ["disconnected not started", "connecting 1", "resyncing attach", "live"])
    }

    @Test(arguments: cases) func aSkippedSequenceNumberIsResyncedAndTheCallStillReturns(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        let app = try await App.start(reference, mode)
        defer { app.stop() }
        _ = try await app.todos.add(title: "milk")
        try await app.chaos.perform(.skipSequence)
        let id = try await app.todos.add(title: "eggs")  // its ack is in the frame rejected for the gap
        #expect(app.todos.row(id)?.title == "eggs")
        #expect(app.todos.runtime.errors.count == 1)
        guard case .rejectedFrame(let rejection)? = app.todos.runtime.errors.latest, case .gap = rejection.reason else {
            Issue.record("expected a gap, got \(String(describing: app.todos.runtime.errors.latest))")
            return
        }
        _ = try await app.todos.add(title: "tea")
        #expect(app.todos.titles == ["milk", "eggs", "tea"])
        #expect(await eventually { app.log.kinds.last == "live" })
        #expect(app.log.kinds == ["disconnected not started", "connecting 1", "resyncing attach", "live", "resyncing gap", "live"])
    }

    /// The frame with the gap, and the frames of four commands sent at once behind it (read in
    /// the same batch as the bad frame when they come together): one rejection on the error
    /// channel, every call returns with its effect, 100 rounds on each reachable core.
    @Test(arguments: ReferenceCore.available)
    func theFramesThatComeWithARejectedOneAddNoRejection(_ reference: ReferenceCore) async throws {
        for round in 0..<100 {
            let app = try await App.start(reference, .fineGrained)
            defer { app.stop() }
            _ = try await app.todos.add(title: "milk")
            try await app.chaos.perform(.skipSequence)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        let id = try await app.todos.add(title: "t\(index)")
                        #expect(app.todos.row(id)?.title == "t\(index)", "round \(round)")
                    }
                }
                try await group.waitForAll()
            }
            #expect(app.todos.runtime.errors.count == 1, "round \(round): \(app.todos.runtime.errors.recent)")
            guard case .rejectedFrame(let rejection)? = app.todos.runtime.errors.latest, case .gap = rejection.reason else {
                Issue.record("round \(round): expected a gap, got \(app.todos.runtime.errors.recent)")
                return
            }
            #expect(app.todos.rowCount == 5, "round \(round)")
        }
    }

    @Test(arguments: cases) func aMalformedFrameIsAnErrorAResyncAndTheStreamGoesOn(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        let app = try await App.start(reference, mode)
        defer { app.stop() }
        try await app.chaos.perform(.sendMalformed)
        let id = try await app.todos.add(title: "milk")  // its ack comes again in the snapshot
        #expect(app.todos.row(id)?.title == "milk")
        #expect(app.todos.runtime.errors.recent == [.malformedMessage(WireError(offset: 24, reason: .invalidOptionTag(2)))])
        _ = try await app.todos.add(title: "eggs")
        #expect(app.todos.titles == ["milk", "eggs"])
        #expect(await eventually { app.log.kinds.last == "live" })
        #expect(app.log.kinds == ["disconnected not started", "connecting 1", "resyncing attach", "live", "resyncing malformed", "live"])
    }

    @Test(arguments: cases) func aCoreThatDiesMidFrameIsRestartedAndNothingIsLostOrAppliedTwice(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        let app = try await App.start(reference, mode, persistent: true)
        defer { app.stop() }
        var acknowledged: [TodoID] = []
        for title in ["milk", "eggs"] { acknowledged.append(try await app.todos.add(title: title)) }
        let epoch = app.epoch!
        try await app.chaos.perform(.dieMidFrame)
        // Applied, then the core died writing its answer: the caller cannot know, and is told so.
        await #expect(throws: CommandError<TodoError>.disconnected) { try await app.todos.add(title: "tea") }
        #expect(await app.isLive())
        #expect(app.epoch == epoch + 1)
        #expect(app.todos.titles == ["milk", "eggs", "tea"])  // once: never sent again
        #expect(acknowledged.allSatisfy { app.todos.row($0) != nil })
        _ = try await app.todos.add(title: "jam")
        #expect(app.todos.count == 4)
        let died = reference.isProcess ? "disconnected the core closed the connection mid-message" : "disconnected the core closed the connection"
        let kinds = app.log.kinds
        #expect(kinds.prefix(4) == ["disconnected not started", "connecting 1", "resyncing attach", "live"])
        #expect(kinds.dropFirst(4).first?.hasPrefix(died) == true)
        #expect(kinds.suffix(3) == ["connecting 2", "resyncing attach", "live"])
    }

    @Test(arguments: cases) func aCoreThatRestartsInPlaceIsFollowedToItsNewEpoch(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        let app = try await App.start(reference, mode)
        defer { app.stop() }
        _ = try await app.todos.add(title: "milk")
        let epoch = app.epoch!
        try await app.chaos.perform(.restart)  // acknowledged in the new epoch's snapshot
        #expect(app.epoch == epoch + 1)
        #expect(app.core.connection.state == .live(epoch: epoch + 1, sequence: 1))
        _ = try await app.todos.add(title: "eggs")
        #expect(app.todos.titles == ["milk", "eggs"])
        #expect(app.todos.runtime.errors.count == 0)
    }

    @Test(arguments: cases) func garbageAndCoreErrorsAreTypedAndTheConnectionRecovers(_ reference: ReferenceCore, _ mode: StoreMode) async throws {
        // Persistent: a process that sent garbage is restarted by the reconnection.
        let app = try await App.start(reference, mode, persistent: true)
        defer { app.stop() }
        try await app.chaos.perform(.sendError(code: 42, message: "disk full"))
        #expect(app.todos.runtime.errors.recent == [.core(code: "42", message: "disk full")])
        _ = try await app.todos.add(title: "milk")
        try await app.chaos.perform(.sendGarbage)
        #expect(await eventually { app.log.kinds.count > 4 })
        #expect(await app.isLive())
        _ = try await app.todos.add(title: "eggs")
        #expect(app.todos.titles == ["milk", "eggs"])
        let kinds = app.log.kinds
        switch reference {
        case .fakeUnixSocket, .rustProcess:  // on a stream, garbage cannot be skipped: reconnect
            #expect(kinds.dropFirst(4).first == "disconnected a message of 18446744073709551615 bytes (the limit is 67108864) retrying")
            #expect(kinds.suffix(3) == ["connecting 2", "resyncing attach", "live"])
        default:  // in process, it is one malformed message: every store resyncs
            #expect(kinds.suffix(2) == ["resyncing malformed", "live"])
            #expect(app.core.errors.count == 1)
        }
    }
}
