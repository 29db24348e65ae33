import Testing
@testable import UndraRuntime

/// A frame's envelope: epochs are ordered (a late frame of a replaced core never reverts a
/// store), and the rejection that begins a wait for a resync snapshot requests one, once.
@Suite struct StoreMirrorEnvelopeTests {
    typealias Fields = StoreMirrorTests.Fields

    static func snapshot(epoch: UInt64, sequence: UInt64, count: Int) -> Frame {
        Frame(epoch: epoch, sequence: sequence, isSnapshot: true, schemaHash: 7, ops: [.set(Fields.count, count)])
    }

    @Test func aSnapshotOfAnOlderEpochIsRejectedAndRevertsNothing() {
        let (mirror, log) = StoreMirrorTests.makeMirror()
        mirror.apply(Self.snapshot(epoch: 5, sequence: 1, count: 50))
        mirror.apply(Frame(epoch: 5, sequence: 9, isSnapshot: true, schemaHash: 7, ops: [.set(Fields.count, 59)]))
        log.reset()
        let report = mirror.apply(Self.snapshot(epoch: 4, sequence: 9, count: 49))
        #expect(report.rejected.map(\.reason) == [.staleEpoch(current: 5)])
        #expect(report.rejected.first?.description == "frame 4:9: stale epoch, the mirror is at epoch 5")
        #expect(mirror[Fields.count] == 59)
        #expect(mirror.position! == (5, 9))
        #expect(log.events.count == 1)
    }

    @Test func aFrameOfAnOlderEpochIsStaleAndOneOfANewerEpochNeedsASnapshot() {
        let (mirror, _) = StoreMirrorTests.makeMirror()
        mirror.apply(Self.snapshot(epoch: 5, sequence: 1, count: 1))
        #expect(mirror.apply(Frame(epoch: 4, sequence: 2, ops: [])).rejected.map(\.reason) == [.staleEpoch(current: 5)])
        #expect(mirror.apply(Frame(epoch: 6, sequence: 2, ops: [])).rejected.map(\.reason) == [.unexpectedEpoch(expected: 5)])
        // A newer epoch's snapshot resyncs, at any sequence; a stale one still cannot revert it.
        #expect(mirror.apply(Self.snapshot(epoch: 6, sequence: 1, count: 6)).applied == 1)
        #expect(mirror.apply(Self.snapshot(epoch: 5, sequence: 100, count: 5)).rejected.map(\.reason) == [.staleEpoch(current: 6)])
        #expect(mirror[Fields.count] == 6)
        #expect(mirror.position! == (6, 1))
    }

    @Test func aSnapshotOfTheSameEpochMustBeLaterThanThePosition() {
        let (mirror, _) = StoreMirrorTests.makeMirror()
        mirror.apply(Self.snapshot(epoch: 1, sequence: 3, count: 3))
        #expect(mirror.apply(Self.snapshot(epoch: 1, sequence: 3, count: 4)).rejected.map(\.reason) == [.duplicate(last: 3)])
        #expect(mirror.apply(Self.snapshot(epoch: 1, sequence: 10, count: 10)).applied == 1)
        #expect(mirror.position! == (1, 10))
        #expect(!mirror.isAwaitingResync)
    }

    @Test func theRejectionThatBeginsAWaitRequestsOneResync() {
        let (mirror, log) = StoreMirrorTests.makeMirror()
        mirror.apply(Self.snapshot(epoch: 1, sequence: 1, count: 1))
        let report = mirror.apply([
            Frame(epoch: 1, sequence: 3, ops: []),  // a gap: the wait begins
            Frame(epoch: 1, sequence: 2, ops: []),  // rejected while waiting
            Frame(epoch: 1, sequence: 4, isSnapshot: true, schemaHash: 8, ops: []),  // wrong schema, still waiting
        ])
        #expect(report.rejected.map(\.reason) == [
            .gap(expected: 2), .awaitingResync, .schemaMismatch(expected: 7, received: 8),
        ])
        #expect(log.resyncRequests == [report.rejected[0]])
        #expect(mirror.isAwaitingResync)

        mirror.apply(Self.snapshot(epoch: 1, sequence: 5, count: 5))
        #expect(!mirror.isAwaitingResync)
        let bad = mirror.apply(Frame(epoch: 1, sequence: 6, ops: [.update(Fields.items, 9, "x")]))
        #expect(log.resyncRequests.map(\.sequence) == [3, 6])
        #expect(log.resyncRequests.last == bad.rejected.first)
    }

    @Test func aFirstFrameThatIsNotASnapshotRequestsOne() {
        let (mirror, log) = StoreMirrorTests.makeMirror()
        mirror.apply(Frame(epoch: 1, sequence: 1, ops: []))
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: []))
        #expect(log.resyncRequests.map(\.reason) == [.unexpectedEpoch(expected: nil)])
    }

    @Test func aStoreTellsItsResyncHandlerAfterReportingTheError() {
        let core = FakeTodoCore(), todos = Todos(send: { _ in })
        todos.runtime.apply(core.snapshot(["milk"]))
        let requests = ValueLog<String>()
        let errors = todos.runtime.errors
        todos.runtime.resyncRequestHandler = { reason in requests.append("\(reason) after \(errors.count) error") }
        todos.runtime.apply(Frame(epoch: 1, sequence: 5, ops: []))
        todos.runtime.apply(Frame(epoch: 1, sequence: 6, ops: []))
        #expect(requests.all == ["frame 1:5: gap, expected sequence 2 after 1 error"])
        #expect(errors.count == 1)  // frame 6 is dropped while the snapshot is awaited: not reported

        todos.runtime.apply(core.snapshot(["milk", "tea"]))
        todos.runtime.resyncRequestHandler = nil
        todos.runtime.apply(Frame(epoch: 1, sequence: 1, ops: []))
        #expect(requests.all.count == 1)
        #expect(errors.count == 2)
    }

    @Test func rejectionsFromSeveralThreadsAtOnceRequestOneResync() {
        for round in 0..<200 {
            let todos = Todos(send: { _ in })
            todos.runtime.apply(FakeTodoCore().snapshot(["milk"]))
            let requests = CallCounter()
            todos.runtime.resyncRequestHandler = { _ in requests.bump() }
            concurrently(4) { thread in
                todos.runtime.apply(Frame(epoch: 1, sequence: UInt64(5 + thread), ops: [.set(TodosSchema.count, thread)]))
            }
            #expect(requests.count == 1, "round \(round)")
            // Whichever thread applies first is rejected for its gap, and reported; the three
            // others are dropped while the snapshot is awaited, unreported.
            #expect(todos.runtime.errors.count == 1, "round \(round)")
            #expect(todos.count == 1, "round \(round)")
        }
    }

    @Test func aSchemaMismatchNamesBothHashesInHexAsSchemasDeclareThem() {
        let todos = Todos(send: { _ in })
        let report = todos.runtime.apply(Frame(epoch: 2, sequence: 1, isSnapshot: true, schemaHash: 0xBEEF, ops: []))
        #expect(report.rejected.first?.description == "frame 2:1: schema hash 0xBEEF, expected 0x6F561B50ADDC9A9E")
        let missing = todos.runtime.apply(Frame(epoch: 2, sequence: 1, isSnapshot: true, ops: []))
        #expect(missing.rejected.first?.description == "frame 2:1: schema hash missing, expected 0x6F561B50ADDC9A9E")
    }
}
