#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ReadmeExampleTests {
        /// The coarse-mode example of the README, verbatim, with `print` captured.
        @Test func theReadmeExampleRunsAsDescribed() {
            var printed: [String] = []
            func print(_ line: String) { printed.append(line) }

            // --- README example ---
            final class TodoList: ObservableObject {
                @Published var items: [String] = []
                @Published var filter = ""
            }

            let todos = TodoList()
            var cancellables = Set<AnyCancellable>()

            todos.objectWillChange
                .sink { print("todos will change") }
                .store(in: &cancellables)

            todos.$items
                .map(\.count)
                .removeDuplicates()
                .sink { print("\($0) items") }      // prints "0 items" at once
                .store(in: &cancellables)

            todos.items.append("Buy milk")          // "todos will change", then "1 items"
            todos.filter = "milk"                   // "todos will change" only
            cancellables.removeAll()                // ends both subscriptions
            todos.items.removeAll()                 // prints nothing
            // --- end ---

            #expect(printed == ["0 items", "todos will change", "1 items", "todos will change"])
        }
    }
}
#endif
