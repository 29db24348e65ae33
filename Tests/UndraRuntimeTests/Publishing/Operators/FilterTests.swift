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
    }
}
#endif
