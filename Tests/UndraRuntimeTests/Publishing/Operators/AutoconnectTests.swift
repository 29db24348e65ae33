#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AutoconnectTests {
        /// A subject behind a Deferred that counts the subscriptions made to it.
        private final class Source: @unchecked Sendable {
            // @unchecked: `count` is under its lock; `subject` is thread-safe.
            let subject = PassthroughSubject<Int, TestError>()
            private let count = Locked(0)
            var subscriptions: Int { count.withLock { $0 } }

            var publisher: Deferred<PassthroughSubject<Int, TestError>> {
                Deferred { [self] in
                    count.withLock { $0 += 1 }
                    return subject
                }
            }
        }

        @Test func theFirstSubscriberConnectsAndOthersShareTheConnection() {
            let source = Source()
            let auto = source.publisher.multicast { PassthroughSubject() }.autoconnect()
            #expect(source.subscriptions == 0)
            let first = Recorder(auto)
            #expect(source.subscriptions == 1)
            source.subject.send(1)
            let second = Recorder(auto)
            source.subject.send(2)
            source.subject.send(completion: .finished)
            #expect(source.subscriptions == 1)
            #expect(first.events == [.value(1), .value(2), .finished])
            #expect(second.events == [.value(2), .finished])
        }

        @Test func theLastCancelDisconnectsAndTheNextSubscriberConnectsAgain() {
            let source = Source()
            let auto = source.publisher.multicast { PassthroughSubject() }.autoconnect()
            let first = Recorder(auto)
            let second = Recorder(auto)
            first.cancel()
            source.subject.send(1)
            second.cancel()
            source.subject.send(2)
            #expect(first.values == [])
            #expect(second.values == [1])
            let third = Recorder(auto)
            source.subject.send(3)
            #expect(source.subscriptions == 2)
            #expect(third.values == [3])
        }

        @Test func sinksCountToo() {
            let source = Source()
            let auto = source.publisher.multicast { PassthroughSubject() }.autoconnect()
            var received: [Int] = []
            let subscription = auto.sink(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
            source.subject.send(1)
            subscription.cancel()
            source.subject.send(2)
            #expect(received == [1])
            let again = auto.sink(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
            source.subject.send(3)
            #expect(received == [1, 3])
            #expect(source.subscriptions == 2)
            withExtendedLifetime(again) {}
        }

        @Test func demandIsEachSubscribersOwn() {
            let source = Source()
            let auto = source.publisher.multicast { PassthroughSubject() }.autoconnect()
            let one = Recorder(auto, demand: .max(1))
            let all = Recorder(auto)
            for value in 1...3 { source.subject.send(value) }
            one.request(.max(1))
            source.subject.send(4)
            #expect(one.values == [1, 4])
            #expect(all.values == [1, 2, 3, 4])
        }

        @Test func subscribersComingAndGoingOnEightThreadsMakeOneConnectionEachTime() {
            for _ in 0..<50 {
                let source = Source()
                let upstream = CountingCancels(source.publisher)
                let auto = Shared(upstream.multicast { PassthroughSubject() }.autoconnect())
                let recorders = Locked<[Recorder<Int, TestError>]>([])
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    let recorder = Recorder(auto.value)
                    recorders.withLock { $0.append(recorder) }
                }
                #expect(source.subscriptions == 1)
                source.subject.send(1)
                #expect(recorders.withLock { $0.map(\.values) } == Array(repeating: [1], count: 8))
                let all = recorders.withLock { $0 }
                DispatchQueue.concurrentPerform(iterations: 8) { index in all[index].cancel() }
                #expect(upstream.cancels == 1)
            }
        }
    }
}

/// A user-defined publisher that counts the cancels of the subscriptions it hands out.
private final class CountingCancels<Upstream: Publisher>: Publisher, @unchecked Sendable {
    // @unchecked: `count` is under its lock; `upstream` never changes.
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    private let count = Locked(0)
    var cancels: Int { count.withLock { $0 } }

    init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(AnySubscriber(
            receiveSubscription: { subscription in
                subscriber.receive(subscription: CountedSubscription(upstream: subscription) { [self] in
                    count.withLock { $0 += 1 }
                })
            },
            receiveValue: { subscriber.receive($0) },
            receiveCompletion: { subscriber.receive(completion: $0) }))
    }

    private struct CountedSubscription: Subscription {
        let upstream: Subscription
        let onCancel: () -> Void
        let combineIdentifier = CombineIdentifier()

        func request(_ demand: Subscribers.Demand) {
            upstream.request(demand)
        }

        func cancel() {
            onCancel()
            upstream.cancel()
        }
    }
}
#endif
