#if !canImport(Combine)
import Dispatch

extension Publishers {
    /// A publisher that delivers its upstream's values and completion on a dispatch queue.
    public struct ReceiveOn<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are moved to `queue`.
        public let upstream: Upstream
        /// The serial queue that values and the completion are delivered on.
        public let queue: DispatchQueue

        /// A publisher of `upstream`'s values, delivered on `queue`; `receive(on:)` makes one.
        @inlinable
        public init(upstream: Upstream, queue: DispatchQueue) {
            self.upstream = upstream
            self.queue = queue
        }

        /// Subscribes to `upstream`. Each value costs a lock and one `queue.async`. The closures
        /// are called on `queue`, one at a time.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            // The state is the queue of events not yet delivered, in order; each block sent to
            // the queue delivers the oldest.
            let relay = QueueRelay<Output, Failure, [QueueEvent<Output, Failure>]>(
                queue: queue, state: [], receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            func schedule(_ event: QueueEvent<Output, Failure>) {
                guard relay.update({ $0.append(event) }) else { return }
                relay.queue.async { relay.emit { $0.removeFirst() } }
            }
            let subscription = upstream.sink(
                receiveCompletion: { schedule(.completion($0)) },
                receiveValue: { schedule(.value($0)) })
            return AnyCancellable {
                relay.cancel()
                subscription.cancel()
            }
        }
    }
}

extension Publisher {
    /// Delivers values and the completion on `queue`, a serial queue, in order. A value still
    /// waiting on the queue when the subscription is cancelled is not delivered.
    @inlinable
    public func receive(on queue: DispatchQueue) -> Publishers.ReceiveOn<Self> {
        Publishers.ReceiveOn(upstream: self, queue: queue)
    }
}
#endif
