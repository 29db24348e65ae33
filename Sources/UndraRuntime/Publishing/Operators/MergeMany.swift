#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher of the values of any number of upstreams of one type, as they come.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The upstreams, subscribed in this order.
        public let publishers: [Upstream]

        /// A publisher of the values of `upstream` as they come.
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// A publisher of the values of the publishers of `upstream` as they come.
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        /// Hands `subscriber` its subscription, then subscribes to each upstream in turn, as
        /// ``Publishers/Merge`` does; with no upstream at all, the subscriber finishes at once.
        /// O(1) amortized per value, O(n) per request and cancel for n upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            guard !publishers.isEmpty else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let join = JoinSubscription<S, StatelessJoin>(
                subscriber, upstreams: publishers.count, state: StatelessJoin(), description: "Merge")
            subscriber.receive(subscription: join)
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(join.mergeSide(index))
            }
        }

        /// These upstreams and `other`.
        public func merge(with other: Upstream) -> MergeMany {
            MergeMany(publishers + [other])
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

#endif
