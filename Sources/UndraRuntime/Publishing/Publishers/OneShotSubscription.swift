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
///
/// Each publisher hands out a subclass of its own (``JustSubscription``, ``OptionalSubscription``,
/// ``OnceSubscription``), which only gives it Combine's name: not generic, so it costs nothing a
/// stored name would not, and the object is no larger. Combine's mirror shows the value as its
/// one child; this one shows none, as the value lives only in ``delivery`` (keeping it apart
/// would cost an allocation per subscription, the whole cost of a `flatMap` to `Just`).
@usableFromInline
class OneShotSubscription: Subscription, CustomStringConvertible {
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
    required init(delivery: @escaping () -> Void) {
        self.delivery = delivery
        assertAtomicWordsComeFirst(self, &usedWord)
    }

    /// Hands `subscriber` a subscription that delivers `value`, then `.finished`, at its first
    /// request.
    @inlinable
    static func subscribe<S: Subscriber>(_ subscriber: S, to value: S.Input) {
        subscriber.receive(subscription: Self {
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        })
    }

    @usableFromInline
    final func request(_ demand: Subscribers.Demand) {
        guard demand > 0, !used.exchange(true, ordering: .acquiringAndReleasing), let delivery = delivery.take() else {
            return
        }
        delivery()
    }

    @usableFromInline
    final func cancel() {
        guard !used.exchange(true, ordering: .acquiringAndReleasing) else { return }
        delivery = nil
    }

    /// The publisher's name, as Combine's: each subclass gives its own.
    @usableFromInline
    var description: String { "Once" }

    /// No children (Combine's shows the value: see above).
    @usableFromInline
    final var customMirror: Mirror { Mirror(self, children: EmptyCollection<Mirror.Child>()) }
}

extension OneShotSubscription: CombineReflection {}

/// `Just`'s subscription: "Just".
@usableFromInline
final class JustSubscription: OneShotSubscription, @unchecked Sendable {
    @usableFromInline
    override var description: String { "Just" }
}

/// `Optional.Publisher`'s subscription: "Optional".
@usableFromInline
final class OptionalSubscription: OneShotSubscription, @unchecked Sendable {
    @usableFromInline
    override var description: String { "Optional" }
}

/// `Result.Publisher`'s subscription: "Once", as Combine names it.
@usableFromInline
final class OnceSubscription: OneShotSubscription, @unchecked Sendable {}

// @unchecked: `delivery` is touched only by the one caller that flips `used` (and by the deinit).
extension OneShotSubscription: @unchecked Sendable {}
#endif
