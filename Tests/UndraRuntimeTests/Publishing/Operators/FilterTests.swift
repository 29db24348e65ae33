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
    }
}
#endif
