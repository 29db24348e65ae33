import Dispatch
import Foundation
@testable import UndraRuntime

/// A word read and written atomically from any thread: the library's `AtomicWord`, in an object
/// of its own (the word is the object's first stored property, as `AtomicWord` requires).
final class TestAtomic<Value: AtomicValue>: @unchecked Sendable {
    // @unchecked: `word` is only reached through `AtomicWord`'s atomic operations.
    private var word: Int
    private var atomic: AtomicWord<Value> { AtomicWord(inFirstPropertyOf: self) }

    init(_ value: Value) {
        word = value.atomicWord
        assertAtomicWordsComeFirst(self, &word)
    }

    func load(ordering: AtomicOrdering) -> Value { atomic.load(ordering: ordering) }
    func store(_ value: Value, ordering: AtomicOrdering) { atomic.store(value, ordering: ordering) }
    func exchange(_ value: Value, ordering: AtomicOrdering) -> Value { atomic.exchange(value, ordering: ordering) }
}

extension TestAtomic where Value == Int {
    @discardableResult
    func wrappingAdd(_ delta: Int, ordering: AtomicOrdering) -> (oldValue: Int, newValue: Int) {
        atomic.wrappingAdd(delta, ordering: ordering)
    }

    @discardableResult
    func wrappingSubtract(_ delta: Int, ordering: AtomicOrdering) -> (oldValue: Int, newValue: Int) {
        atomic.wrappingSubtract(delta, ordering: ordering)
    }
}

/// Counts events from any thread.
final class CallCounter: Sendable {
    private let value = TestAtomic<Int>(0)

    var count: Int { value.load(ordering: .acquiring) }

    func bump() { value.wrappingAdd(1, ordering: .acquiringAndReleasing) }
}

/// Records values from any thread, in the order they arrive.
final class ValueLog<Value: Sendable>: @unchecked Sendable {  // @unchecked: `values` only under `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    var all: [Value] { lock.withLock { values } }

    func append(_ value: Value) { lock.withLock { values.append(value) } }
}

/// An object whose deallocation can be observed through a weak reference.
final class Witness: Sendable {}

/// A weak reference to keep in a collection.
struct Weak<Object: AnyObject> {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}

/// Runs `body` on a new thread and waits for it to finish.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// Runs `body(i)` for `i` in `0..<count`, each on its own thread, all released at once; waits for all.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        Thread {
            ready.signal()
            go.wait()
            body(index)
            done.signal()
        }.start()
    }
    for _ in 0..<count { ready.wait() }
    for _ in 0..<count { go.signal() }
    for _ in 0..<count { done.wait() }
}

/// Waits until `condition` holds, polling every millisecond; gives up after `seconds` × 1,000
/// polls (the caller's `#expect` then fails). Counted in polls rather than by the clock, so that
/// time this thread is not scheduled (a loaded machine) does not use up the budget.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) {
    for _ in 0..<Int(seconds * 1_000) {
        if condition() { return }
        usleep(1000)
    }
}
