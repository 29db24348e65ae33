#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MakeConnectableTests {
        @Test func subscribersAttachFirstThenConnectStartsOneSubscription() {
            var subscriptions = 0
            let upstream = Deferred { () -> Publishers.Sequence<[Int], Never> in
                subscriptions += 1
                return [1, 2, 3].publisher
            }
            let connectable = upstream.makeConnectable()
            let first = Recorder(connectable)
            let second = Recorder(connectable, demand: .max(1))
            #expect(first.events == [])
            let connection = connectable.connect()
            #expect(subscriptions == 1)
            #expect(first.events == [.value(1), .value(2), .value(3), .finished])
            #expect(second.events == [.value(1), .finished])
            withExtendedLifetime(connection) {}
        }

        @Test func copiesShareTheSubject() {
            let subject = PassthroughSubject<Int, Never>()
            let connectable = subject.makeConnectable()
            let copy = connectable
            var received: [Int] = []
            let subscription = copy.sink { received.append($0) }
            let connection = connectable.connect()
            subject.send(5)
            #expect(received == [5])
            withExtendedLifetime((subscription, connection)) {}
        }

        @Test func cancellingTheConnectionStopsTheValues() {
            let subject = PassthroughSubject<Int, Never>()
            let connectable = subject.makeConnectable()
            let recorder = Recorder(connectable)
            let connection = connectable.connect()
            subject.send(1)
            connection.cancel()
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1)])
        }

        @Test func cancellingASubscriberMidStreamLeavesTheOthers() {
            let subject = PassthroughSubject<Int, Never>()
            let connectable = subject.makeConnectable()
            let leaving = Recorder(connectable)
            let staying = Recorder(connectable)
            let connection = connectable.connect()
            subject.send(1)
            leaving.cancel()
            subject.send(2)
            subject.send(completion: .finished)
            #expect(leaving.events == [.value(1)])
            #expect(staying.events == [.value(1), .value(2), .finished])
            withExtendedLifetime(connection) {}
        }
    }
}
#endif
