#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MapTests {
        @Test func transformsEachValueAndPassesTheCompletionThrough() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.map { "#\($0)" })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value("#1"), .value("#2"), .failure(TestError())])
        }

        @Test func chainsAndKeepsACurrentValueSubjectsFirstValue() {
            let subject = CurrentValueSubject<Int, Never>(1)
            let recorder = Recorder(subject.map { $0 * 10 }.map { $0 + 1 })
            subject.send(2)
            #expect(recorder.events == [.value(11), .value(21)])
        }
    }
}
#endif
