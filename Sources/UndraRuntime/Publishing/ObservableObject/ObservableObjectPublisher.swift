#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The publisher that an ``ObservableObject`` sends before any of its `@Published` properties
/// changes: `objectWillChange`'s default type. Any code may hold one and call ``send()``.
///
/// Thread-safety and delivery are those of ``PassthroughSubject``. A send is O(subscribers),
/// with no lock and no allocation when no other thread is sending.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    // @unchecked: all state is in `broadcaster`, guarded by its lock (`shared`) and atomics.
    public typealias Output = Void
    public typealias Failure = Never

    @usableFromInline let broadcaster = Broadcaster<Void, Never>()

    /// A publisher with no subscribers.
    public init() {}

    /// Tells the subscribers that asked for it that the object is about to change.
    @inlinable
    public func send() {
        broadcaster.core.send(())
    }

    /// Whether anyone is subscribed now. O(1); safe from any thread.
    var hasSubscribers: Bool { broadcaster.core.hasSubscribers }

    /// Subscribes `subscriber`, at the end of the order, to the announcements sent from now on
    /// that it asks for (it never completes). O(subscribers).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        broadcaster.core.subscribe(subscriber)
    }

    /// `sink`'s subscription: the closures join the order themselves, with unlimited demand.
    /// O(subscribers); allocates the subscriber and its `AnyCancellable`.
    @inlinable
    public func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        broadcaster.core.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}
#endif
