#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that subscribes to its upstream again when it fails, up to a number of times.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher subscribed to, and subscribed to again after each failure.
        public let upstream: Upstream
        /// How many times to subscribe again; nil for no limit.
        public let retries: Int?

        /// A publisher of `upstream`'s values that subscribes again up to `retries` times (nil:
        /// always) after a failure; `retry(_:)` makes one.
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        /// Subscribes `subscriber` to `upstream`; after a failure, while retries remain, subscribes
        /// again and asks for the subscriber's demand not yet served. The subscriber sees one
        /// subscription throughout, and the last failure if none remain. O(1) per value; an
        /// upstream that fails at once is subscribed again in a loop, not recursively.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = RestartingSubscription(subscriber, description: "Retry")
            let upstream = upstream
            let retries = retries
            // The generation counts the subscriptions made after a failure: the retries so far.
            func subscribe(_ generation: Int) {
                upstream.subscribe(relay.side(generation: generation) { (error: Failure) in
                    if let retries, generation >= retries {
                        relay.complete(.failure(error), generation: generation)
                    } else {
                        relay.restart(after: generation, subscribe)
                    }
                })
            }
            subscribe(0)
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Subscribes to this publisher again, up to `retries` times, when it fails; the subscriber
    /// keeps its subscription and its demand, and gets the failure once no retry remains.
    /// O(1) per value.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}
#endif
