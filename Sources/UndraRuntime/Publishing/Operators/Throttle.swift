#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers at most one value per `interval`: the first or the latest of
    /// the values received in that time.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are throttled.
        public let upstream: Upstream
        /// The shortest time between two deliveries.
        public let interval: Context.SchedulerTimeType.Stride
        /// Where values and the completion are delivered.
        public let scheduler: Context
        /// Whether to deliver the latest value of an interval (true) or its first (false).
        public let latest: Bool

        /// A publisher of at most one of `upstream`'s values per `interval`;
        /// `throttle(for:scheduler:latest:)` makes one.
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value. Each value costs a
        /// lock, and at most one scheduled closure per interval; a value whose turn comes while
        /// the subscriber has no demand is dropped.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }

        /// The subscriber it puts on `upstream`, and the subscription it hands the downstream.
        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: its state is in `relay` and `upstream`, each under a lock.
            let relay: ScheduledDownstream<Downstream, State>
            let upstream = UpstreamSubscription()
            let interval: Context.SchedulerTimeType.Stride
            let scheduler: Context
            let latest: Bool

            struct State {
                /// The value to deliver at the next emission.
                var pending: Output?
                /// A completion that came while an emission was scheduled: it follows that emission.
                var pendingCompletion: Subscribers.Completion<Failure>?
                var emissionScheduled = false
                var lastEmission: Context.SchedulerTimeType?
                var demand = Subscribers.Demand.none
            }

            init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
                relay = ScheduledDownstream(downstream, state: State())
                self.interval = interval
                self.scheduler = scheduler
                self.latest = latest
            }

            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                relay.downstream?.receive(subscription: self)
                subscription.request(.unlimited)
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                let now = scheduler.now
                var emissionTime: Context.SchedulerTimeType?
                var replaced: Output? = input
                guard relay.update({ state in
                    if latest || !state.emissionScheduled { swap(&state.pending, &replaced) }
                    guard !state.emissionScheduled else { return }
                    state.emissionScheduled = true
                    // The first value of a quiet period goes at once; later ones wait until an
                    // interval has passed since the last delivery.
                    emissionTime = Swift.max(now, state.lastEmission?.advanced(by: interval) ?? now)
                }), let emissionTime else { return .none }
                scheduler.schedule(after: emissionTime, tolerance: scheduler.minimumTolerance, options: nil) { [self] in
                    emit()
                }
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                var scheduleNow = false
                guard relay.update({ state in
                    state.pendingCompletion = completion
                    scheduleNow = !state.emissionScheduled
                    state.emissionScheduled = true
                }) else { return }
                upstream.release()
                if scheduleNow { scheduler.schedule(options: nil) { [self] in emit() } }
            }

            /// Delivers what is waiting: the value (if the subscriber has demand for it), then the
            /// completion if one came meanwhile.
            private func emit() {
                let now = scheduler.now
                let more = relay.emit { state in
                    state.emissionScheduled = false
                    guard state.demand > 0, let value = state.pending.take() else { return nil }
                    state.demand -= 1
                    state.lastEmission = now
                    return .value(value)
                }
                if more > 0 { _ = relay.update { $0.demand += more } }
                relay.emit { state in state.pendingCompletion.take().map { .completion($0) } }
            }

            func request(_ demand: Subscribers.Demand) {
                _ = relay.update { $0.demand += demand }
            }

            func cancel() {
                relay.cancel()
                upstream.cancel()
            }

            var description: String { "Throttle" }
        }
    }
}

extension Publisher {
    /// Delivers at most one value per `interval`, on `scheduler`: the first value of a quiet
    /// period at once, then, at the end of each interval in which values came, the latest
    /// (`latest: true`) or the first (`latest: false`) of them.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

/// "Throttle", no children, as Combine's.
extension Publishers.Throttle.Inner: ChildlessCombineReflection {}
#endif
