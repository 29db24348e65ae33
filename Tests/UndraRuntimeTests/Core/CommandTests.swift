import Dispatch
import Testing
@testable import UndraRuntime

/// A store's commands are awaited method calls: each returns its typed result, or throws its
/// typed error, once the frame carrying its ack has been applied and announced.
@Suite struct CommandTests {
    typealias Failure = CommandError<TodoError>

    /// Starts `body` in a task and waits until the core has sent `count` commands in all.
    static func calling<T: Sendable>(
        _ transport: ScriptedTransport, sent count: Int, _ body: @escaping @Sendable () async throws -> T
    ) async -> Task<Result<T, Failure>, Never> {
        let task = Task { () -> Result<T, Failure> in
            do { return .success(try await body()) } catch { return .failure(error as! Failure) }
        }
        _ = await eventually { transport.commands.count == count }
        return task
    }

    @Test func aCallReturnsItsResultOnceTheFrameCarryingItsAckIsApplied() async {
        let (_, transport, todos, session) = await CoreDrainTests.live()
        let order = ValueLog<String>()
        let task = await Self.calling(transport, sent: 1) {
            let id = try await todos.add(title: "tea")
            order.append("returned \(id), visible \(todos.visible.map(\.title))")
            return id
        }
        #expect(transport.commands == [WireCommand(id: CommandID(rawValue: 1), command: .add(title: "tea"))])
        let token = observe { order.append("observed \(todos.visible.map(\.title))") }
        session.deliver(CoreMessages.added(sequence: 2, id: 2, "tea", acks: [Ack(command: CommandID(rawValue: 1), outcome: .add(.success(TodoID(rawValue: 2))))]))
        #expect(await task.value == .success(TodoID(rawValue: 2)))
        #expect(order.all == ["observed [\"milk\"]", "observed [\"milk\", \"tea\"]", "returned 2, visible [\"milk\", \"tea\"]"])
        token.cancel()
    }

    @Test func inTheCoarseModeTheRowIsPublishedBeforeTheCallReturns() async {
        let transport = ScriptedTransport()
        let core = Core(transport: transport, options: Core.Options(delivery: .anyThread))
        let todos = TodosObject(core: core)
        core.startConnecting()
        _ = await eventually { core.connection.state == .resyncing(.attach) }
        transport.session!.deliver(CoreMessages.snapshot(["milk"]))
        let order = ValueLog<String>()
        let sink = todos.$visible.dropFirst().sink { order.append("published \($0.map(\.title))") }
        let task = await Self.calling(transport, sent: 1) {
            let id = try await todos.add(title: "tea")
            order.append("returned \(id)")
            return id
        }
        transport.session!.deliver(CoreMessages.added(sequence: 2, id: 2, "tea", acks: [Ack(command: CommandID(rawValue: 1), outcome: .add(.success(TodoID(rawValue: 2))))]))
        #expect(await task.value == .success(TodoID(rawValue: 2)))
        #expect(order.all == ["published [\"milk\", \"tea\"]", "returned 2"])
        sink.cancel()
    }

    @Test func theCommandsOwnErrorIsThrownTyped() async {
        let (_, transport, todos, session) = await CoreDrainTests.live()
        let add = await Self.calling(transport, sent: 1) { try await todos.add(title: " ") }
        let toggle = await Self.calling(transport, sent: 2) { try await todos.toggle(TodoID(rawValue: 9)) }
        let filter = await Self.calling(transport, sent: 3) { try await todos.setFilter("bogus") }
        session.deliver(CoreMessages.todos(Frame(epoch: 1, sequence: 2, ops: []), acks: [
            Ack(command: CommandID(rawValue: 1), outcome: .add(.failure(.emptyTitle))),
            Ack(command: CommandID(rawValue: 2), outcome: .toggle(.failure(.notFound(TodoID(rawValue: 9))))),
            Ack(command: CommandID(rawValue: 3), outcome: .setFilter(.failure(.unknownFilter("bogus")))),
        ]))
        #expect(await add.value == .failure(.failed(.emptyTitle)))
        #expect(await toggle.value.map { _ in 0 } == .failure(.failed(.notFound(TodoID(rawValue: 9)))))
        #expect(await filter.value.map { _ in 0 } == .failure(.failed(.unknownFilter("bogus"))))
    }

    @Test func anOutcomeOfAnotherCommandIsAnUnexpectedOutcome() async {
        let (_, transport, todos, session) = await CoreDrainTests.live()
        let add = await Self.calling(transport, sent: 1) { try await todos.add(title: "tea") }
        session.deliver(CoreMessages.todos(Frame(epoch: 1, sequence: 2, ops: []), acks: [
            Ack(command: CommandID(rawValue: 1), outcome: .toggle(.success(WireUnit()))),
        ]))
        #expect(await add.value == .failure(.unexpectedOutcome("toggle(Swift.Result<UndraRuntime.WireUnit, UndraRuntimeTests.TodoError>.success(()))")))
    }

    @Test func theAckOfARejectedFrameResolvesNothingAndItsReplayInTheSnapshotDoes() async throws {
        let (_, transport, todos, session) = await CoreDrainTests.live()
        let returned = CallCounter()
        let add = await Self.calling(transport, sent: 1) {
            defer { returned.bump() }
            return try await todos.add(title: "tea")
        }
        let ack = Ack(command: CommandID(rawValue: 1), outcome: TodosOutcome.add(.success(TodoID(rawValue: 2))))
        session.deliver(CoreMessages.added(sequence: 3, id: 2, "tea", acks: [ack]))  // a gap: rejected
        try await Task.sleep(nanoseconds: 50_000_000)  // time enough for a wrong resume to show
        #expect(returned.count == 0)
        #expect(todos.visible.map(\.title) == ["milk"])
        session.deliver(CoreMessages.snapshot(sequence: 4, ["milk", "tea"], acks: [ack]))
        #expect(await add.value == .success(TodoID(rawValue: 2)))
        #expect(returned.count == 1)
        #expect(todos.visible.map(\.title) == ["milk", "tea"])
    }

    @Test func aCallSentWhenTheSessionEndsFailsAsDisconnectedAndIsNeverSentAgain() async {
        let scheduler = ManualScheduler()
        let (core, transport, todos, session) = await CoreDrainTests.live(options: Core.Options(delivery: .anyThread, scheduler: scheduler))
        let add = await Self.calling(transport, sent: 1) { try await todos.add(title: "tea") }
        session.end(.closedMidMessage(received: 12, expected: 40))
        #expect(await add.value == .failure(.disconnected))
        scheduler.fire()
        _ = await eventually { transport.sessionCount == 2 }
        transport.session!.deliver(CoreMessages.snapshot(epoch: 2, ["milk", "tea"]))
        // The connect queue may still be draining the session's opening: then the snapshot is
        // applied there, a moment later.
        #expect(await eventually { core.connection.state == .live(epoch: 2, sequence: 1) })
        #expect(transport.commands.count == 1)
        #expect(todos.visible.map(\.title) == ["milk", "tea"])
    }

    @Test func aCallWhileNotConnectedIsNotSent() async {
        let transport = ScriptedTransport()
        let core = Core(transport: transport, options: Core.Options(delivery: .anyThread))
        let todos = Todos(core: core)
        await #expect(throws: Failure.notConnected) { try await todos.add(title: "tea") }
        #expect(todos.send(.add(title: "tea")) == nil)
        #expect(transport.sent.all.isEmpty)
        _ = core
    }

    /// Once `disconnect()` returns, commands are not sent, though the drain that closes the
    /// session runs later on the core's queue; and a new connect sends them again.
    @Test(arguments: [Core.Delivery.main, .queue(DispatchQueue(label: "CommandTests.drain")), .anyThread])
    func aCommandSentOnceDisconnectReturnsIsNotSentWhereverTheCoreDrains(_ delivery: Core.Delivery) async {
        for _ in 0..<50 {
            let (core, transport, todos, session) = await CoreDrainTests.connected(options: Core.Options(delivery: delivery))
            session.deliver(CoreMessages.snapshot(["milk"]))
            _ = await eventually { core.connection.state == .live(epoch: 1, sequence: 1) }
            core.disconnect()
            #expect(todos.send(.add(title: "tea")) == nil)
            await #expect(throws: Failure.notConnected) { try await todos.add(title: "tea") }
            #expect(await eventually { core.connection.state == .disconnected(.stopped, nextRetry: nil) })
            #expect(transport.commands.isEmpty)
            core.startConnecting()
            _ = await eventually { transport.sessionCount == 2 && core.connection.state == .resyncing(.attach) }
            #expect(todos.send(.add(title: "jam")) == CommandID(rawValue: 1))  // the two unsent took no id
            #expect(transport.commands.map(\.command) == [.add(title: "jam")])
        }
    }

    @Test func idsAreNeverReusedEvenAcrossReconnections() async {
        let scheduler = ManualScheduler()
        let (core, transport, todos, session) = await CoreDrainTests.live(options: Core.Options(delivery: .anyThread, scheduler: scheduler))
        #expect(todos.send(.add(title: "a")) == CommandID(rawValue: 1))
        #expect(todos.send(.toggle(TodoID(rawValue: 1))) == CommandID(rawValue: 2))
        session.end(.closed)
        scheduler.fire()
        // Once the new session is installed (its stores asked for their snapshots), sends reach it.
        _ = await eventually { transport.sessionCount == 2 && core.connection.state == .resyncing(.attach) }
        #expect(todos.send(.add(title: "b")) == CommandID(rawValue: 3))
        #expect(transport.commands.map(\.id.rawValue) == [1, 2, 3])
    }

    @Test func aFireAndForgetCommandsAckResolvesNothing() async {
        let (_, transport, todos, session) = await CoreDrainTests.live()
        let id = todos.send(.add(title: "tea"))
        #expect(id == CommandID(rawValue: 1))
        session.deliver(CoreMessages.added(sequence: 2, id: 2, "tea", acks: [Ack(command: id!, outcome: .add(.success(TodoID(rawValue: 2))))]))
        #expect(todos.visible.map(\.title) == ["milk", "tea"])
        #expect(transport.commands.map(\.command) == [.add(title: "tea")])
    }

    @Test func aStandInChannelHandsOverTheCommandAndTheCallIsNotConnected() async {
        let sent = ValueLog<TodoCommand>()
        let todos = Todos(send: { sent.append($0) })
        await #expect(throws: Failure.notConnected) { try await todos.add(title: "tea") }
        #expect(todos.send(.toggle(TodoID(rawValue: 1))) == nil)
        #expect(sent.all == [.add(title: "tea"), .toggle(TodoID(rawValue: 1))])
    }

    /// Many tasks calling at once, each result's row visible when its call returns: over the fake
    /// core's C ABI answering inside `send`, and answering from its own thread.
    @Test(arguments: [false, true]) func manyCallsAtOnceEachSeeTheirOwnRow(answersFromAnotherThread: Bool) async throws {
        for round in 0..<5 {
            let (core, _) = Core.fakeInProcess(async: answersFromAnotherThread)
            let todos = Todos(core: core)
            core.startConnecting()
            #expect(await eventually { if case .live = core.connection.state { true } else { false } })
            let ids = try await withThrowingTaskGroup(of: [TodoID].self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var ids: [TodoID] = []
                        for index in 0..<50 {
                            let id = try await todos.add(title: "\(round).\(task).\(index)")
                            #expect(todos.row(id)?.title == "\(round).\(task).\(index)")
                            ids.append(id)
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(Set(ids).count == 400)
            #expect(todos.rowCount == 400)
            #expect(todos.count == 400)
            core.disconnect()
        }
    }
}
