#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct PrefixUntilOutputTests {
        @Test func deliversUntilTheOtherPublisherDeliversThenFinishesAndCancelsBoth() {
            let upstream = ManualPublisher<Int, TestError>()
            let other = ManualPublisher<String, Never>()
            let recorder = Recorder(upstream.prefix(untilOutputFrom: other))
            upstream.send(1)
            upstream.send(2)
            other.send("stop")
            upstream.send(3)
            #expect(recorder.events == [.value(1), .value(2), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            #expect(other.requests == ["request max(1)", "cancel"])
        }

        @Test func theOthersCompletionChangesNothing() {
            let upstream = PassthroughSubject<Int, TestError>()
            let other = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(upstream.prefix(untilOutputFrom: other))
            other.send(completion: .failure(TestError(code: 1)))
            upstream.send(1)
            upstream.send(completion: .finished)
            #expect(recorder.events == [.value(1), .finished])
        }

        @Test func anOtherThatDeliversAtOnceFinishesBeforeAnyValue() {
            let recorder = Recorder([1, 2, 3].publisher.prefix(untilOutputFrom: Just(0)))
            #expect(recorder.events == [.finished])
        }

        @Test func theUpstreamsCompletionCancelsTheOther() {
            let other = ManualPublisher<Int, Never>()
            let recorder = Recorder(Fail<Int, TestError>(error: TestError(code: 3)).prefix(untilOutputFrom: other))
            #expect(recorder.events == [.failure(TestError(code: 3))])
            #expect(other.requests == ["request max(1)", "cancel"])
        }

        @Test func passesDemandThroughAndValuesBeyondItWait() {
            let upstream = CountingPublisher(limit: 100)
            let other = PassthroughSubject<Int, Never>()
            let recorder = Recorder(upstream.prefix(untilOutputFrom: other), demand: .max(2), onValue: { $0 == 1 ? .max(1) : .none })
            #expect(recorder.values == [0, 1, 2])
            recorder.request(.max(1))
            #expect(recorder.values == [0, 1, 2, 3])
            other.send(0)
            #expect(recorder.events.last == .finished)
            // The demand the subscriber returned went back to the upstream as its answer to value 1.
            #expect(upstream.requests == ["request max(2)", "request max(1)", "cancel"])
        }

        @Test func cancellingCancelsBoth() {
            let upstream = ManualPublisher<Int, TestError>()
            let other = ManualPublisher<Int, Never>()
            let recorder = Recorder(upstream.prefix(untilOutputFrom: other), demand: .max(1))
            recorder.cancel()
            #expect(upstream.requests == ["request max(1)", "cancel"])
            #expect(other.requests == ["request max(1)", "cancel"])
            #expect(recorder.events == [])
        }

        @Test func aTriggerOnAnotherThreadFinishesAfterTheValueInHand() {
            for _ in 0..<100 {
                let upstream = PassthroughSubject<Int, Never>()
                let other = PassthroughSubject<Void, Never>()
                let overlap = OverlapGuard()
                let recorder = Recorder(upstream.prefix(untilOutputFrom: other), onValue: { _ in overlap.run { .none } })
                concurrently(2) { thread in
                    if thread == 0 {
                        for value in 0..<200 { upstream.send(value) }
                    } else {
                        other.send()
                    }
                }
                let events = recorder.events
                let values = recorder.values
                #expect(values == Array(0..<values.count))
                #expect(events.last == .finished)
                #expect(events.count == values.count + 1)
                #expect(overlap.overlaps == 0)
            }
        }
    }
}
#endif
