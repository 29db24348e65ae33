#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// What an operator that reduces its upstream to at most one value does (`reduce`, `count`,
/// `collect()`, `min`, `contains`, `first`, `last`, …): fold each value into its state, and say
/// when the result is known before the upstream ends (`first`, `contains`).
///
/// A `try` operator's fold and its plain twin are usually one type, generic over `Failure`: the
/// closure it is given returns a `Result` (a plain closure's is always a success).
@usableFromInline
protocol Reducer {
    associatedtype Input
    associatedtype Output
    /// What the fold fails with (`any Error` for the `try` forms).
    associatedtype Failure: Error

    /// The operator's name, which its subscription goes by.
    @inlinable
    var name: String { get }

    /// Folds in `input`. Called for one value at a time, never after `.done` or `.fail`.
    @inlinable
    mutating func fold(_ input: Input) -> ReduceStep<Failure>

    /// The value to deliver, or nil for none; asked once, when the upstream has finished or
    /// `fold` said `.done`.
    @inlinable
    mutating func result() -> Output?

    /// The result before any value, as Combine's mirror shows it ("initial"): `reduce`'s initial
    /// result, 0 for `count`, nil for `first`, …
    var initial: Output? { get }}

/// What a ``Reducer`` says after a value.
@usableFromInline
enum ReduceStep<Failure: Error> {
    /// Go on.
    case more
    /// The result is known: the upstream subscription is cancelled, and the result delivered.
    case done
    /// Fail: the upstream subscription is cancelled, and the downstream fails.
    case fail(Failure)
}

/// The subscriber a reducing operator puts on its upstream, and the subscription it hands the
/// downstream, with Combine's demand rules: the upstream is asked for everything (`.unlimited`)
/// as soon as the operator is subscribed, right after the downstream is handed its subscription,
/// so values sent before the downstream's first request are folded in too; the result is
/// delivered, then `.finished`, once the downstream has asked for it. A completion with
/// no result, or a failure, needs no demand and goes at once.
///
/// Thread-safety: `request` and `cancel` from any thread. The reducer is touched only by the
/// `receive` calls, which the upstream never overlaps, so a value costs no lock; the lock is taken
/// once at the end, where the result meets the downstream's request, which may come from another
/// thread. Complexity: O(1) per value, plus the fold.
@usableFromInline
final class ReduceSubscription<Downstream: Subscriber, Fold: Reducer, UpstreamFailure: Error>: Subscriber, Subscription,
    CustomStringConvertible
where Fold.Output == Downstream.Input, Fold.Failure == Downstream.Failure {
    @usableFromInline
    typealias Input = Fold.Input
    @usableFromInline
    typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let upstream = UpstreamSubscription()
    /// The operator's failure for the upstream's (the same error, or it as `any Error`).
    @usableFromInline let failure: (UpstreamFailure) -> Downstream.Failure
    @exclusivity(unchecked) @usableFromInline var reducer: Fold
    /// Until the reducer is done or the upstream completes; only the `receive` calls touch it.
    @exclusivity(unchecked) @usableFromInline var folding = true
    @usableFromInline let outcome = Locked(Outcome())
    /// The operator's name, taken at the start: the reducer itself is the `receive` calls'.
    @usableFromInline let description: String

    @usableFromInline
    struct Outcome {
        @usableFromInline var requested = false
        /// The result, waiting for the downstream's first request.
        @usableFromInline var waiting: Downstream.Input?
        /// Delivered, failed or cancelled: nothing more goes downstream.
        @usableFromInline var over = false
    }

    @inlinable
    init(downstream: Downstream, reducer: Fold, failure: @escaping (UpstreamFailure) -> Downstream.Failure) {
        self.downstream = downstream
        self.reducer = reducer
        self.failure = failure
        description = reducer.name
    }

    @inlinable
    func receive(subscription: Subscription) {
        guard upstream.set(subscription) else { return }
        downstream.receive(subscription: self)
        upstream.request(.unlimited)  // nothing if the downstream cancelled meanwhile
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        guard folding else { return .none }
        switch reducer.fold(input) {
        case .more:
            return .none
        case .done:
            folding = false
            upstream.cancel()
            conclude()
        case .fail(let error):
            folding = false
            upstream.cancel()
            fail(error)
        }
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        guard folding else { return }
        folding = false
        upstream.release()
        switch completion {
        case .finished: conclude()
        case .failure(let error): fail(failure(error))
        }
    }

    /// The reduction is over: delivers the result now if the downstream has asked, or keeps it
    /// until it does.
    @inlinable
    func conclude() {
        let result = reducer.result()
        let deliverNow = outcome.withLock { outcome -> Bool in
            guard !outcome.over else { return false }
            guard result == nil || outcome.requested else {
                outcome.waiting = result
                return false
            }
            outcome.over = true
            return true
        }
        if deliverNow { deliver(result) }
    }

    @inlinable
    func fail(_ error: Downstream.Failure) {
        let failNow = outcome.withLock { outcome -> Bool in
            defer { outcome.over = true }
            return !outcome.over
        }
        if failNow { downstream.receive(completion: .failure(error)) }
    }

    @inlinable
    func deliver(_ result: Downstream.Input?) {
        if let result { _ = downstream.receive(result) }
        downstream.receive(completion: .finished)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let waiting = outcome.withLock { outcome -> Downstream.Input? in
            guard !outcome.over else { return nil }
            outcome.requested = true
            guard let waiting = outcome.waiting.take() else { return nil }
            outcome.over = true
            return waiting
        }
        if let waiting { deliver(waiting) }
    }

    @inlinable
    func cancel() {
        // The result leaves the lock to be released: a release may run a deinit.
        let dropped = outcome.withLock { outcome -> Downstream.Input? in
            outcome.over = true
            return outcome.waiting.take()
        }
        withExtendedLifetime(dropped) {}
        upstream.cancel()
    }

    /// The children of Combine's reducing subscriptions: "downstream", "result", "initial",
    /// "status". The result so far is read without a lock, as Combine reads its own: it is exact
    /// when no value is being folded in meanwhile.
    @usableFromInline
    var customMirror: Mirror {
        var reducer = reducer
        let children: [Mirror.Child] = [
            ("downstream", downstream),
            ("result", reducer.result() as Any),
            ("initial", reducer.initial as Any),
            ("status", upstream.status),
        ]
        return Mirror(self, children: children)
    }
}

extension ReduceSubscription: CombineReflection {}
#endif
