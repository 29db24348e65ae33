#if !canImport(Combine)
/// The publisher of a store field's values: `todos.$visible`. A new subscriber gets the current
/// value at once, then the value after each change (once per drain for a coalescing field; every
/// value for one that does not coalesce). It never completes.
///
/// The values are the mirror's own: a keyed list is delivered without being copied. Between
/// drains the publisher holds the latest value (for new subscribers); it lets go of it before
/// the next commit, so that the mirror patches the list in place. A subscriber that keeps a
/// delivered list makes the next patch copy it (copy-on-write), as keeping any array would.
///
/// - Thread safety: subscribe and cancel from any thread; values are delivered serially, on
///   the thread applying frames. A subscriber that subscribes while a drain is changing the
///   field gets its first value when that drain announces it.
public struct FieldPublisher<Output>: Publisher {
    public typealias Failure = Never

    let subject: FieldSubject<Output>

    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subject.broadcaster.subscribe(owner: subject, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

/// The subject behind one field's publisher: a broadcaster whose current value is cleared while
/// a drain changes the field.
final class FieldSubject<Output>: BroadcasterOwner, AnyFieldSubject, @unchecked Sendable {
    // @unchecked: all state is in `broadcaster` (its lock and atomics); `read` is a @Sendable closure.
    let broadcaster: Broadcaster<Output, Never>
    private let read: @Sendable () -> Output

    /// - Parameter current: nil when the field is being changed by a drain (its value comes then).
    init(current: Output?, read: @escaping @Sendable () -> Output) {
        broadcaster = Broadcaster(current: current)
        self.read = read
    }

    func clearCurrent() {
        let released = broadcaster.shared.withLock { $0.current.take() }
        _ = released  // Released here, outside the lock.
    }

    func sendCurrent() {
        broadcaster.send(read(), updatingCurrent: true) { _ in }
    }
}

/// What the publishing facade does with a field's subject, whatever the field's type.
protocol AnyFieldSubject: AnyObject, Sendable {
    /// Lets go of the held value, before a commit changes the field.
    func clearCurrent()
    /// Delivers the field's value (read now) and holds it for new subscribers.
    func sendCurrent()
}
#endif
