#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publisher where Failure == Never, Output: Sendable {
    /// The values as an asynchronous sequence: `for await value in publisher.values { … }`.
    ///
    /// The subscription starts when `values` is read (so a `CurrentValueSubject` or `$property`
    /// yields its current value first) and ends when the publisher finishes or the iteration
    /// stops. Values that arrive faster than the loop takes them are buffered, none dropped.
    public var values: AsyncStream<Output> {
        AsyncStream { continuation in
            let subscription = sink(
                receiveCompletion: { _ in continuation.finish() },
                receiveValue: { continuation.yield($0) })
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

extension Publisher where Output: Sendable {
    /// The values as an asynchronous sequence that throws the publisher's failure:
    /// `for try await value in publisher.values { … }`. Otherwise as the non-throwing `values`.
    public var values: AsyncThrowingStream<Output, any Error> {
        AsyncThrowingStream { continuation in
            let subscription = sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: continuation.finish()
                    case .failure(let error): continuation.finish(throwing: error)
                    }
                },
                receiveValue: { continuation.yield($0) })
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}
#endif
