#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher of the time between its upstream's values, by a scheduler's clock.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are timed.
        public let upstream: Upstream
        /// The clock.
        public let scheduler: Context

        /// A publisher of the time before each of `upstream`'s values; `measureInterval(using:options:)`
        /// makes one.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        /// Subscribes `subscriber` to `upstream`: each value becomes the time since the one
        /// before (the first: since the subscription), delivered at once. Demand, cancel and the
        /// completion pass straight through. O(1) per value, plus a read of the clock.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, scheduler: scheduler))
        }

        final class Inner<Downstream: Subscriber>: Subscriber, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: `last` is touched only by the upstream's calls, which never overlap
            // (Combine's rule: the calls to a subscriber come one after the other).
            let downstream: Downstream
            let scheduler: Context
            /// The time of the previous value, or of the subscription.
            @exclusivity(unchecked) var last: Context.SchedulerTimeType?

            init(downstream: Downstream, scheduler: Context) {
                self.downstream = downstream
                self.scheduler = scheduler
            }

            func receive(subscription: Subscription) {
                last = scheduler.now
                downstream.receive(subscription: subscription)
            }

            func receive(_ input: Upstream.Output) -> Subscribers.Demand {
                let now = scheduler.now
                defer { last = now }
                return downstream.receive((last ?? now).distance(to: now))
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                downstream.receive(completion: completion)
            }
        }
    }
}

extension Publisher {
    /// Replaces each value with the time since the one before (the first: since the
    /// subscription), by `scheduler`'s clock. `options` are accepted for Combine's signature;
    /// nothing is scheduled. O(1) per value.
    public func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.MeasureInterval<Self, S>
    {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

/// "MeasureInterval", no children, as Combine's.
extension Publishers.MeasureInterval.Inner: CustomStringConvertible, ChildlessCombineReflection {
    var description: String { "MeasureInterval" }
}
#endif
