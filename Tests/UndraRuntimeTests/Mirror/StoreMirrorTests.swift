import Testing
@testable import UndraRuntime

/// `StoreMirror` on its own: frames applied all or nothing, sequence rules, merging, stepping.
@Suite struct StoreMirrorTests {
    enum Fields {
        static let items = ListField<Int, String>(id: 0, name: "items")
        static let filter = Field<String>(id: 1, name: "filter", initial: "all")
        static let count = Field<Int>(id: 2, name: "count", initial: 0)
        static let event = Field<String>(id: 3, name: "event", initial: "", coalesces: false)
    }

    static func makeMirror() -> (StoreMirror, MirrorLog) {
        let mirror = StoreMirror(schemaHash: 7, fields: [Fields.items, Fields.filter, Fields.count, Fields.event])
        let log = MirrorLog()
        mirror.delegate = log
        return (mirror, log)
    }

    static func snapshot(_ rows: [(key: Int, row: String)] = [(1, "a"), (2, "b"), (3, "c")]) -> Frame {
        Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 7, ops: [.reset(Fields.items, rows)])
    }

    @Test func aSnapshotSetsEveryFieldAndAnnouncesTheChangedOnes() {
        let (mirror, log) = Self.makeMirror()
        #expect(mirror.isAwaitingResync)
        let report = mirror.apply(Self.snapshot())
        #expect(report == DrainReport(applied: 1))
        #expect(Array(mirror[Fields.items]) == ["a", "b", "c"])
        #expect(mirror[Fields.filter] == "all")
        #expect(mirror.position! == (1, 1))
        #expect(!mirror.isAwaitingResync)
        #expect(log.events == ["will [0]", "did [0]"])
    }

    @Test func oneUpdateAnnouncesOnlyItsListOnce() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.update(Fields.items, 2, "B")]))
        #expect(Array(mirror[Fields.items]) == ["a", "B", "c"])
        #expect(log.events == ["will [0]", "did [0]"])
        #expect(log.lastChanges?.listChanges(for: Fields.items)?.updated == [2])
    }

    @Test func aFrameOfManyOpsOnOneFieldIsMergedIntoOneAnnouncement() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot([]))
        log.reset()
        let inserts = (0..<100).map { FrameOp.insert(Fields.items, [(key: $0, row: "row \($0)")]) }
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: inserts + [.set(Fields.count, 100), .set(Fields.count, 99)]))
        #expect(mirror[Fields.items].count == 100)
        #expect(mirror[Fields.count] == 99)
        #expect(log.events == ["will [0, 2]", "did [0, 2]"])
        #expect(log.lastChanges?.listChanges(for: Fields.items)?.inserted.count == 100)
    }

    @Test func aNoChangeFrameAnnouncesNothingButAdvances() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.set(Fields.filter, "all")]))  // equal value
        mirror.apply(Frame(epoch: 1, sequence: 3, ops: []))
        #expect(log.events == [])
        #expect(mirror.position! == (1, 3))
    }

    @Test func aFieldThatDoesNotCoalesceShowsEveryValueInOrder() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        log.onDidChange = { changes in
            if changes.contains(Fields.event.id) { log.record("seen \(mirror[Fields.event])") }
        }
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [
            .set(Fields.event, "saved"), .set(Fields.filter, "done"), .set(Fields.event, "synced"),
            .set(Fields.event, "saved"),
        ]))
        #expect(log.events == [
            "will [3, 1]", "did [3]", "seen saved", "will [3]", "did [3]", "seen synced", "will [3]", "did [3]",
            "seen saved", "did [1]",
        ])
        #expect(mirror[Fields.event] == "saved")
        #expect(mirror[Fields.filter] == "done")
    }

    @Test func consecutiveFramesEachShowTheirOwnValueOfAFieldThatDoesNotCoalesce() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        log.onDidChange = { changes in
            if changes.contains(Fields.event.id) { log.record("seen \(mirror[Fields.event])") }
        }
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.set(Fields.event, "first")]))
        mirror.apply(Frame(epoch: 1, sequence: 3, ops: [.set(Fields.event, "second")]))
        #expect(log.events == ["will [3]", "did [3]", "seen first", "will [3]", "did [3]", "seen second"])
    }

    @Test func aRejectedFrameChangesNothingAndNamesOpFieldAndKey() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        let report = mirror.apply(Frame(epoch: 1, sequence: 2, ops: [
            .set(Fields.count, 5), .update(Fields.items, 1, "A"), .list(Fields.items, [.remove([2]), .update(9, "Z")]),
        ]))
        let error = MirrorError(
            reason: .list(KeyedListError(reason: .missingKey, opIndex: 3, op: .update, key: "9")),
            epoch: 1, sequence: 2, opIndex: 3, field: 0, fieldName: "items", key: "9")
        #expect(report == DrainReport(rejected: [error]))
        #expect(error.description == "frame 1:2, field items (#0): op 3: update of missing key 9")
        #expect(Array(mirror[Fields.items]) == ["a", "b", "c"])
        #expect(mirror[Fields.count] == 0)
        #expect(mirror.position! == (1, 1))
        #expect(log.events == ["rejected \(error)"])
        #expect(mirror.isAwaitingResync)
    }

    @Test func gapsDuplicatesAndEpochsAreRejectedUntilASnapshot() {
        let (mirror, log) = Self.makeMirror()
        let first = mirror.apply(Frame(epoch: 1, sequence: 1, ops: [.set(Fields.count, 1)]))
        #expect(first.rejected.map(\.reason) == [.unexpectedEpoch(expected: nil)])
        mirror.apply(Self.snapshot())
        #expect(mirror.apply(Frame(epoch: 1, sequence: 1, ops: [])).rejected.map(\.reason) == [.duplicate(last: 1)])
        mirror.apply(Self.snapshot())  // a stale snapshot
        #expect(log.rejections.last?.reason == .duplicate(last: 1))
        let resynced = Frame(epoch: 1, sequence: 5, isSnapshot: true, schemaHash: 7, ops: [.set(Fields.count, 5)])
        #expect(mirror.apply(resynced).applied == 1)
        #expect(mirror.apply(Frame(epoch: 1, sequence: 7, ops: [])).rejected.map(\.reason) == [.gap(expected: 6)])
        #expect(mirror.apply(Frame(epoch: 1, sequence: 6, ops: [])).rejected.map(\.reason) == [.awaitingResync])
        #expect(mirror.apply(Frame(epoch: 2, sequence: 1, ops: [])).rejected.map(\.reason) == [.unexpectedEpoch(expected: 1)])
        let wrongSchema = Frame(epoch: 2, sequence: 1, isSnapshot: true, schemaHash: 8, ops: [])
        #expect(mirror.apply(wrongSchema).rejected.map(\.reason) == [.schemaMismatch(expected: 7, received: 8)])
        let newInstance = Frame(epoch: 2, sequence: 1, isSnapshot: true, schemaHash: 7, ops: [])
        #expect(mirror.apply(newInstance).applied == 1)
        #expect(mirror[Fields.count] == 0)  // not in the snapshot: back to its initial value
        #expect(mirror[Fields.items].isEmpty)
        #expect(mirror.apply(Frame(epoch: 2, sequence: 2, ops: [.set(Fields.count, 3)])).applied == 1)
    }

    @Test func aDrainReportsTheAcksOfTheFramesItCommittedAndOnlyThose() {
        let (mirror, _) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        let report = mirror.apply([
            Frame(epoch: 1, sequence: 2, ops: [.update(Fields.items, 2, "B")], acks: [10, 11]),
            Frame(epoch: 1, sequence: 4, ops: [], acks: [12]),  // a gap: rejected, its ack with it
            Frame(epoch: 1, sequence: 5, isSnapshot: true, schemaHash: 7, ops: [], acks: [12, 13]),
            Frame(epoch: 1, sequence: 6, ops: [], acks: []),
        ])
        #expect(report.applied == 3)
        #expect(report.rejected.map(\.reason) == [.gap(expected: 3)])
        #expect(report.acknowledged == [10, 11, 12, 13])
    }

    @Test func unknownFieldsAndWrongTypesAreRejected() {
        let (mirror, _) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        let stranger = Field<Int>(id: 9, name: "stranger", initial: 0)
        let unknown = mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.set(stranger, 1)]))
        #expect(unknown.rejected.first?.reason == .unknownField)
        #expect(unknown.rejected.first?.field == 9)
        mirror.apply(Frame(epoch: 1, sequence: 3, isSnapshot: true, schemaHash: 7, ops: []))
        let impostor = Field<String>(id: 2, name: "count", initial: "")
        let mismatch = mirror.apply(Frame(epoch: 1, sequence: 4, ops: [.set(impostor, "many")]))
        #expect(mismatch.rejected.first?.reason == .typeMismatch(expected: "Int", received: "String"))
        #expect(mismatch.rejected.first?.description == "frame 1:4, field count (#2), op 0: String sent to a field of Int")
    }

    @Test func aDrainAnnouncesEachCoalescingFieldOnceAndMergesListChanges() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        let report = mirror.apply([
            Frame(epoch: 1, sequence: 2, ops: [.insert(Fields.items, [(key: 4, row: "d")])], acks: [10]),
            Frame(epoch: 1, sequence: 3, ops: [.update(Fields.items, 4, "D"), .set(Fields.filter, "open")]),
            Frame(epoch: 1, sequence: 4, ops: [.remove(Fields.items, [1])], acks: [11]),
        ])
        #expect(report.applied == 3)
        #expect(log.events == ["will [0]", "will [1]", "did [0, 1]"])
        let changes = log.lastChanges?.listChanges(for: Fields.items)
        #expect(changes?.inserted == [4])
        #expect(changes?.removed == [1])
        #expect(changes?.updated == [])
        #expect(log.lastChanges?.acks == [10, 11])
    }

    @Test func framesAppliedFromInsideAnAnnouncementJoinTheDrain() {
        let (mirror, log) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        log.reset()
        var nested: DrainReport?
        log.onDidChange = { _ in
            if nested == nil { nested = mirror.apply(Frame(epoch: 1, sequence: 3, ops: [.set(Fields.count, 3)])) }
        }
        let report = mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.set(Fields.count, 2)]))
        #expect(nested == DrainReport(queued: 1))
        #expect(report.applied == 2)
        #expect(mirror[Fields.count] == 3)
        #expect(log.events == ["will [2]", "did [2]", "will [2]", "did [2]"])
    }

    @Test func fieldsWithLargeIdsAreRoutedAndAnnouncedOnceEach() {
        let low = Field<Int>(id: 3, name: "low", initial: 0)
        let high = Field<Int>(id: 70, name: "high", initial: 0)
        let mirror = StoreMirror(schemaHash: 1, fields: [high, low])
        let log = MirrorLog()
        mirror.delegate = log
        mirror.apply(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 1, ops: []))
        log.reset()
        let report = mirror.apply([
            Frame(epoch: 1, sequence: 2, ops: [.set(high, 1), .set(low, 1), .set(high, 2)]),
            Frame(epoch: 1, sequence: 3, ops: [.set(high, 3)]),
        ])
        #expect(report == DrainReport(applied: 2))
        #expect(mirror[high] == 3)
        #expect(mirror[low] == 1)
        #expect(log.events == ["will [70, 3]", "did [70, 3]"])
    }

    @Test func aDrainNobodyHearsTheWillChangeOfCommitsItsFirstFrameAtOnceAndAnnouncesTheRest() {
        let log = MirrorLog()
        let mirror = StoreMirror(
            schemaHash: 7, fields: [Fields.items, Fields.filter, Fields.count, Fields.event], announcer: log)
        mirror.apply(Self.snapshot())
        log.reset()
        log.hearing = false
        let report = mirror.apply([
            Frame(epoch: 1, sequence: 2, ops: [.update(Fields.items, 2, "B"), .set(Fields.count, 1)]),
            Frame(epoch: 1, sequence: 3, ops: [.set(Fields.filter, "done"), .set(Fields.count, 2)]),
        ])
        #expect(report == DrainReport(applied: 2))
        // The first frame's fields are not announced as about to change; the second frame's new
        // field is; the drain's end announces all three once.
        #expect(log.events == ["will [1]", "did [0, 2, 1]"])
        #expect(Array(mirror[Fields.items]) == ["a", "B", "c"])
        #expect(mirror[Fields.count] == 2)
        #expect(mirror[Fields.filter] == "done")
        #expect(mirror.position! == (1, 3))

        // A field that does not coalesce still announces each value, before and after.
        log.reset()
        mirror.apply(Frame(epoch: 1, sequence: 4, ops: [.set(Fields.event, "a"), .set(Fields.event, "b")]))
        #expect(log.events == ["will [3]", "did [3]", "will [3]", "did [3]"])

        // A rejected first frame is not committed.
        log.reset()
        let rejected = mirror.apply(Frame(epoch: 1, sequence: 5, ops: [.set(Fields.count, 3), .update(Fields.items, 9, "x")]))
        #expect(rejected.applied == 0 && rejected.rejected.count == 1)
        #expect(mirror[Fields.count] == 2)
        #expect(mirror.position! == (1, 4))
        #expect(log.events.count == 1 && log.events[0].hasPrefix("rejected"))
    }

    @Test func aBareMirrorsDelegateIsAlwaysToldOfWhatWillChange() {
        let (mirror, log) = Self.makeMirror()
        log.hearing = false  // Not asked: only a store's announcer is.
        mirror.apply(Self.snapshot())
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.set(Fields.count, 1)]))
        #expect(log.events == ["will [0]", "did [0]", "will [2]", "did [2]"])
    }

    @Test func aPatchMutatesTheListInPlaceUnlessSomeoneHoldsIt() {
        let (mirror, _) = Self.makeMirror()
        mirror.apply(Self.snapshot())
        let before = mirror.withList(Fields.items) { $0._slab.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.update(Fields.items, 1, "A")]))
        #expect(mirror.withList(Fields.items) { $0._slab.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } } == before)
        let held = mirror[Fields.items]
        mirror.apply(Frame(epoch: 1, sequence: 3, ops: [.update(Fields.items, 1, "AA")]))
        #expect(mirror.withList(Fields.items) { $0._slab.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } } != before)
        #expect(held[id: 1] == "A")
        #expect(mirror[Fields.items][id: 1] == "AA")
    }
}

/// Records what a mirror announces, as short lines: as a bare mirror's `delegate`, or as the
/// announcer a store's runtime would give (`init(schemaHash:fields:announcer:)`).
final class MirrorLog: MirrorAnnouncer, MirrorDelegate, @unchecked Sendable {  // @unchecked: used from the draining thread only.
    private(set) var events: [String] = []
    private(set) var lastChanges: ChangeSet?
    private(set) var rejections: [MirrorError] = []
    /// The reasons of the resync requests, in order.
    private(set) var resyncRequests: [MirrorError] = []
    var onDidChange: (ChangeSet) -> Void = { _ in }
    /// What `hearsWillChange` answers; asked only when the log is a mirror's announcer.
    var hearing = true

    func reset() { events = [] }
    func record(_ line: String) { events.append(line) }

    override var hearsWillChange: Bool { hearing }

    override func mirrorWillChange(_ fields: [FieldID]) {
        events.append("will \(fields.map(\.rawValue))")
    }

    override func mirrorDidChange(_ changes: ChangeSet) {
        if !changes.fields.isEmpty { events.append("did \(changes.fields.map(\.rawValue))") }
        lastChanges = changes
        onDidChange(changes)
    }

    override func mirrorDidReject(_ error: MirrorError) {
        events.append("rejected \(error)")
        rejections.append(error)
    }

    override func mirrorNeedsResync(_ reason: MirrorError) {
        resyncRequests.append(reason)
    }

    override func mirrorDidEndDrain() {}
}
