#if !canImport(Combine)
/// A publisher that hides the type of the publisher it wraps, as in Combine.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    @usableFromInline let subscribe: (
        @escaping (Subscribers.Completion<Failure>) -> Void,
        @escaping (Output) -> Void
    ) -> AnyCancellable

    /// Wraps `publisher`. O(1).
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        subscribe = publisher.sink(receiveCompletion:receiveValue:)
    }

    /// Subscribes to the wrapped publisher. Costs what its `sink` costs, plus one call.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribe(receiveCompletion, receiveValue)
    }

    /// Itself: erasing twice wraps once.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        self
    }
}

extension Publisher {
    /// This publisher behind ``AnyPublisher``, so that its type stays private. O(1).
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}
#endif
