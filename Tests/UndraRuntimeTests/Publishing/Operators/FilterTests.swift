#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct FilterTests {
        @Test func deliversOnlyTheAcceptedValues() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.filter { $0.isMultiple(of: 2) })
            for value in 1...6 { subject.send(value) }
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(2), .value(4), .value(6), .finished])
        }

        @Test func aRejectedValueAsksTheUpstreamForAnotherInItsPlace() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.filter { $0 % 3 == 0 }, demand: .max(2))
            #expect(recorder.values == [0, 3])  // 1 and 2 were replaced, not counted
            recorder.request(.max(1))
            #expect(recorder.values == [0, 3, 6])
            #expect(upstream.requests == ["request max(2)", "request max(1)"])
        }

        @Test func passesTheUpstreamsFailure() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.filter { $0.isMultiple(of: 2) })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(TestError(code: 4)))
            subject.send(4)
            #expect(recorder.events == [.value(2), .failure(TestError(code: 4))])
        }

        @Test func aCancelMidStreamStopsTheValuesAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.filter { $0.isMultiple(of: 2) }, demand: .max(2))
            #expect(recorder.values == [0, 2])
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.events == [.value(0), .value(2)])
            // The subscription is the upstream's own, passed through: the request after the cancel
            // reaches it, and it ignores it.
            #expect(upstream.requests == ["request max(2)", "cancel", "request max(5)"])
        }

        @Test func valuesSentFromManyThreadsReachTheSinkOneAtATime() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let overlap = OverlapGuard()
                let recorder = Recorder(subject.filter { $0.isMultiple(of: 2) }, onValue: { _ in overlap.run { .none } })
                concurrently(4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                #expect(recorder.values.sorted() == (0..<4).flatMap { thread in stride(from: thread * 1_000, to: thread * 1_000 + 250, by: 2) })
                #expect(overlap.overlaps == 0)
            }
        }
    }
}
#endif
