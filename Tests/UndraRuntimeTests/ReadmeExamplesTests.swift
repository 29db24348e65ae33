import Foundation
import Testing
import UndraRuntime

/// The README's examples, verbatim between the markers, with `print` captured.
@Suite struct ReadmeExamplesTests {
    @MainActor final class Settings: Trackable {
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

    /// The README's generated-code example, verbatim.
    final class Point: Trackable {
        let registrar = Registrar()
        static let xID = PropertyID(\Point.x, name: "x")
        private var _x = 0
        var x: Int {
            get { registrar.access(self, property: Self.xID); return _x }
            set { registrar.withMutation(of: self, property: Self.xID) { _x = newValue } }
        }
    }

    @Test func theGeneratedCodeExample() {
        let point = Point(), fired = CallCounter()
        #expect(track(read: { point.x }, onChange: { fired.bump() }) == 0)
        point.x = 3
        #expect(fired.count == 1)
        #expect(point.x == 3)
        #expect(Point.xID == PropertyID(\Point.x))
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

    /// Keeps the README true: every line of every Swift example in it appears, in order, in the
    /// tests that compile and run it (indentation aside; comment-only lines and the
    /// `import` line excepted).
    @Test func everyReadmeExampleIsOneOfTheseTests() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Tests/UndraRuntimeTests
        let readme = try String(contentsOf: root.appendingPathComponent("../../README.md"), encoding: .utf8)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        let tested = sources.flatMap { $0.split(separator: "\n").map(Self.normalized) }
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 6)
        for block in blocks {
            let lines = block.split(separator: "\n").map(Self.normalized)
                .filter { !$0.isEmpty && !$0.hasPrefix("//") && $0 != "import UndraRuntime" }
            var position = 0
            for line in lines {
                guard let found = tested[position...].firstIndex(of: line) else {
                    Issue.record("README line not found in the tests, in order: \(line)")
                    break
                }
                position = found + 1
            }
        }
    }

    private static func normalized(_ line: Substring) -> String {
        line.trimmingCharacters(in: .whitespaces)
    }
}
