#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct RetryTests {
        @Test func subscribesAgainAfterEachFailureUpToTheLimitThenFails() {
            let first = CountingPublisher(limit: 10)
            var subscriptions = 0
            let upstream = Deferred { () -> FailingAt in
                subscriptions += 1
                return FailingAt(upstream: first, at: 2)
            }
            let recorder = Recorder(upstream.retry(2))
            #expect(recorder.events == [
                .value(0), .value(1), .value(0), .value(1), .value(0), .value(1), .failure(TestError(code: 2)),
            ])
            #expect(subscriptions == 3)
            #expect(recorder.subscriptions == 1)
        }

        @Test func finishesWhenAnAttemptFinishes() {
            var attempt = 0
            let upstream = Deferred { () -> AnyPublisher<Int, TestError> in
                attempt += 1
                return attempt < 3
                    ? Fail(error: TestError(code: attempt)).eraseToAnyPublisher()
                    : Result<Int, TestError>.success(attempt).publisher.eraseToAnyPublisher()
            }
            #expect(Recorder(upstream.retry(5)).events == [.value(3), .finished])
        }

        @Test func zeroRetriesPassesTheFirstFailureOn() {
            let recorder = Recorder(Fail<Int, TestError>(error: TestError(code: 4)).retry(0))
            #expect(recorder.events == [.failure(TestError(code: 4))])
        }

        @Test func theDemandNotYetServedIsAskedOfEachNewAttempt() {
            let counting = CountingPublisher(limit: 10)
            let recorder = Recorder(FailingAt(upstream: counting, at: 2).retry(1), demand: .max(3))
            // 0, 1, then the failure; the second attempt is asked for the 1 remaining.
            #expect(recorder.values == [0, 1, 0])
            #expect(counting.requests == ["request max(3)", "cancel", "request max(1)"])
            recorder.request(.max(2))
            #expect(recorder.events == [.value(0), .value(1), .value(0), .value(1), .failure(TestError(code: 2))])
        }

        @Test func anUpstreamThatFailsAtOnceIsRetriedInALoopNotByRecursion() {
            // 100,000 retries of a publisher that fails inside `subscribe` would overflow the
            // stack if each retry were made from inside the previous one.
            var attempts = 0
            let upstream = Deferred { () -> Fail<Int, TestError> in
                attempts += 1
                return Fail(error: TestError(code: attempts))
            }
            let recorder = Recorder(upstream.retry(100_000))
            #expect(attempts == 100_001)
            #expect(recorder.events == [.failure(TestError(code: 100_001))])
        }

        @Test func cancellingMidStreamCancelsTheCurrentAttemptAndStopsRetrying() {
            let subject = PassthroughSubject<Int, TestError>()
            var subscriptions = 0
            let upstream = Deferred { () -> PassthroughSubject<Int, TestError> in
                subscriptions += 1
                return subject
            }
            let recorder = Recorder(upstream.retry(3))
            subject.send(1)
            recorder.cancel()
            subject.send(2)
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1)])
            #expect(subscriptions == 1)
        }

        @Test func retriesAreEqualWhenTheirUpstreamsAndCountsAre() {
            #expect(Empty<Int, TestError>().retry(2) == Empty<Int, TestError>().retry(2))
            #expect(Empty<Int, TestError>().retry(2) != Empty<Int, TestError>().retry(3))
            #expect(Just(1).retry(2) == Just(1))  // as in Combine: a Just never fails
        }
    }
}

#endif
