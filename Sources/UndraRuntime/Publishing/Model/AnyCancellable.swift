#if !canImport(Combine) || UNDRA_COMBINE_MODULE

/// A subscription token that cancels when it is released, as in Combine.
///
/// Keep it (often with ``store(in:)-(Set<AnyCancellable>)``) for as long as the
/// subscription should last. Hashable by identity.
///
/// Thread-safety: `cancel()` may be called from any thread, any number of times; exactly one
/// call (or the deinit) runs the wrapped cancel, on the thread that makes it.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // @unchecked: `subscription` and `canceller` are guarded by `cancelled`, a one-shot lock.
    // The one caller that flips it to true owns them from then on; no one else reads or writes
    // them. For the same reason their exclusivity needs no dynamic check.
    /// The word behind `cancelled`, first in the object (`AtomicWord`); touched only through it.
    @usableFromInline var cancelledWord = 0
    @inlinable var cancelled: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }
    /// A subscription to one of this module's subjects, kept apart from `canceller` because
    /// subscribing and cancelling is a hot path: stored inline, it costs no allocation, and a
    /// direct call costs less than one through an existential.
    @exclusivity(unchecked) @usableFromInline var subscription: SubjectSubscription?
    @exclusivity(unchecked) @usableFromInline var canceller: (any Cancellable)?

    /// Wraps a closure to run on `cancel()` or on release. O(1).
    public init(_ cancel: @escaping () -> Void) {
        canceller = ClosureCancellable(body: cancel)
    }

    /// Wraps another cancellable, cancelled on `cancel()` or on release. O(1).
    @inlinable
    public init<C: Cancellable>(_ canceller: C) {
        self.canceller = canceller
    }

    /// Wraps a subscription to a subject. O(1).
    @inlinable
    init(subscription: SubjectSubscription) {
        self.subscription = subscription
    }

    deinit {
        assertAtomicWordsComeFirst(self, &cancelledWord)
        cancel()
    }

    /// Cancels the wrapped activity and releases it; later calls do nothing. O(1) plus the
    /// wrapped cancel. Safe from any thread.
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        subscription.take()?.cancel()
        canceller.take()?.cancel()
    }

    /// Keeps this subscription in `set` (it lasts as long as the set holds it). O(1) on average.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Keeps this subscription in `collection`, at its end. O(1) amortized for arrays.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Whether the two are the same instance.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// A closure as a `Cancellable`. Small enough to sit inline in `AnyCancellable`'s existential.
private struct ClosureCancellable: Cancellable {
    let body: () -> Void

    func cancel() {
        body()
    }
}
#endif
