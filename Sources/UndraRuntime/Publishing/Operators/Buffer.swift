#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// How `buffer` asks its upstream for values, as in Combine.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// Asks for as many values as the buffer holds at once, then one more for each value
        /// that leaves it: the buffer is kept full.
        case keepFull
        /// Asks for every value at once (`.unlimited`), as Combine's does; values that find the
        /// buffer full are handled by the ``BufferingStrategy``.
        case byRequest
    }

    /// What `buffer` does with a value that finds the buffer full, as in Combine.
    public enum BufferingStrategy<Failure: Error> {
        /// Drops the value that came.
        case dropNewest
        /// Drops the oldest value in the buffer, and keeps the one that came.
        case dropOldest
        /// Fails with the error the closure makes, and cancels the upstream.
        case customError(() -> Failure)
    }

    /// A publisher that keeps up to `size` of its upstream's values while its subscriber has no
    /// demand for them.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are buffered.
        public let upstream: Upstream
        /// How many values the buffer holds.
        public let size: Int
        /// How the upstream is asked for values.
        public let prefetch: PrefetchStrategy
        /// What a value that finds the buffer full does.
        public let whenFull: BufferingStrategy<Failure>

        /// A publisher of `upstream`'s values through a buffer of `size`;
        /// `buffer(size:prefetch:whenFull:)` makes one.
        public init(upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        /// Subscribes `subscriber` to `upstream`, hands the subscriber its subscription, then asks
        /// the upstream for values as `prefetch` says (Combine asks first). Values go out as the
        /// subscriber asks for them, in order, one at a time whatever thread they come from.
        /// O(1) amortized per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
        }

        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: its state is in `serial` and `upstream`, each under a lock.
            /// The buffer is the serial downstream's queue: the values waiting for demand.
            let serial: SerialDownstream<Downstream, Counts>
            let upstream = UpstreamSubscription()
            let size: Int
            let prefetch: PrefetchStrategy
            let whenFull: BufferingStrategy<Failure>

            struct Counts {
                /// Values asked of the upstream and not received yet (`keepFull`).
                var outstanding = 0
                /// The buffer overflowed into a `customError`: nothing more comes in.
                var overflowed = false
            }

            init(downstream: Downstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
                serial = SerialDownstream(downstream, state: Counts())
                self.size = Swift.max(size, 0)
                self.prefetch = prefetch
                self.whenFull = whenFull
            }

            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                // The subscriber first: a synchronous upstream may overflow the buffer into a
                // failure at once, and nothing may reach the subscriber before its subscription.
                serial.downstream.receive(subscription: self)
                switch prefetch {
                case .keepFull: upstream.request(refill())
                case .byRequest: upstream.request(.unlimited)
                }
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                var evicted: Output?
                var overflowed = false
                serial.send { counts, buffer, demand -> Output? in
                    counts.outstanding -= 1
                    guard !counts.overflowed else { return nil }
                    // Full: `size` values wait beyond what the subscriber has asked for.
                    guard buffer.count - (demand.max ?? .max) >= size else { return input }
                    switch whenFull {
                    case .dropNewest:
                        return nil
                    case .dropOldest:
                        evicted = buffer.popFirst()
                        return size > 0 ? input : nil
                    case .customError:
                        counts.overflowed = true
                        overflowed = true
                        return nil
                    }
                }
                withExtendedLifetime(evicted) {}
                if overflowed, case .customError(let makeError) = whenFull {
                    upstream.cancel()
                    serial.complete(.failure(makeError()))
                    return .none
                }
                return prefetch == .keepFull ? refill() : .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                upstream.release()
                serial.complete(completion)
            }

            func request(_ demand: Subscribers.Demand) {
                _ = serial.request(demand)
                if prefetch == .keepFull { upstream.request(refill()) }
            }

            func cancel() {
                serial.cancel()
                upstream.cancel()
            }

            /// What keeps the buffer full: `size` less the values waiting and those already asked
            /// for, counted as asked for.
            private func refill() -> Subscribers.Demand {
                serial.withState { counts, queued -> Subscribers.Demand in
                    let more = size - queued - counts.outstanding
                    guard more > 0 else { return .none }
                    counts.outstanding += more
                    return .max(more)
                }
            }

            var description: String { "Buffer" }
        }
    }
}

extension Publisher {
    /// Keeps up to `size` values while the subscriber has no demand for them, then delivers
    /// them, in order, as it asks. `prefetch` says how the upstream is asked (`keepFull`: `size`
    /// at first, then one per value delivered; `byRequest`: everything at once, as in Combine);
    /// `whenFull` what a value that finds the buffer full does. A `.finished` comes after the
    /// values buffered; a failure as soon as the value being delivered is done, dropping them.
    public func buffer(
        size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers.Buffer.Inner: CombineReflection {
    /// Combine's children: "values" (those waiting for demand), "state" (its upstream:
    /// awaitingSubscription, ready(subscription), terminal), "downstreamDemand", "terminal" (a
    /// completion waiting behind the values); read under the locks.
    var customMirror: Mirror {
        let (values, demand, completion) = serial.guarded.withLock { guarded in
            (guarded.queue.elements, guarded.demand, guarded.completion)
        }
        let state: BufferMirrorState = switch upstream.status {
        case .awaitingSubscription: .awaitingSubscription
        case .subscribed(let subscription): .ready(subscription)
        case .terminal: .terminal
        }
        let children: [Mirror.Child] = [
            ("values", values), ("state", state), ("downstreamDemand", demand), ("terminal", completion as Any),
        ]
        return Mirror(self, children: children)
    }
}

/// A buffer's upstream, as its mirror names it, after Combine's.
enum BufferMirrorState {
    case awaitingSubscription
    case ready(Subscription)
    case terminal
}
#endif
