#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that replaces its upstream, when it fails, with the publisher a handler makes
    /// from the error.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        /// The publisher this one delivers until it fails.
        public let upstream: Upstream
        /// Makes the publisher to go on with from the upstream's failure.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// A publisher of `upstream`'s values, then, if it fails, of `handler`'s publisher's;
        /// `catch(_:)` makes one.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Subscribes `subscriber` to `upstream`. If it fails, the subscriber's demand not yet
        /// served is asked of the new publisher, which it goes on with under the same
        /// subscription. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = RestartingSubscription(subscriber, description: "Catch")
            let handler = handler
            upstream.subscribe(relay.side(generation: 0) { (error: Upstream.Failure) in
                relay.restart(after: 0) { next in
                    handler(error).subscribe(relay.side(generation: next) { (failure: Failure) in
                        relay.complete(.failure(failure), generation: next)
                    })
                }
            })
        }
    }

    /// A publisher that replaces its upstream, when it fails, with the publisher a throwing
    /// handler makes from the error, and fails with what the handler throws.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher this one delivers until it fails.
        public let upstream: Upstream
        /// Makes the publisher to go on with from the upstream's failure, or throws.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// A publisher of `upstream`'s values, then, if it fails, of `handler`'s publisher's;
        /// `tryCatch(_:)` makes one.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// As ``Publishers/Catch/receive(subscriber:)``; if `handler` throws, the subscriber
        /// fails with the error thrown.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = RestartingSubscription(subscriber, description: "TryCatch")
            let handler = handler
            upstream.subscribe(relay.side(generation: 0) { (error: Upstream.Failure) in
                relay.restart(after: 0) { next in
                    do {
                        try handler(error).subscribe(relay.side(generation: next) { (failure: NewPublisher.Failure) in
                            relay.complete(.failure(failure), generation: next)
                        })
                    } catch {
                        relay.complete(.failure(error), generation: next)
                    }
                }
            })
        }
    }
}

extension Publisher {
    /// Goes on, if this publisher fails, with the publisher `handler` makes from the error (the
    /// subscriber keeps its subscription and its demand). Finishes or fails as that publisher
    /// does. O(1) per value.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }

    /// As `catch(_:)`, with a handler that may throw: the subscriber then fails with what it
    /// throws.
    public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
    where P.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}
#endif
