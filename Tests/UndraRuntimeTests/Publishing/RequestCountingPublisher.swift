#if !canImport(Combine)
@testable import UndraRuntime

/// Passes `upstream` through, counting the `request` calls that have reached it: the count goes up
/// once the upstream's `request` has returned, so a test that sees the count knows the upstream
/// holds the demand. (`handleEvents(receiveRequest:)` reports a request before passing it on, as
/// Combine's does: a value sent the moment it reports can still find no demand and be dropped.)
struct RequestCountingPublisher<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let requests: TestAtomic<Int>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.receive(subscriber: Inner(downstream: subscriber, requests: requests))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        // @unchecked: `upstream` is under Locked's lock; `downstream` is only called by the upstream.
        let downstream: Downstream
        let requests: TestAtomic<Int>
        private let upstream = Locked<(any Subscription)?>(nil)

        init(downstream: Downstream, requests: TestAtomic<Int>) {
            self.downstream = downstream
            self.requests = requests
        }

        func receive(subscription: any Subscription) {
            upstream.withLock { $0 = subscription }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            upstream.withLock { $0 }?.request(demand)
            requests.wrappingAdd(1, ordering: .releasing)
        }

        func cancel() {
            upstream.withLock { $0.take() }?.cancel()
        }
    }
}
#endif
