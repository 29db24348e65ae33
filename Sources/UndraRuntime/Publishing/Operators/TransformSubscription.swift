#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// What an operator that takes its upstream's values one at a time does with each one (`tryMap`,
/// `scan`, `drop(while:)`, `prefix(while:)`, …): deliver something, skip it, finish, or fail.
/// Its state, if any (`scan`'s running result), lives in the conforming value, one per
/// subscription.
@usableFromInline
protocol ValueTransform {
    associatedtype Input
    associatedtype Output
    /// What the operator fails with: its upstream's error, or `any Error` for the `try` forms.
    associatedtype Failure: Error

    /// The operator's name, which its subscription goes by (`print` shows it).
    var name: String { get }

    /// What to do with `input`. Called for one value at a time, never after it finished or failed.
    mutating func apply(_ input: Input) -> TransformResult<Output, Failure>

    /// The children its subscription's mirror shows, as Combine's subscription for the operator.
    var mirror: TransformMirror { get }
}

/// The children of a ``TransformSubscription``'s mirror: those of Combine's subscription for the
/// operator, in its order.
@usableFromInline
enum TransformMirror {
    /// None (`tryMap`, `drop(while:)`).
    case empty
    /// "downstream" (`tryFilter`, `tryCompactMap`, `prefix(while:)`, `tryPrefix(while:)`).
    case downstream
    /// "downstream", "last" (`tryRemoveDuplicates`).
    case removeDuplicates(last: Any)
    /// "downstream", "finished", "upstreamSubscription" (`encode`, `decode`).
    case coder
    /// "downstream", "result" (`scan`).
    case scan(result: Any)
    /// "downstream", "status", "result" (`tryScan`).
    case tryScan(result: Any)
}

/// What a ``ValueTransform`` does with a value.
@usableFromInline
enum TransformResult<Output, Failure: Error> {
    /// Deliver this.
    case deliver(Output)
    /// Deliver nothing: the upstream is asked for one more value in its place.
    case skip
    /// Finish: the upstream subscription is cancelled, and the downstream finishes.
    case finish
    /// Fail: the upstream subscription is cancelled, and the downstream fails.
    case fail(Failure)
}

extension TransformResult where Failure == any Error {
    /// What `step` says, or `.fail` with what it threw: the rule of every `try` operator's step.
    @inlinable
    init(catching step: () throws -> TransformResult) {
        do {
            self = try step()
        } catch {
            self = .fail(error)
        }
    }
}

/// The subscriber such an operator puts on its upstream, and the subscription it hands the
/// downstream: demand passes straight through (plus one per skipped value), and a `.finish` or
/// `.fail` cancels the upstream before it completes the downstream, as Combine's do.
///
/// Thread-safety: `request` and `cancel` from any thread. The transform and the `ended` flag are
/// touched only by the `receive` calls, which the upstream never overlaps, so a value costs no
/// lock. Complexity: O(1) per value, plus the transform.
@usableFromInline
final class TransformSubscription<Downstream: Subscriber, Transform: ValueTransform, UpstreamFailure: Error>: Subscriber,
    Subscription, CustomStringConvertible
where Transform.Output == Downstream.Input, Transform.Failure == Downstream.Failure {
    @usableFromInline typealias Input = Transform.Input
    @usableFromInline typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let upstream = UpstreamSubscription()
    /// The operator's failure for the upstream's (the same error, or it as `any Error`).
    @usableFromInline let failure: (UpstreamFailure) -> Downstream.Failure
    /// The operator's name, taken at the start: the transform itself is the `receive` calls'.
    @usableFromInline let description: String
    @exclusivity(unchecked) @usableFromInline var transform: Transform
    /// Finished or failed, by the transform or the upstream: later events are ignored (an
    /// upstream may still deliver a value or two while it takes in a cancel).
    @exclusivity(unchecked) @usableFromInline var ended = false

    @inlinable
    init(downstream: Downstream, transform: Transform, failure: @escaping (UpstreamFailure) -> Downstream.Failure) {
        self.downstream = downstream
        self.transform = transform
        self.failure = failure
        description = transform.name
    }

    @inlinable
    func receive(subscription: Subscription) {
        if upstream.set(subscription) { downstream.receive(subscription: self) }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        guard !ended else { return .none }
        switch transform.apply(input) {
        case .deliver(let output): return downstream.receive(output)
        case .skip: return .max(1)
        case .finish: end(.finished)
        case .fail(let error): end(.failure(error))
        }
        return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        guard !ended else { return }
        ended = true
        upstream.release()
        downstream.receive(completion: completion.mapFailure(failure))
    }

    @usableFromInline
    func end(_ completion: Subscribers.Completion<Downstream.Failure>) {
        ended = true
        upstream.cancel()
        downstream.receive(completion: completion)
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    @usableFromInline
    func cancel() {
        upstream.cancel()
    }

    /// The children Combine's subscription for the operator shows (``TransformMirror``). The
    /// transform and `ended` are read without a lock, as Combine reads its own: they are exact
    /// when no value is being delivered meanwhile.
    @usableFromInline
    var customMirror: Mirror {
        let children: [Mirror.Child] = switch transform.mirror {
        case .empty: []
        case .downstream: [("downstream", downstream)]
        case .coder:
            [("downstream", downstream), ("finished", ended), ("upstreamSubscription", upstream.status.subscription as Any)]
        case .removeDuplicates(let last): [("downstream", downstream), ("last", last)]
        case .scan(let result): [("downstream", downstream), ("result", result)]
        case .tryScan(let result): [("downstream", downstream), ("status", upstream.status), ("result", result)]
        }
        return Mirror(self, children: children)
    }
}

extension TransformSubscription: CombineReflection {}
#endif
