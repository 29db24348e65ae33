#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// When `collect(_:options:)` cuts its arrays.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// At every interval of the scheduler's clock.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// At every interval of the scheduler's clock, and whenever an array reaches the count.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// A publisher that delivers its upstream's values in arrays cut at regular intervals of a
    /// scheduler's clock (and at a count, if given).
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream
        /// When the arrays are cut.
        public let strategy: TimeGroupingStrategy<Context>
        /// The options deliveries are scheduled with.
        public let options: Context.SchedulerOptions?

        /// A publisher of `upstream`'s values in arrays cut by `strategy`;
        /// `collect(_:options:)` makes one.
        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        /// Subscribes `subscriber` to `upstream` and starts a repeating timer on the scheduler.
        /// Each tick cuts the values gathered since the last cut into an array (none if there
        /// were none); with `.byTimeOrCount`, so does reaching the count. Arrays are delivered on
        /// the scheduler, one per unit of demand; those beyond the demand wait, in order, for the
        /// next request (none is dropped or merged). Demand: `.byTime` asks the upstream for
        /// everything; `.byTimeOrCount` asks for count × each request, as `collect(_:)` does.
        /// When the upstream finishes, the last values are cut and delivered, then `.finished`;
        /// a failure drops what waits and is delivered on the scheduler. O(1) amortized per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, interval, count): (Context, Context.SchedulerTimeType.Stride, Int?) = switch strategy {
            case .byTime(let scheduler, let interval): (scheduler, interval, nil)
            case .byTimeOrCount(let scheduler, let interval, let count): (scheduler, interval, count)
            }
            precondition(count.map { $0 > 0 } ?? true, "collect(.byTimeOrCount): the count must be at least 1")
            upstream.receive(subscriber: CollectByTimeSubscription(
                downstream: subscriber, scheduler: scheduler, interval: interval, count: count, options: options))
        }
    }
}

extension Publisher {
    /// Delivers the values in arrays cut at every interval of a scheduler's clock (and, with
    /// `.byTimeOrCount`, whenever an array reaches the count), on that scheduler. An interval with
    /// no value delivers nothing. O(1) amortized per value.
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

/// The subscription of `collect(_:options:)`: the arrays and the demand sit in a
/// ``ScheduledDownstream``'s state, and only the scheduler delivers them.
final class CollectByTimeSubscription<Downstream: Subscriber, Element, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
where Downstream.Input == [Element] {
    // @unchecked: its state is in `relay` and `upstream`, each under a lock.
    typealias Input = Element
    typealias Failure = Downstream.Failure

    private let relay: ScheduledDownstream<Downstream, Batches>
    private let upstream = UpstreamSubscription()
    private let scheduler: Context
    private let interval: Context.SchedulerTimeType.Stride
    /// The count of `.byTimeOrCount`; nil for `.byTime`.
    private let count: Int?
    private let options: Context.SchedulerOptions?

    private struct Batches {
        /// The values since the last cut.
        var filling: [Element] = []
        /// Arrays cut and not yet delivered, oldest first.
        var ready: [[Element]] = []
        var demand = Subscribers.Demand.none
        /// The upstream's completion, delivered after the arrays before it.
        var completion: Subscribers.Completion<Failure>?
        var timer: Cancellable?

        mutating func cut() {
            guard !filling.isEmpty else { return }
            ready.append(filling)
            filling = []
        }
    }

    init(
        downstream: Downstream, scheduler: Context, interval: Context.SchedulerTimeType.Stride, count: Int?,
        options: Context.SchedulerOptions?
    ) {
        relay = ScheduledDownstream(downstream, state: Batches())
        self.scheduler = scheduler
        self.interval = interval
        self.count = count
        self.options = options
    }

    func receive(subscription: Subscription) {
        guard upstream.set(subscription) else { return }
        relay.downstream?.receive(subscription: self)
        let timer = scheduler.schedule(
            after: scheduler.now.advanced(by: interval), interval: interval, tolerance: scheduler.minimumTolerance,
            options: options
        ) { [self] in
            _ = relay.update { $0.cut() }
            flush()
        }
        // Cancelled meanwhile (from inside the downstream): the timer goes at once.
        if !relay.update({ $0.timer = timer }) { timer.cancel() }
        if count == nil { upstream.request(.unlimited) }
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        var full = false
        _ = relay.update { batches in
            batches.filling.append(input)
            if let count, batches.filling.count >= count {
                batches.cut()
                full = true
            }
        }
        if full { scheduler.schedule(options: options) { [self] in flush() } }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.release()
        var timer: Cancellable?
        var dropped: [[Element]] = []
        guard relay.update({ batches in
            timer = batches.timer.take()
            switch completion {
            case .finished:
                batches.cut()
            case .failure:
                dropped = batches.ready
                dropped.append(batches.filling)
                batches.ready = []
                batches.filling = []
            }
            batches.completion = completion
        }) else { return }
        withExtendedLifetime(dropped) {}
        timer?.cancel()
        scheduler.schedule(options: options) { [self] in flush() }
    }

    /// On the scheduler: delivers the arrays the demand allows, then the completion once none
    /// waits before it.
    private func flush() {
        while true {
            var delivered = false
            let more = relay.emit { batches in
                if batches.demand > 0, !batches.ready.isEmpty {
                    batches.demand -= 1
                    delivered = true
                    return .value(batches.ready.removeFirst())
                }
                guard batches.ready.isEmpty, let completion = batches.completion.take() else { return nil }
                return .completion(completion)
            }
            guard delivered else { return }
            if more > 0 { _ = addDemand(more) }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, addDemand(demand) else { return }
        scheduler.schedule(options: options) { [self] in flush() }
    }

    /// Adds `demand` (and asks the upstream for `count` values per array); returns whether arrays
    /// wait for it.
    private func addDemand(_ demand: Subscribers.Demand) -> Bool {
        var waiting = false
        guard relay.update({ batches in
            batches.demand += demand
            waiting = !batches.ready.isEmpty
        }) else { return false }
        if let count { upstream.request(demand * count) }
        return waiting
    }

    func cancel() {
        var timer: Cancellable?
        _ = relay.update { timer = $0.timer.take() }
        relay.cancel()
        timer?.cancel()
        upstream.cancel()
    }

    var description: String { "CollectByTime" }
}
#endif
