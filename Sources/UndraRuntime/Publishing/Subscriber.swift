#if !canImport(Combine)
/// One subscriber of a ``Broadcaster``: its closures, and its place in the order.
///
/// Only the broadcaster's roster holds it (the subscriber's `AnyCancellable` holds a
/// ``SubjectSubscription`` instead), so it is released, and its closures with it, as soon as it
/// leaves the roster: on cancel, on completion, or with the subject. Everything is `let`, so
/// that a delivery calls the closures without retaining them.
@usableFromInline
final class Subscriber<Output, Failure: Error> {
    /// The broadcaster's clock when the subscriber joined: unique, and increasing in
    /// subscription order. A value sent at clock `t` reaches only subscribers with `id < t`.
    @usableFromInline let id: Int
    @usableFromInline let receiveValue: (Output) -> Void
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @inlinable
    init(
        id: Int,
        receiveValue: @escaping (Output) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.id = id
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }
}
#endif
