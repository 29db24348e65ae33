#if !canImport(Combine)
/// The engine under every subject here: an ordered list of subscribers, and serial delivery
/// (how: ``BroadcasterCore``).
///
/// A subject keeps one as a stored `let`, and sends, subscribes and reads through it. All the
/// state is in its ``core``, which the subject's subscriptions hold too, so that they can cancel
/// without the subject; this value only ties the core to the subject's lifetime: when the
/// subject goes, it closes the core, and every subscriber (with its closures) is released.
///
/// A sender holds the subject, and so the core, for as long as its send lasts.
@usableFromInline
struct Broadcaster<Output, Failure: Error>: ~Copyable {
    @usableFromInline typealias Core = BroadcasterCore<Output, Failure>

    @usableFromInline let core: Core

    /// A broadcaster with no subscribers; `current` is the first value of a subject that has one.
    @inlinable
    init(current: Output? = nil) {
        core = Core(current: current)
    }

    deinit {
        core.close()
    }

    /// The core's lock and the state it guards.
    @inlinable
    var shared: Locked<Core.Shared> { core.shared }

    /// Delivers `value` to every subscriber, or queues it if someone is delivering. For subjects
    /// with no current value. O(subscribers); safe from any thread.
    @inlinable
    func send(_ value: Output) {
        core.send(value)
    }

    /// Whether anyone is subscribed now. O(1); safe from any thread.
    @inlinable
    var hasSubscribers: Bool { core.hasSubscribers }

    /// Sends under the lock, making `value` the current value if `updatingCurrent`; see
    /// ``BroadcasterCore/send(_:updatingCurrent:then:afterEachValue:)``. O(subscribers); safe
    /// from any thread.
    @inlinable
    func send(
        _ value: Output, updatingCurrent: Bool, then work: (() -> Void)? = nil, afterEachValue: (Output) -> Void
    ) {
        core.send(value, updatingCurrent: updatingCurrent, then: work, afterEachValue: afterEachValue)
    }

    /// Completes every subscriber, after the values already sent. Safe from any thread.
    @inlinable
    func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }

    /// The latest value sent (subjects that have one). O(1); safe from any thread.
    @inlinable
    var current: Output? { core.current }

    /// Subscribes at the end of the order; see ``BroadcasterCore/subscribe(receiveCompletion:receiveValue:)``.
    /// O(subscribers); safe from any thread.
    @inlinable
    func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        core.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// Starts delivering, if nobody is; see ``BroadcasterCore/beginDelivering()``.
    @inlinable
    func beginDelivering() -> Bool {
        core.beginDelivering()
    }

    /// Delivers `value` to the subscribers that joined before `sentAt` (only while delivering).
    @inlinable
    func deliver(_ value: Output, sentAt: Int) {
        core.deliver(value, sentAt: sentAt)
    }

    /// Stops delivering, unless work arrived meanwhile: then does it first.
    @inlinable
    func finishDelivering(_ afterEachValue: (Output) -> Void) {
        core.finishDelivering(afterEachValue)
    }
}
#endif
