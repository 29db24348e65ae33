#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CatchTests {
        @Test func goesOnWithTheHandlersPublisherAfterAFailure() {
            let subject = PassthroughSubject<Int, TestError>()
            var errors: [TestError] = []
            let recorder = Recorder(subject.catch { error -> Publishers.Sequence<[Int], Never> in
                errors.append(error)
                return [100, 200].publisher
            })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(TestError(code: 5)))
            subject.send(3)
            #expect(recorder.events == [.value(1), .value(2), .value(100), .value(200), .finished])
            #expect(errors == [TestError(code: 5)])
            #expect(recorder.subscriptions == 1)
        }

        @Test func aFinishedUpstreamFinishesWithoutTheHandler() {
            let subject = PassthroughSubject<Int, TestError>()
            var calls = 0
            let recorder = Recorder(subject.catch { _ in
                calls += 1
                return Just(0)
            })
            subject.send(1)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .finished])
            #expect(calls == 0)
        }

        @Test func theNewPublishersFailureEndsIt() {
            let recorder = Recorder(Fail<Int, TestError>(error: TestError(code: 1)).catch { error in
                Fail<Int, TestError>(error: TestError(code: error.code + 1))
            })
            #expect(recorder.events == [.failure(TestError(code: 2))])
        }

        @Test func theDemandNotYetServedIsAskedOfTheNewPublisher() {
            let first = CountingPublisher(limit: 10)
            let second = CountingPublisher()
            let recorder = Recorder(FailingAt(upstream: first, at: 2).catch { _ in second }, demand: .max(5))
            // 0 and 1 from the first, which then fails; 3 of the 5 remain for the second.
            #expect(recorder.values == [0, 1, 0, 1, 2])
            #expect(second.requests == ["request max(3)"])
            recorder.request(.max(1))
            #expect(recorder.values == [0, 1, 0, 1, 2, 3])
            #expect(second.requests == ["request max(3)", "request max(1)"])
        }

        @Test func cancellingAfterTheSwitchCancelsTheNewPublisher() {
            let subject = PassthroughSubject<Int, TestError>()
            let second = CountingPublisher()
            let recorder = Recorder(subject.catch { _ in second }, demand: .max(1))
            subject.send(completion: .failure(TestError()))
            #expect(recorder.values == [0])
            recorder.cancel()
            recorder.request(.max(2))
            #expect(recorder.values == [0])
            #expect(second.requests == ["request max(1)", "cancel"])
        }

        @Test func cancellingBeforeTheFailureCancelsTheUpstreamAndTheHandlerNeverRuns() {
            let upstream = CountingPublisher()
            var calls = 0
            let recorder = Recorder(upstream.catch { _ -> Just<Int> in
                calls += 1
                return Just(0)
            }, demand: .max(2))
            recorder.cancel()
            #expect(recorder.events == [.value(0), .value(1)])
            #expect(upstream.requests == ["request max(2)", "cancel"])
            #expect(calls == 0)
        }

        @Test func tryCatchFailsWithWhatTheHandlerThrows() {
            struct Unrecoverable: Error, Equatable {}
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryCatch { error -> Just<Int> in
                guard error.code == 1 else { throw Unrecoverable() }
                return Just(-1)
            })
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.values == [1])
            #expect(recorder.events.count == 2)
            guard case .failure(let error)? = recorder.events.last else { Issue.record("no failure"); return }
            #expect(error as? Unrecoverable == Unrecoverable())
        }

        @Test func tryCatchGoesOnWithTheHandlersPublisherAndPassesItsFailureOn() {
            let subject = PassthroughSubject<Int, TestError>()
            let replacement = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryCatch { _ in replacement })
            subject.send(completion: .failure(TestError(code: 1)))
            replacement.send(7)
            replacement.send(completion: .failure(TestError(code: 9)))
            #expect(recorder.values == [7])
            guard case .failure(let error)? = recorder.events.last else { Issue.record("no failure"); return }
            #expect(error as? TestError == TestError(code: 9))
        }

        @Test func aFailureAndACancelRacingOnTwoThreadsLeaveNothingSubscribed() {
            for _ in 0..<500 {
                let subject = PassthroughSubject<Int, TestError>()
                let replacement = PassthroughSubject<Int, TestError>()
                let recorder = Recorder(subject.catch { _ in replacement })
                let shared = Shared((subject, recorder))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        shared.value.0.send(completion: .failure(TestError()))
                    } else {
                        shared.value.1.cancel()
                    }
                }
                // Whichever came first, the replacement ends up without the recorder.
                replacement.send(1)
                #expect(recorder.values.isEmpty)
                #expect(recorder.events.isEmpty)
            }
        }
    }
}

/// A user-defined publisher over a user-defined subscriber: its upstream's values until the value
/// `at`, which it replaces with the failure `TestError(code: at)`.
struct FailingAt: Publisher {
    typealias Output = Int
    typealias Failure = TestError

    let upstream: CountingPublisher
    let at: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        upstream.subscribe(Inner(downstream: subscriber, at: at))
    }

    final class Inner<Downstream: Subscriber>: Subscriber, @unchecked Sendable
    where Downstream.Input == Int, Downstream.Failure == TestError {
        // @unchecked: `subscription` is set once, before any value, and then read only by the
        // upstream's calls, which never overlap.
        let downstream: Downstream
        let at: Int
        var subscription: Subscription?

        init(downstream: Downstream, at: Int) {
            self.downstream = downstream
            self.at = at
        }

        func receive(subscription: Subscription) {
            self.subscription = subscription
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            guard input == at else { return downstream.receive(input) }
            subscription.take()?.cancel()
            downstream.receive(completion: .failure(TestError(code: input)))
            return .none
        }

        func receive(completion: Subscribers.Completion<TestError>) {
            downstream.receive(completion: completion)
        }
    }
}
#endif
