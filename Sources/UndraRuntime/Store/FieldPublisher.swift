#if !canImport(Combine)
/// The publisher of a store field's values: `todos.$visible`. A new subscriber gets the current
/// value at once, then the value after each change (once per drain for a coalescing field; every
/// value for one that does not coalesce). It never completes.
///
/// The values are the mirror's own: a keyed list is delivered without being copied, and the
/// publisher holds none between changes (a new subscriber reads the mirror), so a patch finds
/// the list uniquely referenced and changes it in place. A subscriber that keeps a delivered list
/// makes the next patch copy it (copy-on-write), as keeping any array would.
///
/// - Thread safety: subscribe and cancel from any thread; values are delivered serially, on
///   the thread applying frames. A subscriber that subscribes while a drain changes the field
///   may get the drain's value twice (once read, once announced), never an older value after it.
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
        subject.broadcaster.core.subscribe(
            reading: subject.read, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

/// The subject behind one field's publisher: a broadcaster with no current value of its own
/// (the mirror has it).
///
/// Its send runs through `work`, a closure made by `Field.publisher(in:)`/`ListField.publisher(in:)`
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
        @usableFromInline let sendCurrent: @Sendable (FieldSubject) -> Void

        @inlinable
        init(sendCurrent: @escaping @Sendable (FieldSubject) -> Void) {
            self.sendCurrent = sendCurrent
        }

        /// The work, specialized for `Output` in the caller's module.
        @inlinable
        static var specialized: Work {
            Work(sendCurrent: { $0._sendCurrent() })
        }
    }

    init(read: @escaping @Sendable () -> Output, work: Work) {
        broadcaster = Broadcaster()
        self.read = read
        self.work = work
    }

    @usableFromInline override func sendCurrent() { work.sendCurrent(self) }

    /// Sends the field's value under the broadcaster's lock (so that a subscriber joining at that
    /// moment either is reached by it or reads it).
    @inlinable
    func _sendCurrent() {
        broadcaster.send(read(), updatingCurrent: false) { _ in }
    }
}

/// What the publishing facade does with a field's subject, whatever the field's type. A class,
/// so that the facade keeps each field's subject in an atomic reference, set once.
@usableFromInline
class AnyFieldSubject: @unchecked Sendable {  // @unchecked: no state; subclasses say what guards theirs.
    /// Delivers the field's value, read now.
    @usableFromInline func sendCurrent() {
        preconditionFailure("AnyFieldSubject.sendCurrent is abstract")
    }
}
#endif
