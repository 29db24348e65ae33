#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct DropUntilOutputTests {
        @Test func skipsValuesUntilTheOtherPublisherDelivers() {
            let upstream = PassthroughSubject<Int, Never>()
            let other = PassthroughSubject<String, Never>()
            let recorder = Recorder(upstream.drop(untilOutputFrom: other))
            upstream.send(1)
            upstream.send(2)
            other.send("A")
            upstream.send(3)
            upstream.send(4)
            upstream.send(completion: .finished)
            #expect(recorder.events == [.value(3), .value(4), .finished])
        }

        @Test func theOtherIsAskedForOneValueAndCancelledAfterIt() {
            let upstream = PassthroughSubject<Int, TestError>()
            let other = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.drop(untilOutputFrom: other))
            other.send(1)
            other.send(completion: .failure(TestError()))  // after the value: ignored
            upstream.send(5)
            #expect(recorder.events == [.value(5)])
            #expect(other.requests == ["request max(1)", "cancel"])
        }

        @Test func skippedValuesCountAgainstTheDemandAsAppleDocuments() {
            let upstream = CountingPublisher(limit: 100)
            let other = PassthroughSubject<Void, TestError>()
            let recorder = Recorder(upstream.drop(untilOutputFrom: other), demand: .max(2))
            #expect(recorder.values == [])
            other.send()
            #expect(recorder.values == [])
            recorder.request(.max(1))
            #expect(recorder.values == [2])
            #expect(upstream.requests == ["request max(2)", "request max(1)"])
        }

        @Test func theOthersCompletionWithoutAValueEndsEverything() {
            let upstream = ManualPublisher<Int, TestError>()
            let other = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(upstream.drop(untilOutputFrom: other))
            other.send(completion: .failure(TestError(code: 4)))
            upstream.send(1)
            upstream.send(completion: .finished)
            #expect(recorder.events == [.failure(TestError(code: 4))])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            let finishing = PassthroughSubject<Int, TestError>()
            let finished = Recorder(PassthroughSubject<Int, TestError>().drop(untilOutputFrom: finishing))
            finishing.send(completion: .finished)
            #expect(finished.events == [.finished])
        }

        @Test func theUpstreamsFailurePassesAndCancelsTheOther() {
            let upstream = PassthroughSubject<Int, TestError>()
            let other = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.drop(untilOutputFrom: other))
            upstream.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.events == [.failure(TestError(code: 2))])
            #expect(other.requests == ["request max(1)", "cancel"])
        }

        @Test func cancellingCancelsBoth() {
            let upstream = ManualPublisher<Int, TestError>()
            let other = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.drop(untilOutputFrom: other), demand: .max(3))
            recorder.cancel()
            other.send(1)
            upstream.send(1)
            #expect(recorder.events == [])
            #expect(upstream.requests == ["request max(3)", "cancel"])
            #expect(other.requests == ["request max(1)", "cancel"])
        }

        @Test func aTriggerOnAnotherThreadOpensTheGateExactlyOnce() {
            for _ in 0..<100 {
                let upstream = PassthroughSubject<Int, Never>()
                let other = PassthroughSubject<Void, Never>()
                let overlap = OverlapGuard()
                let recorder = Recorder(upstream.drop(untilOutputFrom: other), onValue: { _ in overlap.run { .none } })
                concurrently(2) { thread in
                    if thread == 0 {
                        for value in 0..<200 { upstream.send(value) }
                    } else {
                        other.send()
                    }
                }
                upstream.send(200)
                // What gets through is the tail of the values, from wherever the trigger landed.
                let values = recorder.values
                #expect(values.last == 200)
                #expect(values == Array((values.first ?? 200)...200))
                #expect(overlap.overlaps == 0)
            }
        }
    }
}
#endif
