import Dispatch
import Testing
@testable import UndraRuntime

/// What the `Core` does with what arrives: one drain at a time, a store's frames received
/// together as one drain of its mirror, errors on the right channel, and a resync after anything
/// that breaks a store's sequence.
@Suite struct CoreDrainTests {
    /// A core over a scripted transport with the Todos store attached, connected: its session is
    /// open and the store has asked for its snapshot. By default the drain runs on the thread
    /// that finds work (`.anyThread`): what `session.deliver` hands it is applied when it returns.
    static func connected(options: Core.Options = Core.Options(delivery: .anyThread)) async -> (Core, ScriptedTransport, Todos, ScriptedSession) {
        let transport = ScriptedTransport()
        let core = Core(transport: transport, options: options)
        let todos = Todos(core: core)
        core.startConnecting()
        _ = await eventually { core.connection.state == .resyncing(.attach) }
        return (core, transport, todos, transport.session!)
    }

    /// The same, live at epoch 1, sequence 1, with `titles` in the list.
    static func live(_ titles: [String] = ["milk"], options: Core.Options = Core.Options(delivery: .anyThread)) async -> (Core, ScriptedTransport, Todos, ScriptedSession) {
        let (core, transport, todos, session) = await connected(options: options)
        session.deliver(CoreMessages.snapshot(titles))
        return (core, transport, todos, session)
    }

    @Test func aStoreAsksForItsSnapshotWhenTheSessionOpensAndIsLiveOnceItIsApplied() async {
        let (core, transport, todos, session) = await Self.connected()
        #expect(transport.resyncRequests == [ResyncRequest(store: 0, epoch: nil, sequence: 0, reason: .attach, schema: TodosSchema.wire.description)])
        #expect(core.connection.state == .resyncing(.attach))
        session.deliver(CoreMessages.snapshot(epoch: 3, ["milk", "eggs"]))
        #expect(core.connection.state == .live(epoch: 3, sequence: 1))
        #expect(todos.visible.map(\.title) == ["milk", "eggs"])
        session.deliver(CoreMessages.added(epoch: 3, sequence: 2, id: 3, "tea"))
        #expect(core.connection.state == .live(epoch: 3, sequence: 2))
    }

    @Test func framesReceivedTogetherAreOneDrainOfTheMirror() async {
        let (_, _, todos, session) = await Self.live()
        let counts = ValueLog<Int>()
        let token = observe { counts.append(todos.count) }
        session.deliver(
            CoreMessages.added(sequence: 2, id: 2, "eggs"), CoreMessages.added(sequence: 3, id: 3, "tea"),
            CoreMessages.added(sequence: 4, id: 4, "jam"))
        #expect(counts.all == [1, 4])  // one announcement for the three frames
        session.deliver(CoreMessages.added(sequence: 5, id: 5, "oil"))
        session.deliver(CoreMessages.added(sequence: 6, id: 6, "rice"))
        #expect(counts.all == [1, 4, 5, 6])
        #expect(todos.visible.map(\.title) == ["milk", "eggs", "tea", "jam", "oil", "rice"])
        token.cancel()
    }

    @Test func deltasBeforeTheFirstSnapshotAreDroppedWithoutAnError() async {
        let (core, _, todos, session) = await Self.connected()
        session.deliver(CoreMessages.added(sequence: 2, id: 2, "eggs"))
        #expect(todos.visible.isEmpty)
        #expect(todos.runtime.errors.count == 0)
        #expect(core.connection.state == .resyncing(.attach))
        session.deliver(CoreMessages.snapshot(sequence: 3, ["milk"]), CoreMessages.added(sequence: 4, id: 2, "eggs"))
        #expect(todos.visible.map(\.title) == ["milk", "eggs"])
        #expect(core.connection.state == .live(epoch: 1, sequence: 4))
    }

    @Test func coreErrorsReachTheirStoresChannelOrTheCoresAndEndNothing() async {
        let (core, _, todos, session) = await Self.live()
        session.deliver(CoreMessages.error(store: 0, code: 42, "disk full"))
        session.deliver(CoreMessages.error(store: nil, code: 7, "low memory"), CoreMessages.error(store: 9, code: 8, "no store 9"))
        #expect(todos.runtime.errors.recent == [.core(code: "42", message: "disk full")])
        #expect(core.errors.recent == [.core(code: "7", message: "low memory"), .core(code: "8", message: "no store 9")])
        session.deliver(CoreMessages.added(sequence: 2, id: 2, "eggs"))
        #expect(todos.visible.map(\.title) == ["milk", "eggs"])
        #expect(core.connection.state == .live(epoch: 1, sequence: 2))
    }

    @Test func aRejectedFrameAsksForASnapshotAndTheDeltasAfterItAreDropped() async {
        let (core, transport, todos, session) = await Self.live()
        session.deliver(CoreMessages.added(sequence: 3, id: 2, "eggs"))  // 2 is missing
        let gap = ResyncReason.gap(expected: 2, received: 3)
        #expect(todos.runtime.errors.count == 1)
        #expect(transport.resyncRequests.last == ResyncRequest(store: 0, epoch: 1, sequence: 1, reason: gap, schema: TodosSchema.wire.description))
        #expect(core.connection.state == .resyncing(gap))
        session.deliver(CoreMessages.added(sequence: 4, id: 3, "tea"))  // dropped: no second error
        #expect(todos.runtime.errors.count == 1)
        #expect(transport.resyncRequests.count == 2)
        session.deliver(CoreMessages.snapshot(sequence: 5, ["milk", "eggs", "tea"]))
        #expect(core.connection.state == .live(epoch: 1, sequence: 5))
        session.deliver(CoreMessages.added(sequence: 6, id: 4, "jam"))
        #expect(todos.visible.map(\.title) == ["milk", "eggs", "tea", "jam"])
    }

    @Test func aDeltaOfANewEpochAsksForItsSnapshotAndASnapshotOfOneIsTakenAsItComes() async {
        let (core, transport, todos, session) = await Self.live()
        session.deliver(CoreMessages.added(epoch: 2, sequence: 1, id: 2, "eggs"))
        let reason = ResyncReason.unexpectedEpoch(expected: 1, received: 2)
        #expect(transport.resyncRequests.last == ResyncRequest(store: 0, epoch: 1, sequence: 1, reason: reason, schema: TodosSchema.wire.description))
        #expect(core.connection.state == .resyncing(reason))
        session.deliver(CoreMessages.snapshot(epoch: 2, ["milk", "eggs"]))
        #expect(core.connection.state == .live(epoch: 2, sequence: 1))
        // A core that restarts in place sends its snapshot unasked.
        session.deliver(CoreMessages.snapshot(epoch: 3, ["milk"]))
        #expect(core.connection.state == .live(epoch: 3, sequence: 1))
        #expect(todos.visible.map(\.title) == ["milk"])
        #expect(transport.resyncRequests.count == 2)
    }

    @Test func aMalformedFrameIsReportedOnItsStoreWhichAsksForASnapshot() async {
        let (core, transport, todos, session) = await Self.live()
        var bytes = CoreMessages.added(sequence: 2, id: 2, "eggs")
        bytes[24] = 2  // the snapshot flag: 2 is no Option tag
        session.deliver(bytes, CoreMessages.added(sequence: 3, id: 3, "tea"))
        let error = WireError(offset: 24, reason: .invalidOptionTag(2))
        #expect(todos.runtime.errors.recent == [.malformedMessage(error)])
        let reason = ResyncReason.malformed(offset: 24, message: "byte 24: expected an option tag (0 or 1), found 2")
        #expect(transport.resyncRequests.last == ResyncRequest(store: 0, epoch: 1, sequence: 1, reason: reason, schema: TodosSchema.wire.description))
        #expect(core.connection.state == .resyncing(reason))
        #expect(todos.visible.map(\.title) == ["milk"])  // "tea" came after the lost frame: dropped
        session.deliver(CoreMessages.snapshot(sequence: 4, ["milk", "eggs", "tea"]))
        #expect(core.connection.state == .live(epoch: 1, sequence: 4))
        #expect(todos.visible.map(\.title) == ["milk", "eggs", "tea"])
    }

    @Test func aMessageWithTrailingBytesIsMalformedAndAppliesNothing() async {
        let (_, transport, todos, session) = await Self.live()
        let bytes = CoreMessages.added(sequence: 2, id: 2, "eggs")
        session.deliver(bytes + [0])
        #expect(todos.runtime.errors.recent == [.malformedMessage(WireError(offset: bytes.count, reason: .trailingBytes(count: 1)))])
        #expect(todos.visible.map(\.title) == ["milk"])
        #expect(transport.resyncRequests.count == 2)
    }

    @Test func aMessageThatNamesNoStoreIsReportedOnTheCoreAndEveryStoreResyncs() async {
        let (core, transport, todos, session) = await Self.live()
        session.deliver([0, 0, 0, 0, 5, 0, 0, 0])
        session.deliver([UInt8](repeating: 0xFF, count: 16))
        #expect(core.errors.recent == [
            .malformedMessage(WireError(offset: 4, reason: .invalidVariant(type: "the app's frame enum (no store has this index)", index: 5))),
            .malformedMessage(WireError(offset: 0, reason: .invalidVariant(type: "CoreMessage", index: 0xFFFF_FFFF))),
        ])
        #expect(todos.runtime.errors.count == 0)
        #expect(transport.resyncRequests.map(\.store) == [0, 0, 0])
        session.deliver(CoreMessages.snapshot(sequence: 2, ["milk"]))
        #expect(core.connection.state == .live(epoch: 1, sequence: 2))
    }

    @Test func aSnapshotOfAnotherSchemaFailsTheConnection() async {
        let (core, transport, _, session) = await Self.connected()
        session.deliver(CoreMessages.todos(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 1, ops: [])))
        #expect(core.connection.state == .failed(.schemaMismatch(SchemaMismatch(store: 0, hostHash: TodosSchema.hash, coreHash: 1))))
        #expect(session.isClosed)
        #expect(transport.connectAttempts == 1)
    }

    @Test func aStoreAttachedWhileLiveAsksForItsSnapshot() async {
        let (core, transport, _, session) = await Self.live()
        let chaos = Chaos(core: core)
        _ = await eventually { transport.resyncRequests.count == 2 }
        #expect(transport.resyncRequests.last == ResyncRequest(store: 1, epoch: nil, sequence: 0, reason: .attach, schema: ChaosSchema.wire.description))
        #expect(core.connection.state == .live(epoch: 1, sequence: 1))
        var writer = WireWriter()
        writer.writeVariant(0)
        writer.write(UInt32(1))
        try! ChaosSchema.wire.encode(WireFrame(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: ChaosSchema.hash, ops: [])), to: &writer)
        session.deliver(writer.bytes)
        #expect(chaos.runtime.mirror.position! == (1, 1))
    }

    @Test func whatAnEndedSessionStillDeliversIsDropped() async {
        let (core, transport, todos, session) = await Self.live()
        session.end(.closed)
        core.startConnecting()
        _ = await eventually { transport.sessionCount == 2 }
        session.deliver(CoreMessages.added(sequence: 2, id: 2, "eggs"))
        #expect(todos.visible.map(\.title) == ["milk"])
        #expect(todos.runtime.errors.count == 0)
        core.disconnect()
    }

    @Test func withAQueueFramesAreAppliedAndAnnouncedThere() async {
        let queue = DispatchQueue(label: "core.queue")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let (core, _, todos, session) = await Self.connected(options: Core.Options(delivery: .queue(queue)))
        let onQueue = ValueLog<Bool>()
        let token = observe { _ = todos.count; onQueue.append(DispatchQueue.getSpecific(key: key) == true) }
        session.deliver(CoreMessages.snapshot(["milk"]))  // queued here, applied there
        #expect(await eventually { core.connection.state == .live(epoch: 1, sequence: 1) })
        #expect(onQueue.all == [false, true])  // the first run is `observe`'s own, here
        token.cancel()
    }
}
