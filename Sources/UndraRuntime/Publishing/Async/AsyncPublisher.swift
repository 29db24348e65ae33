#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publisher where Failure == Never, Output: Sendable {
    /// The values as an asynchronous sequence: `for await value in publisher.values { … }`.
    ///
    /// As Combine's: the publisher is subscribed to when the iteration starts
    /// (`makeAsyncIterator()`), each `next()` asks it for one value, and a value that arrives while
    /// nobody awaits one is not kept (a `PassthroughSubject` sending faster than the loop takes
    /// values drops them; a `CurrentValueSubject` or `$property` gives its latest at each request).
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher where Output: Sendable {
    /// The values as an asynchronous sequence that throws the publisher's failure:
    /// `for try await value in publisher.values { … }`. Otherwise as the non-throwing `values`.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// A publisher that never fails, as an `AsyncSequence` (Combine's `values`).
///
/// Each iterator is a subscription of its own, made by `makeAsyncIterator()`, asking for one value
/// per `next()`. `next()` returns nil once the publisher finishes, or once the awaiting task is
/// cancelled (the subscription is cancelled too). Dropping the iterator cancels the subscription.
/// The output must be `Sendable` (Combine asks nothing): it is handed from the publisher's thread
/// to the awaiting task. Complexity: O(1) per value. Thread-safety: the publisher may deliver on
/// any thread; an iterator is used by one task at a time, as every `AsyncIteratorProtocol`.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never, P.Output: Sendable {
    public typealias Element = P.Output

    private let publisher: P

    /// The asynchronous sequence of `publisher`'s values.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// Subscribes to the publisher: the returned iterator is that subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(AsyncValuesLifetime(subscribingTo: publisher))
    }

    /// The subscription, as an iterator: each `next()` requests one value and waits for it; nil
    /// once the publisher finished or the task was cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        private let lifetime: AsyncValuesLifetime<P.Output, Never>

        fileprivate init(_ lifetime: AsyncValuesLifetime<P.Output, Never>) {
            self.lifetime = lifetime
        }

        /// The next value, or nil once the publisher has finished or the task is cancelled.
        public mutating func next() async -> P.Output? {
            switch await lifetime.subscriber.next() {
            case .success(let value): value
            }
        }
    }
}

extension AsyncPublisher: Sendable where P: Sendable {}

/// A publisher that can fail, as an `AsyncSequence` that throws its failure (Combine's `values`).
///
/// As `AsyncPublisher`; `next()` throws the failure once, and returns nil after it.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence where P.Output: Sendable {
    public typealias Element = P.Output

    private let publisher: P

    /// The asynchronous sequence of `publisher`'s values, throwing its failure.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// Subscribes to the publisher: the returned iterator is that subscription.
    public func makeAsyncIterator() -> Iterator {
        Iterator(AsyncValuesLifetime(subscribingTo: publisher))
    }

    /// The subscription, as an iterator: each `next()` requests one value and waits for it; nil
    /// once the publisher finished or the task was cancelled, and the failure thrown once.
    public struct Iterator: AsyncIteratorProtocol {
        private let lifetime: AsyncValuesLifetime<P.Output, P.Failure>

        fileprivate init(_ lifetime: AsyncValuesLifetime<P.Output, P.Failure>) {
            self.lifetime = lifetime
        }

        /// The next value, nil once the publisher has finished or the task is cancelled; throws
        /// the publisher's failure.
        public mutating func next() async throws -> P.Output? {
            try await lifetime.subscriber.next().get()
        }
    }
}

extension AsyncThrowingPublisher: Sendable where P: Sendable {}
#endif
