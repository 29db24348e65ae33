#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Result {
    /// A publisher of this result: the value then `.finished`, or the failure, as in Combine.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher of a result: the success value (at the first request), then `.finished`; or
    /// the failure at once.
    public struct Publisher: _PublisherProtocol {
        public typealias Output = Success

        /// What it delivers.
        public let result: Result<Success, Failure>

        /// A publisher of `result`.
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// A publisher of the value `output`.
        public init(_ output: Success) {
            self.init(.success(output))
        }

        /// A publisher of the failure `failure`.
        public init(_ failure: Failure) {
            self.init(.failure(failure))
        }

        /// Delivers the value at `subscriber`'s first request, then `.finished`; or an empty
        /// subscription and the failure at once. O(1).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let output):
                OnceSubscription.subscribe(subscriber, to: output)
            case .failure(let failure):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(failure))
            }
        }
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
extension Result.Publisher: Sendable where Success: Sendable, Failure: Sendable {}
#endif
