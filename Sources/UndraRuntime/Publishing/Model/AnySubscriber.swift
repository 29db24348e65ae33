#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A subscriber that hides the type of the subscriber it wraps, or that is made of closures,
/// as in Combine. Its identity is the wrapped subscriber's.
///
/// Complexity: each call is one more dynamic call than the wrapped subscriber's.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    @usableFromInline let box: AnySubscriberBase<Input, Failure>
    public let combineIdentifier: CombineIdentifier
    private let describe: () -> String

    /// Wraps `subscriber` (wrapping an `AnySubscriber` again wraps nothing).
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        box = AnySubscriberBox(subscriber)
        combineIdentifier = subscriber.combineIdentifier
        if let describable = subscriber as? CustomStringConvertible {
            describe = { describable.description }
        } else {
            let name = "\(S.self)"
            describe = { name }
        }
    }

    /// A subscriber that forwards into `subject`: its values, its completion, and its
    /// subscription (which the subject then asks for every value).
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        self.init(
            receiveSubscription: { subject.send(subscription: $0) },
            receiveValue: {
                subject.send($0)
                return .none
            },
            receiveCompletion: { subject.send(completion: $0) })
    }

    /// A subscriber made of closures; a missing one does nothing (and `receiveValue` asks for
    /// no more values).
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        box = ClosureSubscriberBox(
            receiveSubscription: receiveSubscription ?? { _ in },
            receiveValue: receiveValue ?? { _ in .none },
            receiveCompletion: receiveCompletion ?? { _ in })
        combineIdentifier = CombineIdentifier()
        describe = { "Anonymous AnySubscriber" }
    }

    /// The wrapped subscriber's description, or its type's name.
    public var description: String { describe() }

    /// The wrapped subscriber's mirror (one with no children if it has no custom one); for a
    /// subscriber made of closures, the mirror of "Anonymous AnySubscriber", as in Combine.
    public var customMirror: Mirror {
        guard let wrapped = box.wrapped else { return Mirror(reflecting: "Anonymous AnySubscriber") }
        return (wrapped as? CustomReflectable)?.customMirror ?? Mirror(wrapped, children: EmptyCollection<Mirror.Child>())
    }

    /// The wrapped subscriber's playground description, or else its description.
    public var playgroundDescription: Any {
        (box.wrapped as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
    }

    @inlinable
    public func receive(subscription: Subscription) {
        box.receive(subscription: subscription)
    }

    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
        box.receive(input)
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
        box.receive(completion: completion)
    }
}

/// The wrapped subscriber, behind one dynamic call.
@usableFromInline
class AnySubscriberBase<Input, Failure: Error> {
    @usableFromInline
    func receive(subscription: Subscription) {
        preconditionFailure("AnySubscriberBase is abstract")
    }

    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        preconditionFailure("AnySubscriberBase is abstract")
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        preconditionFailure("AnySubscriberBase is abstract")
    }

    /// The wrapped subscriber, for reflection; nil for one made of closures.
    var wrapped: Any? { nil }
}

private final class AnySubscriberBox<Base: Subscriber>: AnySubscriberBase<Base.Input, Base.Failure> {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    override func receive(subscription: Subscription) {
        base.receive(subscription: subscription)
    }

    override func receive(_ input: Base.Input) -> Subscribers.Demand {
        base.receive(input)
    }

    override func receive(completion: Subscribers.Completion<Base.Failure>) {
        base.receive(completion: completion)
    }

    override var wrapped: Any? { base }
}

private final class ClosureSubscriberBox<Input, Failure: Error>: AnySubscriberBase<Input, Failure> {
    let receiveSubscription: (Subscription) -> Void
    let receiveValue: (Input) -> Subscribers.Demand
    let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    init(
        receiveSubscription: @escaping (Subscription) -> Void,
        receiveValue: @escaping (Input) -> Subscribers.Demand,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.receiveSubscription = receiveSubscription
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    override func receive(subscription: Subscription) {
        receiveSubscription(subscription)
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletion(completion)
    }
}

extension AnySubscriber: CustomReflectable, CustomPlaygroundDisplayConvertible {}
#endif
