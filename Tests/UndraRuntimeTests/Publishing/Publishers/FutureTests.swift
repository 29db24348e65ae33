#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct FutureTests {
        @Test func runsItsWorkAtOnceAndEverySubscriberGetsTheOneResult() {
            var runs = 0
            var promise: Future<Int, TestError>.Promise?
            let future = Future<Int, TestError> { runs += 1; promise = $0 }
            #expect(runs == 1)
            let early = Recorder(future)
            promise?(.success(7))
            promise?(.success(8))  // only the first call counts
            let late = Recorder(future)
            #expect(early.events == [.value(7), .finished])
            #expect(late.events == [.value(7), .finished])
            #expect(runs == 1)
        }

        @Test func aValueWaitsForDemandAFailureDoesNot() {
            var promise: Future<Int, TestError>.Promise?
            let future = Future<Int, TestError> { promise = $0 }
            let waiting = Recorder(future, demand: .none)
            promise?(.success(1))
            #expect(waiting.events == [])
            waiting.request(.max(1))
            #expect(waiting.events == [.value(1), .finished])

            let failing = Future<Int, TestError> { $0(.failure(TestError(code: 3))) }
            #expect(Recorder(failing, demand: .none).events == [.failure(TestError(code: 3))])
        }

        @Test func aCancelledSubscriptionGetsNothingAndIsReleased() {
            var promise: Future<Int, TestError>.Promise?
            let future = Future<Int, TestError> { promise = $0 }
            var recorder: Recorder<Int, TestError>? = Recorder(future)
            weak let weakRecorder = recorder
            recorder!.cancel()
            recorder = nil
            #expect(weakRecorder == nil)
            promise?(.success(1))
        }

        @Test func fulfilledOnOneThreadWhileOthersSubscribeEveryoneGetsTheResultOnce() {
            for _ in 0..<100 {
                var promise: Future<Int, Never>.Promise?
                let future = Future<Int, Never> { promise = $0 }
                let fulfil = Shared(promise!)
                let recorders = Locked<[Recorder<Int, Never>]>([])
                concurrently(4) { thread in
                    if thread == 0 {
                        fulfil.value(.success(42))
                    } else {
                        for _ in 0..<10 {
                            let recorder = Recorder(future)
                            recorders.withLock { $0.append(recorder) }
                        }
                    }
                }
                let all = recorders.withLock { $0 }
                #expect(all.count == 30)
                #expect(all.allSatisfy { $0.events == [.value(42), .finished] })
            }
        }

        @Test func cancellingWhileAnotherThreadFulfilsDeliversAtMostOnceAndStopsEveryWait() {
            for _ in 0..<100 {
                var promise: Future<Int, Never>.Promise?
                let future = Future<Int, Never> { promise = $0 }
                let fulfil = Shared(promise!)
                let kept = Locked<[Recorder<Int, Never>]>([]), cancelled = Locked<[Recorder<Int, Never>]>([])
                concurrently(4) { thread in
                    if thread == 0 {
                        fulfil.value(.success(7))
                    } else {
                        for index in 0..<10 {
                            let recorder = Recorder(future)
                            if index.isMultiple(of: 2) {
                                recorder.cancel()
                                cancelled.withLock { $0.append(recorder) }
                            } else {
                                kept.withLock { $0.append(recorder) }
                            }
                        }
                    }
                }
                let (all, gone) = (kept.withLock { $0 }, cancelled.withLock { $0 })
                #expect(all.count == 15 && gone.count == 15)
                #expect(all.allSatisfy { $0.events == [.value(7), .finished] })
                // A cancelled one got the result in full (fulfilled first) or nothing at all.
                #expect(gone.allSatisfy { $0.events == [] || $0.events == [.value(7), .finished] })
                // No subscription is left waiting: cancelling took each out of the future's table.
                #expect(future.state.withLock { $0.waiting.count } == 0)
            }
        }
    }
}
#endif
