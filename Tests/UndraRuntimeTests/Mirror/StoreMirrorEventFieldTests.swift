import Testing
@testable import UndraRuntime

/// A field declared `coalesces: false` (an event field) delivers every value it is sent exactly
/// once, in order, in both modes: one frame per call or several in one drain, snapshots among
/// them or not. A snapshot is state: it delivers such a field's value only if it differs from
/// the one held.
@Suite struct StoreMirrorEventFieldTests {
    /// A store in each mode, fed the same frames, with the event field's deliveries recorded: by
    /// an `observe` reading it (fine-grained) and by a `$lastEvent` sink (coarse). Each records
    /// the current value first.
    final class Fixture: @unchecked Sendable {  // @unchecked: used from the test's thread.
        let todos = Todos(send: { _ in })
        let object = TodosObject(send: { _ in })
        let fine = ValueLog<String>()
        let coarse = ValueLog<String>()
        private var token: ObservationToken?
        private var subscription: AnyCancellable?

        init(lastEvent: String) {
            apply(Self.snapshot(sequence: 1, lastEvent: lastEvent))
            let todos = self.todos, fine = self.fine, coarse = self.coarse
            token = observe { fine.append(todos.lastEvent) }
            subscription = object.$lastEvent.sink { coarse.append($0) }
        }

        func apply(_ frames: [Frame]) {
            #expect(todos.runtime.apply(frames).applied == frames.count)
            #expect(object.runtime.apply(frames).applied == frames.count)
        }

        func apply(_ frame: Frame) { apply([frame]) }

        /// What both modes delivered, after the value each read first.
        var delivered: (fine: [String], coarse: [String]) { (Array(fine.all.dropFirst()), Array(coarse.all.dropFirst())) }

        static func snapshot(sequence: UInt64, lastEvent: String?...) -> Frame {
            Frame(
                epoch: 1, sequence: sequence, isSnapshot: true, schemaHash: TodosSchema.hash,
                ops: [.set(TodosSchema.count, 2)] + lastEvent.compactMap { $0.map { .set(TodosSchema.lastEvent, $0) } })
        }

        static func frame(sequence: UInt64, _ events: String...) -> Frame {
            Frame(epoch: 1, sequence: sequence, ops: events.map { .set(TodosSchema.lastEvent, $0) })
        }
    }

    @Test func aSnapshotThenAFrameInOneDrainDeliverEachValueOnce() {
        let fixture = Fixture(lastEvent: "")
        fixture.apply([Fixture.snapshot(sequence: 2, lastEvent: "s"), Fixture.frame(sequence: 3, "c")])
        #expect(fixture.delivered.fine == ["s", "c"])
        #expect(fixture.delivered.coarse == ["s", "c"])
        #expect(fixture.todos.lastEvent == "c")
    }

    @Test func theSameFramesOneCallAtATimeDeliverTheSame() {
        let fixture = Fixture(lastEvent: "")
        fixture.apply(Fixture.snapshot(sequence: 2, lastEvent: "s"))
        fixture.apply(Fixture.frame(sequence: 3, "c"))
        #expect(fixture.delivered.fine == ["s", "c"])
        #expect(fixture.delivered.coarse == ["s", "c"])
    }

    @Test func framesAndSnapshotsInterleavedInOneDrainDeliverEveryValueInOrder() {
        let fixture = Fixture(lastEvent: "")
        fixture.apply([
            Fixture.frame(sequence: 2, "a", "b"), Fixture.snapshot(sequence: 5, lastEvent: "s"),
            Fixture.frame(sequence: 6, "c"), Fixture.frame(sequence: 7, "c", "d"),
        ])
        #expect(fixture.delivered.fine == ["a", "b", "s", "c", "c", "d"])
        #expect(fixture.delivered.coarse == ["a", "b", "s", "c", "c", "d"])
    }

    @Test func aResyncSnapshotCarryingTheValueHeldDeliversNothing() {
        let fixture = Fixture(lastEvent: "")
        fixture.apply(Fixture.frame(sequence: 2, "toast"))
        fixture.apply(Fixture.snapshot(sequence: 3, lastEvent: "toast"))
        #expect(fixture.delivered.fine == ["toast"])
        #expect(fixture.delivered.coarse == ["toast"])
    }

    @Test func aSnapshotGivesAnEventFieldOneValueItsLast() {
        let fixture = Fixture(lastEvent: "old")
        fixture.apply(Fixture.snapshot(sequence: 2, lastEvent: "x", "y"))
        #expect(fixture.delivered.fine == ["y"])
        #expect(fixture.delivered.coarse == ["y"])
    }

    @Test func aSnapshotThatOmitsAnEventFieldPutsItsInitialValueBackOnce() {
        let fixture = Fixture(lastEvent: "old")
        fixture.apply([Fixture.snapshot(sequence: 2), Fixture.snapshot(sequence: 3)])
        #expect(fixture.delivered.fine == [""])
        #expect(fixture.delivered.coarse == [""])
    }

    @Test func aFrameSendingTheValueHeldIsAnEventAllTheSame() {
        let fixture = Fixture(lastEvent: "saved")
        fixture.apply([Fixture.frame(sequence: 2, "saved"), Fixture.frame(sequence: 3, "saved")])
        #expect(fixture.delivered.fine == ["saved", "saved"])
        #expect(fixture.delivered.coarse == ["saved", "saved"])
    }

    @Test func theMirrorAnnouncesAnEventFieldAtEachCommitAndCoalescingFieldsAtTheDrainsEnd() {
        let (mirror, log) = StoreMirrorTests.makeMirror()
        mirror.apply(StoreMirrorTests.snapshot())
        log.reset()
        log.onDidChange = { changes in
            if changes.contains(StoreMirrorTests.Fields.event.id) { log.record("seen \(mirror[StoreMirrorTests.Fields.event])") }
        }
        let snapshot = Frame(
            epoch: 1, sequence: 2, isSnapshot: true, schemaHash: 7,
            ops: [.set(StoreMirrorTests.Fields.event, "s"), .reset(StoreMirrorTests.Fields.items, [(1, "a")])])
        let frame = Frame(epoch: 1, sequence: 3, ops: [.set(StoreMirrorTests.Fields.event, "c"), .set(StoreMirrorTests.Fields.count, 1)])
        #expect(mirror.apply([snapshot, frame]) == DrainReport(applied: 2))
        // The snapshot's fields in schema order (items, then event); the frame's as it names them.
        #expect(log.events == [
            "will [0, 3]", "did [3]", "seen s", "will [3, 2]", "did [3]", "seen c", "did [0, 2]",
        ])
    }

    @Test func anEventListDeliversEachOpEvenWhenTheFrameNetsToNothing() {
        let feed = ListField<Int, String>(id: 0, name: "feed", coalesces: false)
        let mirror = StoreMirror(schemaHash: 1, fields: [feed])
        let log = MirrorLog()
        mirror.delegate = log
        mirror.apply(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 1, ops: []))
        log.onDidChange = { _ in log.record("seen \(Array(mirror[feed]))") }
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.insert(feed, [(key: 1, row: "hello")]), .remove(feed, [1])]))
        #expect(log.events == ["will [0]", "did [0]", "seen [\"hello\"]", "will [0]", "did [0]", "seen []"])
        #expect(mirror[feed].isEmpty)
    }
}
