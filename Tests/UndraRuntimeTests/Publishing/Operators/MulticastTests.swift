#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MulticastTests {
        @Test func nothingFlowsUntilConnectThenEverySubscriberGetsTheValuesItAsksFor() {
            let upstream = CountingPublisher(limit: 4)
            let multicast = upstream.multicast { PassthroughSubject<Int, TestError>() }
            let all = Recorder(multicast)
            let two = Recorder(multicast, demand: .max(2))
            #expect(upstream.requests == [])
            let connection = multicast.connect()
            // The subject asks the upstream for everything; a subscriber with no demand left
            // misses the value, as with any PassthroughSubject.
            #expect(upstream.requests == ["request unlimited"])
            #expect(all.events == [.value(0), .value(1), .value(2), .value(3), .finished])
            #expect(two.events == [.value(0), .value(1), .finished])
            withExtendedLifetime(connection) {}
        }

        @Test func makesItsSubjectOnceForEverySubscribeAndConnect() {
            let subject = PassthroughSubject<Int, Never>()
            var made = 0
            let multicast = subject.multicast { () -> PassthroughSubject<Int, Never> in
                made += 1
                return PassthroughSubject()
            }
            let first = Recorder(multicast)
            let second = Recorder(multicast)
            let connection = multicast.connect()
            let again = multicast.connect()
            subject.send(1)
            #expect(made == 1)
            // Two connections: the one subject is fed twice.
            #expect(first.values == [1, 1])
            #expect(second.values == [1, 1])
            withExtendedLifetime((connection, again)) {}
        }

        @Test func throughAGivenSubjectItsOwnSubscribersGetTheValuesToo() {
            let upstream = PassthroughSubject<String, TestError>()
            let shared = CurrentValueSubject<String, TestError>("start")
            let multicast = upstream.multicast(subject: shared)
            let viaMulticast = Recorder(multicast)
            let viaSubject = Recorder(shared)
            let connection = multicast.connect()
            upstream.send("a")
            upstream.send(completion: .failure(TestError(code: 1)))
            #expect(viaMulticast.events == [.value("start"), .value("a"), .failure(TestError(code: 1))])
            #expect(viaSubject.events == viaMulticast.events)
            withExtendedLifetime(connection) {}
        }

        @Test func cancellingTheConnectionStopsTheUpstreamAndKeepsTheSubscribersForTheNext() {
            let upstream = PassthroughSubject<Int, TestError>()
            let multicast = upstream.multicast { PassthroughSubject<Int, TestError>() }
            let recorder = Recorder(multicast)
            let connection = multicast.connect()
            upstream.send(1)
            connection.cancel()
            upstream.send(2)
            #expect(recorder.events == [.value(1)])
            let again = multicast.connect()
            upstream.send(3)
            #expect(recorder.events == [.value(1), .value(3)])
            withExtendedLifetime(again) {}
        }

        @Test func aSubscribersCancelLeavesTheOthers() {
            let upstream = PassthroughSubject<Int, Never>()
            let multicast = upstream.multicast(subject: PassthroughSubject())
            let leaving = Recorder(multicast)
            let staying = Recorder(multicast)
            let connection = multicast.connect()
            upstream.send(1)
            leaving.cancel()
            upstream.send(2)
            #expect(leaving.values == [1])
            #expect(staying.values == [1, 2])
            withExtendedLifetime(connection) {}
        }

        @Test func subscribersJoiningFromEightThreadsAtOnceShareOneSubject() {
            for _ in 0..<50 {
                let upstream = PassthroughSubject<Int, Never>()
                let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
                let recorders = Locked<[Recorder<Int, Never>]>([])
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    let recorder = Recorder(multicast)
                    recorders.withLock { $0.append(recorder) }
                }
                let connection = multicast.connect()
                upstream.send(7)
                #expect(recorders.withLock { $0.map(\.values) } == Array(repeating: [7], count: 8))
                withExtendedLifetime(connection) {}
            }
        }
    }
}

#endif
