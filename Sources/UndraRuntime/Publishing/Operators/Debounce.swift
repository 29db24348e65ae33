#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers a value only once its upstream has been quiet for `dueTime`.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are debounced.
        public let upstream: Upstream
        /// How long the upstream must be quiet before its latest value is delivered.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// Where values and the completion are delivered.
        public let scheduler: Context
        /// The options deliveries are scheduled with.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s values that are followed by `dueTime` of quiet;
        /// `debounce(for:scheduler:options:)` makes one.
        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value. Each value costs a
        /// lock and one scheduled closure; a value whose time comes while the subscriber has no
        /// demand is dropped.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }

        /// The subscriber it puts on `upstream`, and the subscription it hands the downstream.
        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: its state is in `relay` and `upstream`, each under a lock.
            let relay: ScheduledDownstream<Downstream, State>
            let upstream = UpstreamSubscription()
            let dueTime: Context.SchedulerTimeType.Stride
            let scheduler: Context
            let options: Context.SchedulerOptions?

            struct State {
                /// The latest value, waiting for the upstream to be quiet.
                var pending: Output?
                /// Counts values: a scheduled delivery delivers only if no value came after its own.
                var generation = 0
                var demand = Subscribers.Demand.none
            }

            init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
                 options: Context.SchedulerOptions?) {
                relay = ScheduledDownstream(downstream, state: State())
                self.dueTime = dueTime
                self.scheduler = scheduler
                self.options = options
            }

            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                relay.downstream?.receive(subscription: self)
                subscription.request(.unlimited)
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                var generation = 0
                var replaced: Output? = input
                guard relay.update({ state in
                    swap(&state.pending, &replaced)
                    state.generation += 1
                    generation = state.generation
                }) else { return .none }
                // Each value schedules a delivery; only the newest one's finds its value.
                let own = generation
                scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
                                   options: options) { [self] in
                    let more = relay.emit { state in
                        guard state.generation == own, state.demand > 0, let value = state.pending.take() else { return nil }
                        state.demand -= 1
                        return .value(value)
                    }
                    if more > 0 { _ = relay.update { $0.demand += more } }
                }
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                // As in Combine: a value still waiting is dropped; the completion goes at once.
                var dropped: Output?
                guard relay.update({ swap(&$0.pending, &dropped) }) else { return }
                upstream.release()
                scheduler.schedule(options: options) { [self] in
                    relay.emit { _ in .completion(completion) }
                }
            }

            func request(_ demand: Subscribers.Demand) {
                _ = relay.update { $0.demand += demand }
            }

            func cancel() {
                relay.cancel()
                upstream.cancel()
            }

            var description: String { "Debounce" }
        }
    }
}

extension Publisher {
    /// Delivers a value only after `dueTime` has passed with no newer value, on `scheduler`. When
    /// the upstream completes, a value still waiting is dropped, as in Combine, and the
    /// completion is delivered.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers.Debounce.Inner: CombineReflection {
    /// Combine's children: "downstream" (nil once ended, where Combine's keeps it),
    /// "downstreamDemand", "currentValue" (the value waiting for quiet); read under the lock.
    var customMirror: Mirror {
        let (downstream, demand, pending) = relay.read { downstream, state in (downstream, state.demand, state.pending) }
        let shown: Any = if let downstream { downstream } else { downstream as Any }
        return Mirror(self, children: [("downstream", shown), ("downstreamDemand", demand), ("currentValue", pending as Any)])
    }
}
#endif
