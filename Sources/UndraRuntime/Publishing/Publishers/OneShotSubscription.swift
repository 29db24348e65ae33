#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription of a publisher that has at most one value, then a completion, ready when
/// it is subscribed (`Just`, a fulfilled `Future`, `Optional.Publisher`, `Result.Publisher`):
/// the first request delivers both; a cancel before it delivers nothing.
///
/// Thread-safety: `request` and `cancel` from any thread; one atomic exchange decides which
/// comes first, so the value is delivered at most once, and the subscriber is let go once the
/// subscription has been used up or cancelled.
final class OneShotSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    /// The word behind `used`, first in the object (`AtomicWord`); touched only through it.
    private var usedWord = 0
    private var used: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }
    /// Owned by whoever flips `used`.
    private var downstream: Downstream?
    private var value: Downstream.Input?
    private let completion: Subscribers.Completion<Downstream.Failure>

    /// Delivers `value`, if any, then `completion`, at the first request.
    init(_ downstream: Downstream, value: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>) {
        self.downstream = downstream
        self.value = value
        self.completion = completion
        assertAtomicWordsComeFirst(self, &usedWord)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, !used.exchange(true, ordering: .acquiringAndReleasing),
              let downstream = downstream.take()
        else { return }
        if let value = value.take() { _ = downstream.receive(value) }
        downstream.receive(completion: completion)
    }

    func cancel() {
        guard !used.exchange(true, ordering: .acquiringAndReleasing) else { return }
        downstream = nil
        value = nil
    }

    var description: String { "Once" }
}

// @unchecked: `downstream` and `value` are touched only by the one caller that flips `used`.
extension OneShotSubscription: @unchecked Sendable {}
#endif
