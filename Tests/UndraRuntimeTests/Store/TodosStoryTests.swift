#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import Testing
import UndraRuntime

/// The `Todos` example store used the four ways its users use it.
@Suite struct TodosStoryTests {
    /// A store wired to a fake core: a command is answered by the frame that shows its effect.
    final class App: @unchecked Sendable {  // @unchecked: driven from the test's thread.
        let core = FakeTodoCore()
        let sent = ValueLog<TodoCommand>()
        private(set) var todos: Todos!
        private(set) var object: TodosObject!

        init() {
            let core = core, sent = sent
            todos = Todos(send: { [unowned self] command in
                sent.append(command)
                self.todos.runtime.apply(core.frame(answering: command))
            })
            object = TodosObject(send: { [unowned self] command in
                sent.append(command)
                self.object.runtime.apply(core.frame(answering: command))
            })
        }
    }

    @Test func fromTrack() {
        let app = App()
        app.todos.runtime.apply(app.core.snapshot(["milk"]))
        let fired = CallCounter()
        let titles = track(read: { app.todos.visible.map(\.title) }, onChange: { fired.bump() })
        #expect(titles == ["milk"])
        app.todos.send(.setFilter("done"))  // not read
        #expect(fired.count == 0)
        app.todos.send(.add(title: "eggs"))
        #expect(fired.count == 1)
        #expect(app.todos.visible.map(\.title) == ["milk", "eggs"])
        #expect(app.sent.all == [.setFilter("done"), .add(title: "eggs")])
    }

    @Test func fromContinuousObservation() {
        let app = App()
        app.todos.runtime.apply(app.core.snapshot(["milk"]))
        let lines = ValueLog<String>()
        let todos = app.todos!
        let token = observe { lines.append("\(todos.count) todos, last event: \(todos.lastEvent)") }
        app.todos.send(.add(title: "eggs"))
        app.todos.send(.toggle(TodoID(rawValue: 1)))
        #expect(lines.all == [
            "1 todos, last event: ",
            "2 todos, last event: added eggs",  // lastEvent, which does not coalesce, at once
            "2 todos, last event: added eggs",  // count, at the end of the drain
            "2 todos, last event: toggled 1",
        ])
        token.cancel()
    }

    @Test func fromObjectWillChangeSink() {
        let app = App()
        app.object.runtime.apply(app.core.snapshot(["milk"]))
        var announcements = 0
        let subscription = app.object.objectWillChange.sink { announcements += 1 }
        app.object.send(.add(title: "eggs"))
        app.object.send(.toggle(TodoID(rawValue: 2)))
        app.object.send(.setFilter("open"))
        #expect(announcements == 3)  // one per drain, however many fields changed
        subscription.cancel()
    }

    @Test func fromVisibleSink() {
        let app = App()
        app.object.runtime.apply(app.core.snapshot(["milk"]))
        var seen: [[String]] = []
        let subscription = app.object.$visible.sink { list in seen.append(list.map { "\($0.title)\($0.done ? " ✓" : "")" }) }
        app.object.send(.add(title: "eggs"))
        app.object.send(.toggle(TodoID(rawValue: 1)))
        app.object.send(.setFilter("open"))  // another field: no delivery
        #expect(seen == [["milk"], ["milk", "eggs"], ["milk ✓", "eggs"]])
        subscription.cancel()
    }
}
