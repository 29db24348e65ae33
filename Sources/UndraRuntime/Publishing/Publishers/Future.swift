#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that eventually produces one value and finishes, or fails, as in Combine.
///
/// The closure given to `init` runs at once, and gets a `promise` to call, now or later, from any
/// thread; only the first call counts. Every subscriber, before or after, gets that result: the
/// value at its first request (then `.finished`), or the failure at once.
///
/// Thread-safety: fulfil, subscribe, request and cancel from any thread. The result is delivered
/// with no lock held. Complexity: fulfilling is O(subscribers waiting).
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, under its lock.
    /// The closure that fulfils the future: its first call gives the result, later ones are
    /// ignored.
    public typealias Promise = (Result<Output, Failure>) -> Void

    // Inlinable down to its subscription, so that a client specializes it: unspecialized, each
    // future and subscriber spent most of its time looking up generic metadata (2.9 µs a
    // `Future { $0(.success(i)) }.sink { }`, measured in UndraBench's future.sink).
    @usableFromInline let state = Locked(State())

    @usableFromInline
    struct State {
        @usableFromInline var result: Result<Output, Failure>?
        /// Subscriptions waiting for the result, by identity.
        @usableFromInline var waiting: [ObjectIdentifier: FutureWaiter<Output, Failure>] = [:]

        @inlinable
        init() {}
    }

    /// A future that runs `attemptToFulfill` now, with the promise to fulfil.
    @inlinable
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in fulfill(result) }
    }

    /// Hands `subscriber` its subscription; it gets the result once both the result and its
    /// first request are there. O(1).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = FutureSubscription(subscriber, future: self)
        let result = state.withLock { state -> Result<Output, Failure>? in
            if state.result == nil { state.waiting[ObjectIdentifier(subscription)] = subscription }
            return state.result
        }
        subscriber.receive(subscription: subscription)
        if let result { subscription.resolve(result) }
    }

    @inlinable
    func fulfill(_ result: Result<Output, Failure>) {
        let waiting = state.withLock { state -> [FutureWaiter<Output, Failure>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for subscription in waiting { subscription.resolve(result) }
    }
}

/// A future's subscription, whatever its subscriber's type: what the future tells of its result.
@usableFromInline
class FutureWaiter<Output, Failure: Error> {
    @inlinable
    init() {}

    @usableFromInline
    func resolve(_ result: Result<Output, Failure>) {
        preconditionFailure("FutureWaiter is abstract")
    }
}

/// One subscriber's subscription to a future: delivers once it has both the result and a request
/// (a failure needs no request).
///
/// Its state is kept under the future's own lock (`lock`), which it holds: one lock and one
/// allocation per future, not one more per subscription, and cancelling stops the wait in the
/// same critical section.
@usableFromInline
final class FutureSubscription<Downstream: Subscriber>: FutureWaiter<Downstream.Input, Downstream.Failure>,
    Subscription, CustomStringConvertible, @unchecked Sendable
{
    // @unchecked: `state` is read and written only under `lock`, the future's mutex.
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    struct State {
        @usableFromInline var downstream: Downstream?
        @usableFromInline var future: Future<Output, Failure>?
        @usableFromInline var requested = false
        @usableFromInline var result: Result<Output, Failure>?

        @inlinable
        init(downstream: Downstream, future: Future<Output, Failure>) {
            self.downstream = downstream
            self.future = future
        }
    }

    /// The future's lock and state (its `waiting` table lists this subscription until the result
    /// comes or it is cancelled).
    @usableFromInline let lock: Locked<Future<Output, Failure>.State>
    @exclusivity(unchecked) @usableFromInline var state: State

    @inlinable
    init(_ downstream: Downstream, future: Future<Output, Failure>) {
        lock = future.state
        state = State(downstream: downstream, future: future)
    }

    @inlinable
    override func resolve(_ result: Result<Output, Failure>) {
        deliver { state in state.result = result }
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        deliver { $0.requested = true }
    }

    @inlinable
    func cancel() {
        let (downstream, future, waiter) = lock.withLock { futureState in
            (state.downstream.take(), state.future.take(), futureState.waiting.removeValue(forKey: ObjectIdentifier(self)))
        }
        withExtendedLifetime((downstream, future, waiter)) {}
    }

    /// Applies `change`, then delivers if that made the result deliverable; at most once.
    @inlinable
    func deliver(_ change: (inout State) -> Void) {
        let ready = lock.withLock { _ -> (Downstream, Result<Output, Failure>, Future<Output, Failure>?)? in
            change(&state)
            guard let result = state.result, let downstream = state.downstream else { return nil }
            if case .success = result, !state.requested { return nil }
            state.downstream = nil
            return (downstream, result, state.future.take())
        }
        guard let (downstream, result, future) = ready else { return }
        withExtendedLifetime(future) {}
        switch result {
        case .success(let output):
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        case .failure(let failure):
            downstream.receive(completion: .failure(failure))
        }
    }

    @usableFromInline var description: String { "Future" }

    /// Combine's children: "parent" (the future, until delivered or cancelled), "downstream",
    /// "hasAnyDemand", "subject" (the future again); read under the future's lock.
    @usableFromInline var customMirror: Mirror {
        let (future, downstream, requested) = lock.withLock { _ in (state.future, state.downstream, state.requested) }
        let children: [Mirror.Child] = [
            ("parent", future as Any), ("downstream", downstream as Any), ("hasAnyDemand", requested), ("subject", future as Any),
        ]
        return Mirror(self, children: children)
    }
}

extension FutureSubscription: CombineReflection {}
#endif
