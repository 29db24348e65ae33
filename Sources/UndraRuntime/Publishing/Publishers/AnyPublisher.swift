#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that hides the type of the publisher it wraps, as in Combine.
///
/// Complexity: subscribing costs what the wrapped publisher's subscribing costs, plus one
/// dynamic call; values then flow as from the wrapped publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    @usableFromInline let box: AnyPublisherBase<Output, Failure>

    /// Wraps `publisher` (wrapping an `AnyPublisher` again wraps nothing). O(1).
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else {
            box = AnyPublisherBox(publisher)
        }
    }

    /// Subscribes `subscriber` to the wrapped publisher.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }

    /// `sink` on the wrapped publisher, so that erasing keeps a subject's direct `sink` path.
    @inlinable
    public func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        box._sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// Itself: erasing twice wraps once.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        self
    }

    /// "AnyPublisher".
    public var description: String { "AnyPublisher" }

    /// "AnyPublisher", as Combine's playgrounds show it.
    public var playgroundDescription: Any { description }
}

extension Publisher {
    /// This publisher behind ``AnyPublisher``, so that its type stays private. O(1).
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// The wrapped publisher, behind one dynamic call.
@usableFromInline
class AnyPublisherBase<Output, Failure: Error> {
    @inlinable init() {}

    @usableFromInline
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        preconditionFailure("AnyPublisherBase is abstract")
    }

    @usableFromInline
    func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        preconditionFailure("AnyPublisherBase is abstract")
    }
}

@usableFromInline
final class AnyPublisherBox<Base: Publisher>: AnyPublisherBase<Base.Output, Base.Failure> {
    @usableFromInline let base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
    }

    @usableFromInline
    override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }

    @usableFromInline
    override func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Base.Failure>) -> Void,
        receiveValue: @escaping (Base.Output) -> Void
    ) -> AnyCancellable {
        base._sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

extension AnyPublisher: CustomPlaygroundDisplayConvertible {}
#endif
