import Testing
import UndraRuntime

/// The README's examples, verbatim between the markers, with `print` captured.
@Suite struct ReadmeExamplesTests {
    @MainActor
    final class Settings: Trackable {
        let registrar = Registrar()
        @Tracked var theme = "dark"
        @Tracked var fontSize = 14
    }

    @Test @MainActor func theFineGrainedExample() async {
        let printed = ValueLog<String>()
        @Sendable func print(_ line: String) { printed.append(line) }

        // --- README: fine-grained ---
        let settings = Settings()

        // One-shot, as SwiftUI does: read, then be told once when what was read changes.
        let theme = track(read: { settings.theme }, onChange: { print("theme will change") })
        settings.fontSize = 16        // not read: nothing
        settings.theme = "light"      // "theme will change"

        // Continuous, as UIKit code does it: now, then after changes (coalesced, on the main actor).
        let token = observe(on: MainActor.shared) { print("font size \(settings.fontSize)") }
        settings.fontSize = 18        // "font size 18", at the main actor's next turn
        // --- end ---

        for _ in 0..<1000 where printed.all.count < 3 { await Task.yield() }
        #expect(theme == "dark")
        #expect(printed.all == ["theme will change", "font size 16", "font size 18"])
        token.cancel()
    }

    @Test func theStoreExample() {
        let printed = ValueLog<String>()
        @Sendable func print(_ line: String) { printed.append(line) }
        let core = FakeTodoCore()

        // --- README: a store ---
        let todos = Todos(send: { command in /* to the core */ _ = command })
        todos.runtime.apply(core.snapshot(["milk", "eggs"]))        // frames come from the core

        let token = observe { print("\(todos.count) todos: \(todos.visible.map(\.title))") }
        // "2 todos: ["milk", "eggs"]"
        todos.runtime.apply(core.frame(answering: .add(title: "tea")))
        // "3 todos: ["milk", "eggs", "tea"]" (once, however many fields the frame changed)
        token.cancel()
        // --- end ---

        #expect(printed.all == ["2 todos: [\"milk\", \"eggs\"]", "3 todos: [\"milk\", \"eggs\", \"tea\"]"])
    }
}
