#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AsyncPublisherTests {
        /// Waits (briefly sleeping) until `count` requests have reached the publisher; after
        /// 100,000 looks (10 s or more) the test fails instead of waiting for ever.
        private func waitFor(
            _ count: Int, requestsIn requests: TestAtomic<Int>, sourceLocation: SourceLocation = #_sourceLocation
        ) async {
            for _ in 0..<100_000 {
                if requests.load(ordering: .acquiring) >= count { return }
                try? await Task.sleep(nanoseconds: 100_000)
            }
            Issue.record("\(requests.load(ordering: .acquiring)) requests, not \(count)", sourceLocation: sourceLocation)
        }

        @Test func eachNextAsksForOneValueAndACurrentValueSubjectGivesItsLatest() async {
            let subject = CurrentValueSubject<Int, Never>(0)
            let values: AsyncPublisher<CurrentValueSubject<Int, Never>> = subject.values
            subject.send(1)  // not subscribed yet: the iteration subscribes
            var iterator = values.makeAsyncIterator()
            #expect(await iterator.next() == 1)
            subject.send(2)  // nobody asked: the subject remembers it missed one
            subject.send(3)
            #expect(await iterator.next() == 3)
            subject.send(completion: .finished)
            #expect(await iterator.next() == nil)
            #expect(await iterator.next() == nil)
        }

        @Test func asksAUsersPublisherForOneValueAtATime() async throws {
            let upstream = CountingPublisher(limit: 3)
            var received: [Int] = []
            for try await value in upstream.values { received.append(value) }
            #expect(received == [0, 1, 2])
            // The third value's request also brings the finish.
            #expect(upstream.requests == Array(repeating: "request max(1)", count: 3))
        }

        @Test func aValueSentWhileNobodyAwaitsIsDroppedAsInCombine() async {
            let subject = PassthroughSubject<Int, Never>()
            let requests = TestAtomic<Int>(0), sentInBetween = TestAtomic<Int>(0)
            let values = RequestCountingPublisher(upstream: subject, requests: requests).values
            let loop = Task {
                var received: [Int] = []
                for await value in values {
                    received.append(value)
                    // Busy with the first value, not awaiting, until the test has sent another.
                    while received.count == 1, sentInBetween.load(ordering: .acquiring) == 0 {
                        try? await Task.sleep(nanoseconds: 100_000)
                    }
                }
                return received
            }
            await waitFor(1, requestsIn: requests)
            subject.send(1)
            subject.send(2)  // the iteration holds 1 and has not asked again: dropped
            sentInBetween.store(1, ordering: .releasing)
            await waitFor(2, requestsIn: requests)
            subject.send(3)
            await waitFor(3, requestsIn: requests)
            subject.send(completion: .finished)
            #expect(await loop.value == [1, 3])
        }

        @Test func throwsTheFailureOnceThenEnds() async throws {
            let values = Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(code: 9))).values
            var iterator = values.makeAsyncIterator()
            #expect(try await iterator.next() == 1)
            #expect(try await iterator.next() == 2)
            await #expect(throws: TestError(code: 9)) { _ = try await iterator.next() }
            #expect(try await iterator.next() == nil)
        }

        @Test func stoppingTheIterationCancelsTheSubscriptionAndReleasesTheChain() async throws {
            let upstream = CountingPublisher()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            do {
                let values = upstream.map { [canary] value in
                    _ = canary
                    return value
                }.values
                canary = nil
                for try await value in values {
                    #expect(value == 0)
                    break
                }
            }
            #expect(weakCanary == nil)
            #expect(upstream.requests == ["request max(1)", "cancel"])
        }

        @Test func cancellingTheAwaitingTaskEndsItsIterationAndCancelsTheSubscription() async {
            for _ in 0..<50 {
                let subject = PassthroughSubject<Int, Never>()
                let requests = TestAtomic<Int>(0)
                let cancels = TestAtomic<Int>(0)
                let values = subject.handleEvents(
                    receiveCancel: { cancels.wrappingAdd(1, ordering: .releasing) },
                    receiveRequest: { _ in requests.wrappingAdd(1, ordering: .releasing) }
                ).values
                let loop = Task {
                    var iterator = values.makeAsyncIterator()
                    return await iterator.next()
                }
                await waitFor(1, requestsIn: requests)
                loop.cancel()
                #expect(await loop.value == nil)
                #expect(cancels.load(ordering: .acquiring) == 1)
                subject.send(1)  // nobody is subscribed any more
            }
        }

        @Test func valuesFromEightThreadsAnswerEachRequestOnce() async {
            let upstream = PassthroughSubject<Int, Never>()
            let requests = TestAtomic<Int>(0)
            let roundsSent = TestAtomic<Int>(0)
            let values = RequestCountingPublisher(upstream: upstream, requests: requests).values
            let rounds = 200
            let loop = Task {
                var received: [Int] = []
                var iterator = values.makeAsyncIterator()
                while received.count < rounds, let value = await iterator.next() {
                    received.append(value)
                    // The next request waits until every thread of this round has sent.
                    while roundsSent.load(ordering: .acquiring) < received.count { try? await Task.sleep(nanoseconds: 100_000) }
                }
                return received
            }
            for round in 0..<rounds {
                await waitFor(round + 1, requestsIn: requests)
                // Eight threads race to answer the one request: exactly one value gets through.
                DispatchQueue.concurrentPerform(iterations: 8) { thread in upstream.send(round * 8 + thread) }
                roundsSent.store(round + 1, ordering: .releasing)
            }
            upstream.send(completion: .finished)  // ends the loop even if a round went wrong
            let received = await loop.value
            #expect(received.count == rounds)
            #expect(received.enumerated().allSatisfy { round, value in value / 8 == round })
            #expect(requests.load(ordering: .acquiring) == rounds)
        }
    }
}
#endif
