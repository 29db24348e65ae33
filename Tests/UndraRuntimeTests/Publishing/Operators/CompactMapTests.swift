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
    }
}
#endif
