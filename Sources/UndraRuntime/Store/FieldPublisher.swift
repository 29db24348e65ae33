#if canImport(Combine)
import Combine
#endif

/// The publisher of a store field's values: `todos.$visible`. A new subscriber gets the current
/// value as soon as it asks, then the value after each change (once per drain for a coalescing
/// field; every value for one that does not coalesce). It never completes.
///
/// The values are the mirror's own, read as they are delivered: a keyed list is delivered
/// without being copied, and no publisher holds it between changes (the subject behind it is a
/// `CurrentValueSubject<Void, Never>` of the changes, which holds nothing), so a patch finds the
/// list uniquely referenced and changes it in place. A subscriber that keeps a delivered list
/// makes the next patch copy it (copy-on-write), as keeping any array would.
///
/// Written with Combine's public API only: it is the same source over Apple's Combine.
///
/// - Thread safety: subscribe, request and cancel from any thread; values are delivered
///   serially, on the thread applying frames (or on a subscribing thread, for its first value).
///   Because each delivery reads the mirror, and deliveries to one subscriber never overlap, a
///   subscriber never sees an older value after a newer one; one that subscribes while a drain
///   changes the field may get the drain's value twice.
public struct FieldPublisher<Output>: Publisher {
    public typealias Failure = Never

    @usableFromInline let changes: CurrentValueSubject<Void, Never>
    @usableFromInline let read: @Sendable () -> Output

    @usableFromInline
    init(changes: CurrentValueSubject<Void, Never>, read: @escaping @Sendable () -> Output) {
        self.changes = changes
        self.read = read
    }

    /// Subscribes `subscriber` to the field's changes, each read from the mirror as it is
    /// delivered. O(subscribers of the field).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        changes.map { [read] _ in read() }.receive(subscriber: subscriber)
    }
}
