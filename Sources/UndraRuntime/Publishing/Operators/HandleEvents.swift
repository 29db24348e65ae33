#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that calls closures on each event of a subscription, and changes nothing: for
    /// side effects and debugging, as in Combine.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are watched.
        public let upstream: Upstream
        /// Called with the upstream's subscription when it arrives.
        public var receiveSubscription: ((Subscription) -> Void)?
        /// Called with each value, before the subscriber gets it.
        public var receiveOutput: ((Output) -> Void)?
        /// Called with the completion, before the subscriber gets it.
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        /// Called when the subscriber cancels.
        public var receiveCancel: (() -> Void)?
        /// Called with each demand the subscriber adds: its requests, and what its `receive(_:)`
        /// returns when that is more than none.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// A publisher of `upstream`'s events that calls the closures given;
        /// `handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)`
        /// makes one.
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        /// Hands `subscriber` its subscription, then subscribes to `upstream`, as Combine does:
        /// what the subscriber asks for before the upstream's subscription arrives is asked of
        /// it then. Every event passes through unchanged, after its closure. The closures are
        /// let go at the completion or the cancel. O(1) per event, plus the closure.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, events: self)
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }

        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
            @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: `state` is under its lock; `downstream` never changes.
            private struct State {
                /// The closures, until the completion or the cancel.
                var events: HandleEvents?
                var upstream: Subscription?
                /// What the downstream asked for before the upstream's subscription arrived.
                var pending = Subscribers.Demand.none
                var ended = false
            }

            let downstream: Downstream
            private let state: Locked<State>

            init(downstream: Downstream, events: HandleEvents) {
                self.downstream = downstream
                state = Locked(State(events: events))
            }

            private var events: HandleEvents? { state.withLock { $0.events } }

            func receive(subscription: Subscription) {
                events?.receiveSubscription?(subscription)
                let pending = state.withLock { state -> Subscribers.Demand? in
                    guard !state.ended, state.upstream == nil else { return nil }
                    state.upstream = subscription
                    defer { state.pending = .none }
                    return state.pending
                }
                guard let pending else { return subscription.cancel() }
                if pending > 0 { subscription.request(pending) }
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                let events = events
                events?.receiveOutput?(input)
                let more = downstream.receive(input)
                if more > 0 { events?.receiveRequest?(more) }
                return more
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                let (events, upstream) = state.withLock { state in
                    state.ended = true
                    return (state.events.take(), state.upstream.take())
                }
                events?.receiveCompletion?(completion)
                withExtendedLifetime(upstream) {}
                downstream.receive(completion: completion)
            }

            func request(_ demand: Subscribers.Demand) {
                events?.receiveRequest?(demand)
                state.withLock { state -> Subscription? in
                    guard !state.ended else { return nil }
                    guard let upstream = state.upstream else {
                        state.pending += demand
                        return nil
                    }
                    return upstream
                }?.request(demand)
            }

            func cancel() {
                let (events, upstream) = state.withLock { state -> (HandleEvents?, Subscription?) in
                    guard !state.ended else { return (nil, nil) }
                    state.ended = true
                    return (state.events.take(), state.upstream.take())
                }
                events?.receiveCancel?()
                upstream?.cancel()
            }

            var description: String { "HandleEvents" }
        }
    }
}

extension Publisher {
    /// Calls the closures given on each event (the subscription, each value, the completion, a
    /// cancel, each demand) and passes everything through unchanged: for side effects and
    /// debugging. O(1) per event, plus the closure.
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

/// "HandleEvents", no children, as Combine's.
extension Publishers.HandleEvents.Inner: ChildlessCombineReflection {}
#endif
