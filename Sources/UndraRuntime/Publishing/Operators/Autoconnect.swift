#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that connects its connectable upstream when the first subscriber comes, and
    /// cancels that connection when the last one cancels, as in Combine.
    ///
    /// A subscriber counts from its subscribe until it cancels (one that completes still counts,
    /// as in Combine). A subscriber that comes after the count fell to zero connects again.
    ///
    /// Thread-safety: subscribe and cancel from any thread; two first subscribers at once make
    /// one connection. Complexity: O(1) per subscribe and cancel, plus the upstream's.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher connected and disconnected.
        public let upstream: Upstream

        @usableFromInline
        struct State {
            @usableFromInline var subscribers = 0
            @usableFromInline var connection: Cancellable?
            /// A thread is making the connection (`connect()` runs outside the lock).
            @usableFromInline var connecting = false
        }

        @usableFromInline let state = Locked(State())

        /// A publisher that connects `upstream` as its first subscriber comes; `autoconnect()`
        /// makes one.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to the upstream, then connects it if it is the first; its
        /// cancel counts it out.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let first = countIn()
            upstream.subscribe(Inner(parent: self, downstream: subscriber))
            if first { connect() }
        }

        /// `sink` on the upstream's own `sink` path; the cancellable counts the subscriber out.
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let first = countIn()
            let subscription = upstream._sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            if first { connect() }
            return AnyCancellable(CountedCancellable(parent: self, subscription: subscription))
        }

        /// Counts a subscriber in; true if it is to connect.
        @inlinable
        func countIn() -> Bool {
            state.withLock { state in
                state.subscribers += 1
                guard state.connection == nil, !state.connecting else { return false }
                state.connecting = true
                return true
            }
        }

        @inlinable
        func connect() {
            let connection = upstream.connect()
            // Everyone may have cancelled while it connected: then it is cancelled at once.
            let unused = state.withLock { state -> Cancellable? in
                state.connecting = false
                guard state.subscribers > 0 else { return connection }
                state.connection = connection
                return nil
            }
            unused?.cancel()
        }

        /// Counts a subscriber out; the last one out cancels the connection.
        @inlinable
        func countOut() {
            state.withLock { state -> Cancellable? in
                state.subscribers -= 1
                return state.subscribers == 0 ? state.connection.take() : nil
            }?.cancel()
        }

        /// The subscriber it puts on the upstream: it hands the downstream the upstream's
        /// subscription wrapped, so that the cancel counts it out.
        @usableFromInline
        struct Inner<Downstream: Subscriber>: Subscriber where Downstream.Input == Output, Downstream.Failure == Failure {
            @usableFromInline let parent: Autoconnect
            @usableFromInline let downstream: Downstream
            @usableFromInline let combineIdentifier = CombineIdentifier()

            @inlinable
            init(parent: Autoconnect, downstream: Downstream) {
                self.parent = parent
                self.downstream = downstream
            }

            @inlinable
            func receive(subscription: Subscription) {
                downstream.receive(subscription: CountedSubscription(parent: parent, upstream: subscription))
            }

            @inlinable
            func receive(_ input: Output) -> Subscribers.Demand {
                downstream.receive(input)
            }

            @inlinable
            func receive(completion: Subscribers.Completion<Failure>) {
                downstream.receive(completion: completion)
            }
        }

        /// A subscriber's subscription: requests pass through; the first cancel counts it out.
        @usableFromInline
        final class CountedSubscription: Subscription, CustomStringConvertible {
            @usableFromInline let parent: Autoconnect
            @usableFromInline let upstream: Subscription
            @usableFromInline let cancelled = Locked(false)

            @inlinable
            init(parent: Autoconnect, upstream: Subscription) {
                self.parent = parent
                self.upstream = upstream
            }

            @inlinable
            func request(_ demand: Subscribers.Demand) {
                upstream.request(demand)
            }

            @inlinable
            func cancel() {
                let first = cancelled.withLock { cancelled -> Bool in
                    defer { cancelled = true }
                    return !cancelled
                }
                guard first else { return }
                parent.countOut()
                upstream.cancel()
            }

            /// The upstream's subscription's, as Combine hands the downstream that subscription
            /// itself.
            @usableFromInline
            var description: String { String(describing: upstream) }

            /// The upstream's subscription's identity, as in Combine (see `description`).
            @usableFromInline
            var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }
        }

        /// A `sink`'s subscription: the first cancel counts it out.
        @usableFromInline
        struct CountedCancellable: Cancellable {
            @usableFromInline let parent: Autoconnect
            @usableFromInline let subscription: AnyCancellable

            @inlinable
            init(parent: Autoconnect, subscription: AnyCancellable) {
                self.parent = parent
                self.subscription = subscription
            }

            @inlinable
            func cancel() {
                parent.countOut()
                subscription.cancel()
            }
        }
    }
}

// @unchecked: the count and the connection are under its lock; `upstream` never changes.
extension Publishers.Autoconnect: @unchecked Sendable where Upstream: Sendable {}

extension ConnectablePublisher {
    /// Connects this publisher when the first subscriber comes, and disconnects it when the last
    /// one cancels, as in Combine.
    @inlinable
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

/// "Autoconnect", with Combine's children: "parent" (the publisher), "downstream".
extension Publishers.Autoconnect.Inner: CombineReflection {
    @usableFromInline
    var description: String { "Autoconnect" }

    @usableFromInline
    var customMirror: Mirror {
        let children: [Mirror.Child] = [("parent", parent), ("downstream", downstream)]
        return Mirror(self, children: children)
    }
}
#endif
