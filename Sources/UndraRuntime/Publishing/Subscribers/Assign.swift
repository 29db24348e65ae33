#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Subscribers {
    /// A subscriber that assigns every value to a property of an object, as in Combine. It holds
    /// the object strongly until it completes or is cancelled, then lets it go.
    ///
    /// Thread-safety: `cancel()` from any thread; the `receive` calls come from the publisher,
    /// one at a time. Each value takes a lock, then assigns with no lock held.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
        public typealias Failure = Never

        /// The property each value is assigned to.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private let state: Locked<State>

        private struct State {
            var object: Root?
            var subscription: Subscription?
            var received = false
        }

        /// The object, until completion or cancel.
        public var object: Root? {
            state.withLock { $0.object }
        }

        /// A subscriber that assigns each value to `object[keyPath: keyPath]`.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.keyPath = keyPath
            state = Locked(State(object: object))
        }

        /// Keeps the subscription and asks it for every value; a second subscription, or one
        /// that arrives after `cancel()`, is cancelled.
        public func receive(subscription: Subscription) {
            let accepted = state.withLock { state -> Bool in
                guard !state.received, state.object != nil else { return false }
                state.received = true
                state.subscription = subscription
                return true
            }
            guard accepted else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        /// Assigns `value`, unless cancelled or completed.
        public func receive(_ value: Input) -> Subscribers.Demand {
            if let object = state.withLock({ $0.object }) {
                object[keyPath: keyPath] = value
            }
            return .none
        }

        /// Lets the object and the subscription go.
        public func receive(completion: Subscribers.Completion<Never>) {
            let released = state.withLock { state in (state.object.take(), state.subscription.take()) }
            withExtendedLifetime(released) {}
        }

        /// Cancels the subscription and lets the object go. Safe from any thread.
        public func cancel() {
            let (object, subscription) = state.withLock { state in (state.object.take(), state.subscription.take()) }
            withExtendedLifetime(object) {}
            subscription?.cancel()
        }

        /// "Assign" and the object's type, as Combine prints it: "Assign Label.".
        public var description: String { "Assign \(Root.self)." }

        /// Combine's children: "object" (nil once completed or cancelled), "keyPath", "status"
        /// (its upstream subscription: awaitingSubscription, subscribed, terminal), read under
        /// the lock.
        public var customMirror: Mirror {
            let (object, status) = state.withLock { state -> (Root?, UpstreamSubscription.Status) in
                let status: UpstreamSubscription.Status = if let subscription = state.subscription {
                    .subscribed(subscription)
                } else if state.received || state.object == nil {
                    .terminal
                } else {
                    .awaitingSubscription
                }
                return (state.object, status)
            }
            return Mirror(self, children: [("object", object as Any), ("keyPath", keyPath), ("status", status)])
        }

        /// Its description, as Combine's playgrounds show it.
        public var playgroundDescription: Any { description }
    }
}

extension Subscribers.Assign: CustomReflectable, CustomPlaygroundDisplayConvertible {}

// @unchecked: all mutable state is in `state`, under its lock.
extension Subscribers.Assign: @unchecked Sendable {}

extension Publisher where Failure == Never {
    /// Assigns every value to `object[keyPath: keyPath]`. The subscription holds `object`
    /// strongly (as Combine's does) until it ends.
    ///
    /// - Returns: The subscription: it lasts until it is cancelled or released.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }

    /// Republishes every value into a `@Published` property: `publisher.assign(to: &$name)`.
    ///
    /// Each value is set as an assignment to the property would be (`objectWillChange`, then
    /// `$name`'s subscribers, then the store). The subscription lasts as long as the property,
    /// so it ends when the object is released; it keeps neither the object nor the property
    /// alive.
    public func assign(to published: inout Published<Output>.Publisher) {
        let subject = published.subject
        subject.keep(sink { [weak subject] in subject?.send($0) })
    }
}
#endif
