#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A first-in, first-out queue of values waiting inside an operator (`zip`'s sides, `buffer`,
/// `delay`, `receive(on:)`), kept in the operator's locked state.
///
/// Values are moved out as they are taken, never copied, and ``removeAll()`` hands the whole
/// queue back: so a value is released by whoever takes it, outside the lock (a release may run a
/// deinit, which is user code).
///
/// Complexity: `append` and `popFirst` O(1) amortized. The storage is compacted once the taken
/// slots outnumber the waiting ones, so a queue that never empties does not grow without end.
@usableFromInline
struct FIFOQueue<Element> {
    @usableFromInline var storage: [Element?] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    /// How many values wait.
    @inlinable
    var count: Int { storage.count - head }

    @inlinable
    var isEmpty: Bool { head == storage.count }

    /// The oldest value, left in place.
    @inlinable
    var first: Element? { isEmpty ? nil : storage[head] }

    /// The elements, first to last: for a mirror. O(n).
    var elements: [Element] { storage[head...].map { $0! } }

    @inlinable
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Takes the oldest value out, or nil if none waits.
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAllKeepingCapacity()
            head = 0
        } else if head >= 16, head >= storage.count - head {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Empties the queue and returns what it held, for the caller to release after unlocking.
    @inlinable
    mutating func removeAll() -> FIFOQueue {
        let all = self
        self = FIFOQueue()
        return all
    }
}
#endif
