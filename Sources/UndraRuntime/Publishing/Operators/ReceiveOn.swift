#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's values and completion on a scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are moved to `scheduler`.
        public let upstream: Upstream
        /// Where values and the completion are delivered.
        public let scheduler: Context
        /// The options values are scheduled with.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s values, delivered on `scheduler`; `receive(on:)` makes one.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to `upstream`; each value and the completion are scheduled,
        /// in order. Demand passes straight through to the upstream. The subscription itself is
        /// handed over on the subscribing thread, as in Combine.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: subscriber, scheduler: scheduler, options: options))
        }

        /// The subscriber it puts on `upstream`, and the subscription it hands the downstream.
        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: its state is in `relay` and `upstream`, each under a lock.
            /// The events not yet delivered, in order; each scheduled closure delivers the oldest.
            let relay: ScheduledDownstream<Downstream, Pending>
            let upstream = UpstreamSubscription()
            let scheduler: Context
            let options: Context.SchedulerOptions?

            struct Pending {
                var events: [ScheduledEvent<Output, Failure>?] = []
                var head = 0

                mutating func next() -> ScheduledEvent<Output, Failure>? {
                    guard head < events.count else { return nil }
                    let event = events[head].take()
                    head += 1
                    if head == events.count {
                        events.removeAllKeepingCapacity()
                        head = 0
                    }
                    return event
                }
            }

            init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
                relay = ScheduledDownstream(downstream, state: Pending())
                self.scheduler = scheduler
                self.options = options
            }

            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                relay.downstream?.receive(subscription: self)
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                schedule(.value(input))
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                schedule(.completion(completion))
            }

            private func schedule(_ event: ScheduledEvent<Output, Failure>) {
                guard relay.update({ $0.events.append(event) }) else { return }
                scheduler.schedule(options: options) { [self] in
                    let more = relay.emit { $0.next() }
                    upstream.request(more)
                }
            }

            func request(_ demand: Subscribers.Demand) {
                upstream.request(demand)
            }

            func cancel() {
                relay.cancel()
                upstream.cancel()
            }

            var description: String { "ReceiveOn" }
        }
    }
}

extension Publisher {
    /// Delivers values and the completion on `scheduler`, in order. A value still waiting when
    /// the subscription is cancelled is not delivered.
    public func receive<S: Scheduler>(
        on scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}
#endif
