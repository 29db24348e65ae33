#if !canImport(Combine)
@testable import UndraRuntime

/// What a subscription or subscriber shows of itself, as Combine's reflection tests read it: its
/// description, its mirror's children (labels, and values as `String(describing:)`), its
/// playground description. Nil where it does not conform.
struct Reflection: Equatable, CustomStringConvertible {
    var description: String { "\(text ?? "nil") \(children) \(playground ?? "nil")" }
    let text: String?
    let children: [Child]
    let playground: String?

    struct Child: Equatable, CustomStringConvertible {
        let label: String?
        let value: String
        var description: String { "\(label ?? "nil"): \(value)" }
    }

    init(of value: Any) {
        text = (value as? CustomStringConvertible)?.description
        children = ((value as? CustomReflectable)?.customMirror.children).map { children in
            children.map { Child(label: $0.label, value: String(describing: $0.value)) }
        } ?? []
        playground = (value as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String
    }

    /// Its children's labels.
    var labels: [String?] { children.map(\.label) }

    /// The value of the child labelled `label`.
    func value(_ label: String) -> String? {
        children.first { $0.label == label }?.value
    }
}

/// A publisher that keeps the subscriber it is given as it is (not erased), and hands it a
/// ``StubSubscription``: so a test can reflect on the subscriber an operator puts on its upstream.
final class CapturingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked: `captured` is under Locked's lock.
    private let captured = Locked<Any?>(nil)

    /// The subscriber it was given last.
    var subscriber: Any? { captured.withLock { $0 } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        captured.withLock { $0 = subscriber }
        subscriber.receive(subscription: StubSubscription())
    }
}

/// A subscription that does nothing, with a description of its own.
struct StubSubscription: Subscription, CustomStringConvertible {
    let combineIdentifier = CombineIdentifier()
    var description: String { "Stub" }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// A subscriber that keeps the subscription it is given as it is, and asks for nothing by itself.
final class SubscriptionCatcher<Input, Failure: Error>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `captured` is under Locked's lock.
    private let captured = Locked<Subscription?>(nil)
    var description: String { "Catcher" }

    /// The subscription it was given.
    var subscription: Subscription? { captured.withLock { $0 } }

    func receive(subscription: Subscription) {
        captured.withLock { $0 = subscription }
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// What `makeOperator` of a ``CapturingPublisher`` puts on it, once subscribed by a
/// ``SubscriptionCatcher``; and the subscription the catcher got.
func reflectOperator<Output, Failure: Error, P: Publisher>(
    _ input: Output.Type, _ failure: Failure.Type, _ makeOperator: (CapturingPublisher<Output, Failure>) -> P
) -> (subscriber: Reflection, subscription: Reflection, catcher: SubscriptionCatcher<P.Output, P.Failure>) {
    let upstream = CapturingPublisher<Output, Failure>()
    let catcher = SubscriptionCatcher<P.Output, P.Failure>()
    makeOperator(upstream).subscribe(catcher)
    return (Reflection(of: upstream.subscriber ?? "missing"), Reflection(of: catcher.subscription ?? "missing"), catcher)
}

/// ``reflectOperator(_:_:_:)`` over a publisher of `Int`s that never fails.
func reflectOperator<P: Publisher>(
    _ makeOperator: (CapturingPublisher<Int, Never>) -> P
) -> (subscriber: Reflection, subscription: Reflection, catcher: SubscriptionCatcher<P.Output, P.Failure>) {
    reflectOperator(Int.self, Never.self, makeOperator)
}
#endif
