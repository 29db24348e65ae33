#if !canImport(Combine)
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

    /// Tells the subscribers that the object is about to change.
    @inlinable
    public func send() {
        broadcaster.send(())
    }

    /// Whether anyone is subscribed now. O(1); safe from any thread.
    var hasSubscribers: Bool { broadcaster.hasSubscribers }

    /// Subscribes, at the end of the order, to the announcements sent from now on (it never
    /// completes). O(subscribers); allocates the subscriber and its `AnyCancellable`.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        broadcaster.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}
#endif
