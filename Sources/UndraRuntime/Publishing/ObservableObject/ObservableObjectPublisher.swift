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

    /// Subscribes `subscriber`, at the end of the order, to every announcement sent from now on
    /// (it never completes). As in Combine, demand plays no part: a subscriber that asked for one
    /// value, or for none, still hears every `send()`, and what it returns is ignored.
    /// O(subscribers).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        let subscription = Signals()
        subscriber.receive(subscription: subscription)
        subscription.join(broadcaster.core.subscribe(receiveCompletion: { _ in }, receiveValue: { _ = subscriber.receive() }))
    }

    /// A subscriber's subscription: requests change nothing; a cancel leaves the order (at once,
    /// or as the subscriber joins it, if it comes first).
    ///
    /// `@unchecked Sendable`: its one state, `membership`, is under that `Locked`'s lock.
    private final class Signals: Subscription, CustomStringConvertible, @unchecked Sendable {
        private enum Membership {
            case joining
            case joined(AnyCancellable)
            case cancelled
        }

        private let membership = Locked(Membership.joining)

        var description: String { "ObservableObjectPublisher" }

        func join(_ member: AnyCancellable) {
            let keep = membership.withLock { membership -> Bool in
                guard case .joining = membership else { return false }
                membership = .joined(member)
                return true
            }
            if !keep { member.cancel() }
        }

        func request(_ demand: Subscribers.Demand) {}

        func cancel() {
            let member = membership.withLock { membership -> AnyCancellable? in
                defer { membership = .cancelled }
                if case .joined(let member) = membership { return member }
                return nil
            }
            member?.cancel()
        }
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
