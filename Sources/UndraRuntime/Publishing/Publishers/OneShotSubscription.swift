#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of a publisher that has one value, then `.finished`, ready when it is
/// subscribed (`Just`, `Optional.Publisher` and `Result.Publisher` with a value): the first
/// request delivers both; a cancel before it delivers nothing.
///
/// Not generic: the subscriber and the value are held by ``delivery``, a closure made by the
/// inlinable ``subscribe(_:to:)`` where their types are known. A request comes through
/// `any Subscription`, and a generic class reached that way runs the generic code compiled in
/// this module, its deinit included: each looked up generic metadata (the deinit alone cost a
/// `flatMap` to `Just` about 1,500 instructions per value).
///
/// Thread-safety: `request` and `cancel` from any thread; one atomic exchange decides which
/// comes first, so the value is delivered at most once, and the subscriber is let go once the
/// subscription has been used up or cancelled.
@usableFromInline
final class OneShotSubscription: Subscription, CustomStringConvertible {
    /// The word behind `used`, first in the object (`AtomicWord`); touched only through it.
    /// `@exclusivity(unchecked)` here and on `delivery`: Swift touches this word only in `init`,
    /// and `delivery` only from the one thread that flips `used`; the dynamic checks were about
    /// 5% of a `flatMap` to `Just`'s instructions.
    @exclusivity(unchecked) @usableFromInline var usedWord = 0
    @inlinable
    var used: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }
    /// Delivers the value, then `.finished`, to the subscriber. Owned by whoever flips `used`.
    @exclusivity(unchecked) @usableFromInline var delivery: (() -> Void)?

    @inlinable
    init(delivery: @escaping () -> Void) {
        self.delivery = delivery
        assertAtomicWordsComeFirst(self, &usedWord)
    }

    /// Hands `subscriber` a subscription that delivers `value`, then `.finished`, at its first
    /// request.
    @inlinable
    static func subscribe<S: Subscriber>(_ subscriber: S, to value: S.Input) {
        subscriber.receive(subscription: OneShotSubscription {
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        })
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, !used.exchange(true, ordering: .acquiringAndReleasing), let delivery = delivery.take() else {
            return
        }
        delivery()
    }

    @usableFromInline
    func cancel() {
        guard !used.exchange(true, ordering: .acquiringAndReleasing) else { return }
        delivery = nil
    }

    @usableFromInline
    var description: String { "Once" }
}

// @unchecked: `delivery` is touched only by the one caller that flips `used` (and by the deinit).
extension OneShotSubscription: @unchecked Sendable {}
#endif
