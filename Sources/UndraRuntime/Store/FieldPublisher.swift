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

    @usableFromInline let subject: FieldSubject<Output>

    @usableFromInline
    init(subject: FieldSubject<Output>) {
        self.subject = subject
    }

    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subject.broadcaster.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

/// The subject behind one field's publisher: a broadcaster whose current value is cleared while
/// a drain changes the field.
///
/// Its work runs through `work`, closures made by `Field.publisher(in:)`/`ListField.publisher(in:)`
/// (inlined into the module that declares the field), so that sending a value runs code
/// specialized for the field's type rather than generic code (see `ListStorage`).
@usableFromInline
final class FieldSubject<Output>: AnyFieldSubject, @unchecked Sendable {
    // @unchecked: all state is in `broadcaster` (its lock and atomics); the closures are @Sendable.
    @usableFromInline let broadcaster: Broadcaster<Output, Never>
    @usableFromInline let read: @Sendable () -> Output
    private let work: Work

    @usableFromInline
    struct Work: Sendable {
        @usableFromInline let clearCurrent: @Sendable (FieldSubject) -> Void
        @usableFromInline let sendCurrent: @Sendable (FieldSubject) -> Void

        @inlinable
        init(
            clearCurrent: @escaping @Sendable (FieldSubject) -> Void,
            sendCurrent: @escaping @Sendable (FieldSubject) -> Void
        ) {
            self.clearCurrent = clearCurrent
            self.sendCurrent = sendCurrent
        }

        /// The work, specialized for `Output` in the caller's module.
        @inlinable
        static var specialized: Work {
            Work(clearCurrent: { $0._clearCurrent() }, sendCurrent: { $0._sendCurrent() })
        }
    }

    /// - Parameter current: nil when the field is being changed by a drain (its value comes then).
    init(current: Output?, read: @escaping @Sendable () -> Output, work: Work) {
        broadcaster = Broadcaster(current: current)
        self.read = read
        self.work = work
    }

    @usableFromInline func clearCurrent() { work.clearCurrent(self) }
    @usableFromInline func sendCurrent() { work.sendCurrent(self) }

    @inlinable
    func _clearCurrent() {
        let released = broadcaster.shared.withLock { $0.current.take() }
        _ = released  // Released here, outside the lock.
    }

    @inlinable
    func _sendCurrent() {
        broadcaster.send(read(), updatingCurrent: true) { _ in }
    }
}

/// What the publishing facade does with a field's subject, whatever the field's type.
@usableFromInline
protocol AnyFieldSubject: AnyObject, Sendable {
    /// Lets go of the held value, before a commit changes the field.
    func clearCurrent()
    /// Delivers the field's value (read now) and holds it for new subscribers.
    func sendCurrent()
}
#endif
