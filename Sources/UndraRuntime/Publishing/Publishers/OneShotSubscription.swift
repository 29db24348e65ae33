#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of a publisher that has at most one value, then a completion, ready when
/// it is subscribed (`Just`, a fulfilled `Future`, `Optional.Publisher`, `Result.Publisher`):
/// the first request delivers both; a cancel before it delivers nothing.
///
/// Thread-safety: `request` and `cancel` from any thread; one atomic exchange decides which
/// comes first, so the value is delivered at most once, and the subscriber is let go once the
/// subscription has been used up or cancelled.
@usableFromInline
final class OneShotSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    /// The word behind `used`, first in the object (`AtomicWord`); touched only through it.
    @usableFromInline var usedWord = 0
    @inlinable
    var used: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }
    /// Owned by whoever flips `used`.
    @usableFromInline var downstream: Downstream?
    @usableFromInline var value: Downstream.Input?
    @usableFromInline let completion: Subscribers.Completion<Downstream.Failure>
    /// What `request(_:)` does, made where the types are known (``deliverer``, passed in by the
    /// caller: a closure made in this initializer is not specialized). `request(_:)` is reached
    /// through `any Subscription`, whose witness is the generic method compiled in this module:
    /// so it only calls this, and the work runs specialized. Unspecialized, each value looked up
    /// generic metadata (a `flatMap` to `Just` cost 150× its floor).
    @usableFromInline let deliver: (OneShotSubscription, Subscribers.Demand) -> Void

    /// Delivers `value`, if any, then `completion`, at the first request.
    @inlinable
    init(
        _ downstream: Downstream, value: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>,
        deliver: @escaping (OneShotSubscription, Subscribers.Demand) -> Void
    ) {
        self.downstream = downstream
        self.value = value
        self.completion = completion
        self.deliver = deliver
        assertAtomicWordsComeFirst(self, &usedWord)
    }

    /// What ``deliver`` must be: ``deliver(_:)``.
    @inlinable
    static var deliverer: (OneShotSubscription, Subscribers.Demand) -> Void {
        { subscription, demand in subscription.deliver(demand) }
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        deliver(self, demand)
    }

    /// The first positive demand delivers the value and the completion.
    @inlinable
    func deliver(_ demand: Subscribers.Demand) {
        guard demand > 0, !used.exchange(true, ordering: .acquiringAndReleasing),
              let downstream = downstream.take()
        else { return }
        if let value = value.take() { _ = downstream.receive(value) }
        downstream.receive(completion: completion)
    }

    @inlinable
    func cancel() {
        guard !used.exchange(true, ordering: .acquiringAndReleasing) else { return }
        downstream = nil
        value = nil
    }

    @inlinable
    var description: String { "Once" }
}

// @unchecked: `downstream` and `value` are touched only by the one caller that flips `used`.
extension OneShotSubscription: @unchecked Sendable {}
#endif
