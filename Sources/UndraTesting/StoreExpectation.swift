import Foundation
import UndraRuntime

/// Exhaustive assertions on a store, as TCA's `TestStore` makes them: after each step, the test
/// states how the store's state changed, and the whole state is compared.
///
///     let expectation = StoreExpectation(todos.runtime, fields: TodosSchema.fields)
///     _ = try await todos.add(title: "tea")
///     expectation.expect {
///         $0[TodosSchema.visible] = [1: Todo(id: 1, title: "tea", done: false)]
///         $0[TodosSchema.count] = 1
///     }
///
/// `expect` applies the change to the state expected so far (at first, the store's state when
/// the expectation was made) and compares every field with the store's: a field stated wrongly,
/// and a field the step did not state that changed, is a failure of the running test (Swift
/// Testing's issue, or XCTest's failure), one message for the step, each field with what
/// differs: the value expected and the value held, a keyed list by key (`+`, `-`, `~` rows).
/// Values print as their type gives them (an optional as its value or `nil`, a string quoted).
/// After the check the store's state is the one expected, so a failure is reported once.
///
/// Fields whose values are not `Equatable` are not compared.
///
/// - Thread safety: its state is behind a lock; call `expect` after the store has applied the
///   step (a command's call has returned, `TestCore`'s `send` has).
public final class StoreExpectation: @unchecked Sendable {
    // @unchecked: `expected` is only read and written under `lock`.
    private let lock = NSLock()
    private var expected: StoreState
    private let runtime: StoreRuntime
    private let fields: [any FieldDeclaration]

    /// An expectation of `runtime`'s store, starting from the state it holds now.
    public init(_ runtime: StoreRuntime, fields: [any FieldDeclaration]) {
        self.runtime = runtime
        self.fields = fields
        expected = StoreState(of: runtime, fields: fields)
    }

    /// The state expected so far.
    public var state: StoreState { lock.withLock { expected } }

    /// Compares the whole state with the one expected so far: the step must have changed
    /// nothing. Returns whether the store holds exactly the state expected.
    @discardableResult
    public func expect(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        expect({ _ in }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// States the step's change and compares the whole state. Returns whether the store holds
    /// exactly the state expected.
    @discardableResult
    public func expect(
        _ change: (inout StoreState) throws -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) rethrows -> Bool {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        let actual = StoreState(of: runtime, fields: fields)
        let stated = try lock.withLock { () throws -> StoreState in
            var stated = expected
            stated.stated = []
            try change(&stated)
            expected = actual
            return stated
        }
        let lines = Self.differences(stated: stated, actual: actual)
        guard !lines.isEmpty else { return true }
        TestFailure.record("the store's state is not the one expected:\n" + lines.joined(separator: "\n"), at: place)
        return false
    }

    /// Each field that differs from what was stated, with how.
    static func differences(stated: StoreState, actual: StoreState) -> [String] {
        var lines: [String] = []
        for id in actual.values.keys.sorted() {
            guard let held = actual.values[id], let wanted = stated.values[id], !wanted.isEqual(held.value) else { continue }
            if !stated.stated.contains(id) {
                lines.append("\(held.name) changed, and the step did not say so:")
            } else if held.isList {
                lines.append("\(held.name): not the rows expected:")
            } else {
                lines.append("\(held.name): expected \(wanted.rendered), but it holds \(held.rendered)")
                continue
            }
            lines += held.difference(wanted).map { "    " + $0 }
        }
        return lines
    }
}
