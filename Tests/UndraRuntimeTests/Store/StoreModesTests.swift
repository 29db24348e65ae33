#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import Testing
@testable import UndraRuntime

/// One mirror, two modes: exact announcement counts in the fine-grained and the coarse mode.
@Suite struct StoreModesTests {
    /// A store with four todos, and counters on every field in both modes.
    final class Fixture: @unchecked Sendable {  // @unchecked: used from the test's thread.
        let core = FakeTodoCore()
        let todos = Todos(send: { _ in })
        let object = TodosObject(send: { _ in })
        var cancellables: Set<AnyCancellable> = []
        var tokens: Set<ObservationToken> = []
        let fine = ValueLog<String>()
        let coarse = ValueLog<String>()

        init() {
            let snapshot = core.snapshot(["milk", "eggs", "bread", "tea"])
            todos.runtime.apply(snapshot)
            object.runtime.apply(snapshot)
            let todos = self.todos, fine = self.fine, coarse = self.coarse
            observe({ todos.visible }, onChange: { fine.append("visible \($0.count)") }).store(in: &tokens)
            observe({ todos.filter }, onChange: { _ in fine.append("filter") }).store(in: &tokens)
            observe({ todos.count }, onChange: { _ in fine.append("count") }).store(in: &tokens)
            observe({ todos.lastEvent }, onChange: { _ in fine.append("lastEvent \(todos.lastEvent)") }).store(in: &tokens)
            object.objectWillChange.sink { coarse.append("objectWillChange") }.store(in: &cancellables)
            object.$visible.dropFirst().sink { coarse.append("$visible \($0.count)") }.store(in: &cancellables)
            object.$filter.dropFirst().sink { coarse.append("$filter \($0)") }.store(in: &cancellables)
            object.$count.dropFirst().sink { coarse.append("$count \($0)") }.store(in: &cancellables)
            object.$lastEvent.dropFirst().sink { coarse.append("$lastEvent \($0)") }.store(in: &cancellables)
        }

        func apply(_ frame: Frame) {
            todos.runtime.apply(frame)
            object.runtime.apply(frame)
        }

        func apply(_ frames: [Frame]) {
            todos.runtime.apply(frames)
            object.runtime.apply(frames)
        }

        func frame(_ ops: [FrameOp]) -> Frame {
            _ = core.frame(answering: .setFilter("ignored"))  // advance the core's sequence
            return Frame(epoch: core.epoch, sequence: core.sequence, ops: ops)
        }
    }

    static func row(_ id: Int, _ title: String, done: Bool = false) -> (key: TodoID, row: Todo) {
        (TodoID(rawValue: id), Todo(id: TodoID(rawValue: id), title: title, done: done))
    }

    @Test func updatingOneRowAnnouncesTheListOnceAndNothingElse() {
        let fixture = Fixture()
        let (key, row) = Self.row(2, "eggs", done: true)
        fixture.apply(fixture.frame([.update(TodosSchema.visible, key, row)]))
        #expect(fixture.fine.all == ["visible 1"])
        #expect(fixture.coarse.all == ["objectWillChange", "$visible 4"])
        #expect(fixture.todos.visible[id: key]?.done == true)
        #expect(fixture.object.visible[id: key]?.done == true)
    }

    @Test func aTrackOnAStoreFiresBeforeTheChangeSeeingTheOldValue() {
        let fixture = Fixture()
        let todos = fixture.todos
        let seen = ValueLog<Int>()
        let read = track(read: { todos.count }, onChange: { seen.append(todos.count) })
        fixture.apply(fixture.frame([.set(TodosSchema.count, read + 5)]))
        #expect(seen.all == [read])  // Fired once, at willSet: the store still held the old value.
        #expect(todos.count == read + 5)
        // With only continuous observers left, the next frame is committed under one lock, and
        // announced all the same.
        fixture.apply(fixture.frame([.set(TodosSchema.count, read + 6)]))
        #expect(seen.all == [read])
        #expect(fixture.fine.all == ["count", "count"])
    }

    @Test func aFrameOf100OpsOnOneFieldAnnouncesOnce() {
        let fixture = Fixture()
        let ops = (100..<200).map { FrameOp.insert(TodosSchema.visible, [Self.row($0, "todo \($0)")]) }
        fixture.apply(fixture.frame(ops))
        #expect(fixture.fine.all == ["visible 1"])
        #expect(fixture.coarse.all == ["objectWillChange", "$visible 104"])
    }

    @Test func aNoChangeFrameAnnouncesNothing() {
        let fixture = Fixture()
        fixture.apply(fixture.frame([]))
        fixture.apply(fixture.frame([.set(TodosSchema.filter, "all")]))  // the value it already has
        #expect(fixture.fine.all == [])
        #expect(fixture.coarse.all == [])
    }

    @Test func aFieldThatDoesNotCoalesceShowsEveryValueInOrder() {
        let fixture = Fixture()
        fixture.apply(fixture.frame([
            .set(TodosSchema.lastEvent, "one"), .set(TodosSchema.count, 5), .set(TodosSchema.lastEvent, "two"),
            .set(TodosSchema.lastEvent, "three"),
        ]))
        #expect(fixture.fine.all == ["lastEvent one", "lastEvent two", "lastEvent three", "count"])
        #expect(fixture.coarse.all == [
            "objectWillChange", "$lastEvent one", "$lastEvent two", "$lastEvent three", "$count 5",
        ])
    }

    @Test func aDrainOfSeveralFramesAnnouncesEachFieldOnce() {
        let fixture = Fixture()
        let first = fixture.frame([.set(TodosSchema.count, 5)])
        let second = fixture.frame([.set(TodosSchema.count, 6), .set(TodosSchema.filter, "done")])
        fixture.apply([first, second])
        #expect(fixture.fine.all == ["count", "filter"])
        #expect(fixture.coarse.all == ["objectWillChange", "$count 6", "$filter done"])
    }

    @Test func anObserverOfSeveralFieldsChangedByOneDrainRunsOnceNamingThemAll() {
        let fixture = Fixture()
        let todos = fixture.todos, calls = ValueLog<[String]>()
        let token = observe({ (todos.count, todos.filter) }, onChange: { calls.append($0.map(\.description)) })
        fixture.apply(fixture.frame([.set(TodosSchema.filter, "done"), .set(TodosSchema.count, 9)]))
        #expect(calls.all == [["Todos.filter", "Todos.count"]])
        token.cancel()
    }

    @Test func aRejectedFrameAnnouncesNothingButAnError() {
        let fixture = Fixture()
        let (key, row) = Self.row(99, "ghost")
        fixture.apply(fixture.frame([.set(TodosSchema.count, 1), .update(TodosSchema.visible, key, row)]))
        #expect(fixture.fine.all == [])
        #expect(fixture.coarse.all == [])
        #expect(fixture.todos.count == 4)
        #expect(fixture.todos.runtime.errors.count == 1)
        guard case .rejectedFrame(let error)? = fixture.todos.runtime.errors.latest else {
            Issue.record("no rejected frame on the error channel")
            return
        }
        #expect(error.opIndex == 1)
        #expect(error.fieldName == "visible")
        #expect(error.key == "99")
    }

    @Test func theCoarseModeDeliversTheListWithoutTheMirrorCopyingIt() {
        let fixture = Fixture()
        let storage = { fixture.object.runtime.mirror.withList(TodosSchema.visible) {
            $0._slab.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        } }
        let before = storage()
        var delivered: [UInt] = []
        fixture.object.$visible.sink { list in
            delivered.append(list._slab.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
        }.store(in: &fixture.cancellables)
        for id in 1...4 {
            let (key, row) = Self.row(id, "renamed \(id)")
            fixture.apply(fixture.frame([.update(TodosSchema.visible, key, row)]))
        }
        #expect(storage() == before)  // patched in place four times
        #expect(delivered == [before, before, before, before, before])  // current value, then 4 changes
    }

    @Test func aSubscriberThatKeepsTheListGetsItsOwnCopyOnTheNextPatch() {
        let fixture = Fixture()
        var kept: KeyedList<TodoID, Todo>?
        fixture.object.$visible.sink { kept = $0 }.store(in: &fixture.cancellables)
        let (key, row) = Self.row(1, "oat milk")
        fixture.apply(fixture.frame([.update(TodosSchema.visible, key, row)]))
        let held = kept
        fixture.apply(fixture.frame([.update(TodosSchema.visible, key, Todo(id: key, title: "soy milk"))]))
        #expect(held?[id: key]?.title == "oat milk")
        #expect(kept?[id: key]?.title == "soy milk")
        #expect(fixture.object.visible[id: key]?.title == "soy milk")
    }

    @Test func fieldPublishersExistOnFineGrainedStoresToo() {
        let fixture = Fixture()
        let values = ValueLog<Int>()
        let subscription = fixture.todos.$count.sink { values.append($0) }
        fixture.apply(fixture.frame([.set(TodosSchema.count, 7)]))
        #expect(values.all == [4, 7])
        subscription.cancel()
    }

    @Test func bothModesReadTheSameMirrorSoSwitchingChangesNoData() {
        let fixture = Fixture()
        #expect(Array(fixture.todos.visible) == Array(fixture.object.visible))
        #expect(fixture.todos.runtime.mirror.schemaHash == fixture.object.runtime.mirror.schemaHash)
    }
}
