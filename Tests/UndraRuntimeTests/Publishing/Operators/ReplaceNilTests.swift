#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ReplaceNilTests {
        @Test func deliversTheReplacementInPlaceOfEachNil() {
            let subject = PassthroughSubject<Int?, TestError>()
            let replaced: Publishers.Map<PassthroughSubject<Int?, TestError>, Int> = subject.replaceNil(with: 0)
            let recorder = Recorder(replaced)
            subject.send(1)
            subject.send(nil)
            subject.send(3)
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1), .value(0), .value(3), .failure(TestError())])
        }

        @Test func passesDemandStraightThrough() {
            let upstream = CountingPublisher(limit: 4)
            let recorder = Recorder(upstream.map { $0.isMultiple(of: 2) ? nil : $0 }.replaceNil(with: -1), demand: .max(3))
            #expect(recorder.values == [-1, 1, -1])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(-1), .value(1), .value(-1), .value(3), .finished])
        }

        @Test func aCancelMidStreamStopsTheValuesAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.map { $0 == 0 ? nil : $0 }.replaceNil(with: -1), demand: .max(2))
            #expect(recorder.values == [-1, 1])
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.events == [.value(-1), .value(1)])
            // The subscription is the upstream's own, passed through: the request after the cancel
            // reaches it, and it ignores it.
            #expect(upstream.requests == ["request max(2)", "cancel", "request max(5)"])
        }
    }
}
#endif
