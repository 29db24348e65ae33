#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
#if canImport(Observation)
import Observation
#endif
import Testing
@testable import UndraRuntime

/// The example store declared once, with the conformances of both modes and of Observation, and
/// no member for any of them: what an app that runs on iOS 15 and 17 declares.
final class EveryModeTodos: UndraStore, Trackable, ObservableObject, @unchecked Sendable {  // @unchecked: as `Todos`.
    let runtime = StoreRuntime(name: "EveryModeTodos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    @Mirrored(TodosSchema.visible) var visible
    @Mirrored(TodosSchema.filter) var filter
    @Mirrored(TodosSchema.count) var count
    @Mirrored(TodosSchema.lastEvent) var lastEvent
}

#if canImport(Observation)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension EveryModeTodos: Observable {}
#endif

/// One store instance, observed in the fine-grained and the coarse mode at once: one mirror,
/// each mode's announcements exact, in one order.
@Suite struct OneStoreBothModesTests {
    /// A store with two todos, and every kind of observer of both modes on it, logging in one log.
    final class Fixture: @unchecked Sendable {  // @unchecked: used from the test's thread.
        let core = FakeTodoCore()
        let todos = Todos(send: { _ in })
        let log = ValueLog<String>()
        var cancellables: Set<AnyCancellable> = []
        var tokens: Set<ObservationToken> = []

        init() {
            todos.runtime.apply(core.snapshot(["milk", "eggs"]))
            let todos = self.todos, log = self.log
            todos.objectWillChange.sink { log.append("objectWillChange, count \(todos.count)") }.store(in: &cancellables)
            todos.$count.dropFirst().sink { log.append("$count \($0)") }.store(in: &cancellables)
            todos.$visible.dropFirst().sink { log.append("$visible \($0.count)") }.store(in: &cancellables)
            observe({ todos.count }, onChange: { _ in log.append("observe count \(todos.count)") }).store(in: &tokens)
            observe({ todos.filter }, onChange: { _ in log.append("observe filter \(todos.filter)") }).store(in: &tokens)
        }

        /// A one-shot `track` of `count`, as SwiftUI installs one per body: logs the value it still sees.
        func trackCount() {
            let todos = todos, log = log
            _ = track(read: { todos.count }, onChange: { log.append("track count, still \(todos.count)") })
        }
    }

    @Test func theRegistrarAndObjectWillChangeAreTheRuntimes() {
        let todos = Todos(send: { _ in })
        #expect(todos.registrar === todos.runtime.registrar)
        #expect(todos.objectWillChange === todos.runtime.objectWillChange)
        let object = TodosObject(send: { _ in })  // a declared member is kept: here the same object
        #expect(object.objectWillChange === object.runtime.objectWillChange)
    }

    @Test func aFrameIsAnnouncedToBothModesOnceEachInOneOrder() {
        let fixture = Fixture()
        fixture.trackCount()
        fixture.todos.runtime.apply(fixture.core.frame(answering: .add(title: "tea")))
        // objectWillChange before any change, then the fine-grained willSet (the old value still
        // shown), the commit, the continuous observers, and last the `$field` publishers.
        #expect(fixture.log.all == [
            "objectWillChange, count 2", "track count, still 2", "observe count 3", "$visible 3", "$count 3",
        ])
        #expect(fixture.todos.count == 3)
    }

    @Test func aDrainOfThreeFramesSendsObjectWillChangeOnceAndEachFieldOnce() {
        let fixture = Fixture()
        let core = fixture.core
        fixture.todos.runtime.apply([
            core.frame(answering: .add(title: "tea")), core.frame(answering: .setFilter("open")),
            core.frame(answering: .add(title: "jam")),
        ])
        #expect(fixture.log.all == [
            "objectWillChange, count 2", "observe count 4", "observe filter open", "$visible 4", "$count 4",
        ])
    }

    @Test func aFrameThatChangesOnlyTheFilterIsNotAnnouncedToCountsObservers() {
        let fixture = Fixture()
        fixture.trackCount()
        fixture.todos.runtime.apply(fixture.core.frame(answering: .setFilter("done")))
        // Fine-grained is per field: neither the track nor the observer of `count` hears it. The
        // coarse mode is per object: `objectWillChange` is sent all the same.
        #expect(fixture.log.all == ["objectWillChange, count 2", "observe filter done"])
        fixture.todos.runtime.apply(fixture.core.frame(answering: .add(title: "tea")))
        #expect(fixture.log.all.suffix(5) == [
            "objectWillChange, count 2", "track count, still 2", "observe count 3", "$visible 3", "$count 3",
        ])
    }

    @Test func aRejectedFrameIsAnnouncedInNeitherMode() {
        let fixture = Fixture()
        fixture.trackCount()
        let ghost = Todo(id: TodoID(rawValue: 9), title: "ghost")
        _ = fixture.core.frame(answering: .setFilter("ignored"))
        fixture.todos.runtime.apply(Frame(epoch: 1, sequence: fixture.core.sequence, ops: [
            .set(TodosSchema.count, 7), .update(TodosSchema.visible, ghost.id, ghost),
        ]))
        #expect(fixture.log.all == [])
        #expect(fixture.todos.count == 2)
        #expect(fixture.todos.runtime.errors.count == 1)
    }

    #if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func observationSeesTheSameStoreBetweenTheCoarseAndTheFineAnnouncements() {
        let core = FakeTodoCore(), todos = EveryModeTodos(), log = ValueLog<String>()
        todos.runtime.apply(core.snapshot(["milk"]))
        var cancellables: Set<AnyCancellable> = []
        todos.objectWillChange.sink { log.append("objectWillChange") }.store(in: &cancellables)
        todos.$count.dropFirst().sink { log.append("$count \($0)") }.store(in: &cancellables)
        let counter = observe({ todos.count }, onChange: { _ in log.append("observe count \(todos.count)") })
        #expect(todos.registrar.isBridgedToObservation)  // the class conforms: its first read decided it
        _ = withObservationTracking({ todos.count }, onChange: { log.append("Observation, still \(todos.count)") })
        todos.runtime.apply(core.frame(answering: .add(title: "tea")))
        todos.runtime.apply(core.frame(answering: .setFilter("open")))  // read by nobody but the coarse mode
        #expect(log.all == [
            "objectWillChange", "Observation, still 1", "observe count 2", "$count 2", "objectWillChange",
        ])
        counter.cancel()
    }
    #endif
}
