#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CompactMapTests {
        @Test func deliversTheNonNilResults() {
            let subject = PassthroughSubject<String, TestError>()
            let recorder = Recorder(subject.compactMap { Int($0) })
            for text in ["1", "x", "3", ""] { subject.send(text) }
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(3), .finished])
        }

        @Test func aNilResultAsksTheUpstreamForAnotherInItsPlace() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.compactMap { $0 % 2 == 1 ? "\($0)" : nil }, demand: .max(3))
            #expect(recorder.values == ["1", "3", "5"])
            #expect(upstream.requests == ["request max(3)"])
        }

        @Test func passesTheUpstreamsFailure() {
            let subject = PassthroughSubject<String, TestError>()
            let recorder = Recorder(subject.compactMap { Int($0) })
            subject.send("x")
            subject.send("2")
            subject.send(completion: .failure(TestError(code: 4)))
            subject.send("3")
            #expect(recorder.events == [.value(2), .failure(TestError(code: 4))])
        }

        @Test func aCancelMidStreamStopsTheValuesAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.compactMap { $0 % 2 == 1 ? $0 : nil }, demand: .max(1))
            #expect(recorder.values == [1])
            recorder.request(.max(1))
            #expect(recorder.values == [1, 3])
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.events == [.value(1), .value(3)])
            // The subscription is the upstream's own, passed through: the request after the cancel
            // reaches it, and it ignores it.
            #expect(upstream.requests == ["request max(1)", "request max(1)", "cancel", "request max(5)"])
        }
    }
}
#endif
