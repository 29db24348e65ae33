#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that subscribes to its upstream, and asks it for values and cancels it, on a
    /// scheduler.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher subscribed to on `scheduler`.
        public let upstream: Upstream
        /// Where the subscribing, the requests and the cancel happen.
        public let scheduler: Context
        /// The options they are scheduled with.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s events, subscribed to on `scheduler`; `subscribe(on:options:)`
        /// makes one.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Schedules the subscription to `upstream`; the subscriber gets its subscription from
        /// there. Its requests and its cancel are scheduled too, in order; values and the
        /// completion come on whatever thread the upstream sends them (use `receive(on:)` to move
        /// them). A cancel stops the values at once, before the upstream hears of it. O(1) per
        /// value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }

        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: `downstream` is under its lock; `upstream` has its own.
            /// nil once cancelled or completed.
            private let downstream: Locked<Downstream?>
            let upstream = UpstreamSubscription()
            let scheduler: Context
            let options: Context.SchedulerOptions?

            init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
                self.downstream = Locked(downstream)
                self.scheduler = scheduler
                self.options = options
            }

            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                downstream.withLock { $0 }?.receive(subscription: self)
            }

            func receive(_ input: Upstream.Output) -> Subscribers.Demand {
                downstream.withLock { $0 }?.receive(input) ?? .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                upstream.release()
                downstream.withLock { $0.take() }?.receive(completion: completion)
            }

            func request(_ demand: Subscribers.Demand) {
                scheduler.schedule(options: options) { [upstream] in upstream.request(demand) }
            }

            func cancel() {
                let released = downstream.withLock { $0.take() }
                withExtendedLifetime(released) {}
                scheduler.schedule(options: options) { [upstream] in upstream.cancel() }
            }

            var description: String { "SubscribeOn" }
        }
    }
}

extension Publisher {
    /// Subscribes to this publisher on `scheduler`, and makes its requests and its cancel there
    /// too, as in Combine: for an upstream whose subscribing does work that should not run on
    /// the calling thread. Values arrive on whatever thread the upstream sends them.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.SubscribeOn<Self, S>
    {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

/// "SubscribeOn", no children, as Combine's.
extension Publishers.SubscribeOn.Inner: ChildlessCombineReflection {}
#endif
