#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Subscribers {
    /// A subscriber made of two closures, asking for every value: what `sink` subscribes, as in
    /// Combine.
    ///
    /// It asks for `.unlimited` as soon as it has its subscription, calls `receiveValue` for each
    /// value and `receiveCompletion` for the completion, and then lets both closures go (so that
    /// what they capture is released when the publisher completes, even while the sink itself is
    /// still kept). `cancel()` cancels the subscription; the closures then go with the sink.
    ///
    /// Thread-safety: `cancel()` from any thread, at any time; the `receive` calls come from the
    /// publisher, one at a time. Reading `receiveValue` or `receiveCompletion` while the
    /// publisher completes is a race.
    ///
    /// Complexity: a value costs one load, and the closure.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        /// The word behind `state`, first in the object (`AtomicWord`); touched only through it.
        @usableFromInline var stateWord = SubscriptionState.awaiting
        @inlinable var state: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self) }
        /// The closures (+1 retained), until completion. Unmanaged, so that a delivery calls them
        /// without retaining them; written only by `receive(completion:)` and deinit, which never
        /// overlap a `receive(_:)`.
        @exclusivity(unchecked) @usableFromInline var handlers: Unmanaged<Handlers>?
        /// The subscription, once received, until cancelled or completed. Owned by whoever moves
        /// `state` out of `.subscribed` (see ``SubscriptionState``).
        @exclusivity(unchecked) @usableFromInline var subscription: Subscription?

        /// The value closure (a closure that does nothing after completion).
        public var receiveValue: (Input) -> Void {
            handlers?.takeUnretainedValue().receiveValue ?? { _ in }
        }

        /// The completion closure (a closure that does nothing after completion).
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            handlers?.takeUnretainedValue().receiveCompletion ?? { _ in }
        }

        /// A sink calling `receiveValue` for each value and `receiveCompletion` for the
        /// completion. Allocates the sink and one object for the closures.
        @inlinable  // Specialized where it is called: unspecialized, it looked up `Handlers`' metadata each time.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            handlers = .passRetained(Handlers(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
            assertAtomicWordsComeFirst(self, &stateWord)
        }

        deinit {
            handlers?.release()
        }

        /// Keeps the subscription and asks it for every value; a second subscription, or one
        /// that arrives after `cancel()`, is cancelled. Inlinable, so that a publisher that hands
        /// a sink its subscription asks it with a direct call to its own, specialized `request`.
        @inlinable
        public func receive(subscription: Subscription) {
            guard SubscriptionState.beginStoring(state) else { return subscription.cancel() }
            self.subscription = subscription
            guard SubscriptionState.finishStoring(state) else {
                self.subscription.take()?.cancel()
                return
            }
            subscription.request(.unlimited)
        }

        /// Calls `receiveValue`; asks for nothing more (it already asked for everything).
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            if state.load(ordering: .relaxed) == SubscriptionState.subscribed {
                handlers?._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            }
            return .none
        }

        /// Calls `receiveCompletion`, then lets both closures go. Ignored after `cancel()`.
        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            guard SubscriptionState.end(state) else { return }
            subscription = nil
            guard let handlers = handlers.take() else { return }
            handlers.takeUnretainedValue().receiveCompletion(completion)
            handlers.release()
        }

        /// Cancels the subscription. Later values and the completion are ignored. Safe from any
        /// thread, any number of times.
        public func cancel() {
            guard SubscriptionState.cancel(state) else { return }
            subscription.take()?.cancel()
        }

        /// "Sink".
        public var description: String { "Sink" }

        /// No children, as in Combine.
        public var customMirror: Mirror { Mirror(self, children: EmptyCollection<Mirror.Child>()) }

        /// "Sink", as Combine's playgrounds show it.
        public var playgroundDescription: Any { description }

        /// A sink's two closures, immutable, so that a delivery reads them without retaining them.
        @usableFromInline
        final class Handlers {
            @usableFromInline let receiveValue: (Input) -> Void
            @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

            @inlinable
            init(
                receiveValue: @escaping (Input) -> Void,
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
            ) {
                self.receiveValue = receiveValue
                self.receiveCompletion = receiveCompletion
            }
        }
    }
}

extension Publisher {
    /// Subscribes with a closure for the values and one for the completion, asking for every
    /// value, as in Combine.
    ///
    /// - Returns: The subscription: it lasts until it is cancelled or released.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        _sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for the values; for publishers that cannot fail, as in Combine.
    ///
    /// - Returns: The subscription: it lasts until it is cancelled or released.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        _sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension Subscribers.Sink: CustomReflectable, CustomPlaygroundDisplayConvertible {}
#endif
