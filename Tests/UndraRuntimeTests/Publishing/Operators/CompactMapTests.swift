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
    }
}
#endif
