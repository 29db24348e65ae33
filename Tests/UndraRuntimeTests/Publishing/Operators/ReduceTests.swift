#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ReduceTests {
        @Test func foldsEveryValueAndDeliversTheResultWhenTheUpstreamFinishes() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.reduce("") { $0 + "\($1)" })
            for value in 1...3 { subject.send(value) }
            #expect(recorder.events == [])
            subject.send(completion: .finished)
            #expect(recorder.events == [.value("123"), .finished])
        }

        @Test func anEmptyUpstreamGivesTheInitialResultAndAFailureIsPassedOn() {
            let empty = Recorder(Empty<Int, TestError>().reduce(5, +))
            #expect(empty.events == [.value(5), .finished])
            let failed = Recorder(Fail<Int, TestError>(error: TestError(code: 3)).reduce(5, +))
            #expect(failed.events == [.failure(TestError(code: 3))])
        }

        /// As Combine: the upstream is asked for everything when the operator is subscribed, not
        /// at the subscriber's first request, and the result waits for that request.
        @Test func theUpstreamIsAskedAtTheSubscriptionAndTheResultWaitsForTheRequest() {
            let upstream = CountingPublisher(limit: 4)
            let recorder = Recorder(upstream.reduce(0, +), demand: .none)
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [.value(6), .finished])

            // Values sent before the first request count (COMBINE-DIFFERENCES.md, 2).
            let subject = PassthroughSubject<Int, Never>()
            let counted = Recorder(subject.count(), demand: .none)
            subject.send(1)
            subject.send(2)
            counted.request(.max(1))
            subject.send(completion: .finished)
            #expect(counted.events == [.value(2), .finished])
            let early = Recorder(Empty<Int, Never>().reduce(1, +), demand: .none)
            #expect(early.events == [])
            early.request(.max(3))
            #expect(early.events == [.value(1), .finished])
        }

        @Test func tryReduceFailsWithWhatItThrowsAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.tryReduce(0) { sum, value in
                guard value < 3 else { throw TestError(code: sum) }
                return sum + value
            })
            #expect(recorder.log == ["failure(TestError(code: 3))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func tryReducePassesTheUpstreamsFailureAndResult() {
            let subject = PassthroughSubject<Int, TestError>()
            let failed = Recorder(subject.tryReduce(0, +))
            subject.send(completion: .failure(TestError(code: 8)))
            #expect(failed.log == ["failure(TestError(code: 8))"])
            let summed = Recorder([1, 2, 3].publisher.tryReduce(10, +))
            #expect(summed.log == ["16", "finished"])
        }

        @Test func cancellingMidStreamCancelsTheUpstreamAndDeliversNothing() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.reduce(0, +))
            upstream.send(1)
            recorder.cancel()
            upstream.send(completion: .finished)
            #expect(recorder.events == [])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func theResultAndARequestFromAnotherThreadMeetOnce() {
            for _ in 0..<200 {
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.reduce(0, +), demand: .none)
                let shared = Shared(recorder)
                subject.send(1)  // folded in: the operator asked for everything when subscribed
                concurrently(2) { thread in
                    if thread == 0 { subject.send(completion: .finished) } else { shared.value.request(.max(1)) }
                }
                #expect(recorder.events == [.value(1), .finished])
            }
        }
    }
}
#endif
