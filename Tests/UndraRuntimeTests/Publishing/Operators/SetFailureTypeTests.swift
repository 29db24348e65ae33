#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct SetFailureTypeTests {
        @Test func aPublisherThatCannotFailTakesAFailureType() {
            let subject = PassthroughSubject<Int, Never>()
            let typed: Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError> = subject.setFailureType(to: TestError.self)
            let recorder = Recorder(typed)
            subject.send(1)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .finished])
        }

        @Test func settingItAgainReplacesTheType() {
            let subject = PassthroughSubject<Int, Never>()
            let retyped: Publishers.SetFailureType<PassthroughSubject<Int, Never>, CancellationError> =
                subject.setFailureType(to: TestError.self).setFailureType(to: CancellationError.self)
            let recorder = Recorder(retyped)
            subject.send(2)
            #expect(recorder.values == [2])
        }

        @Test func itMergesWithAPublisherThatCanFail() {
            let values = PassthroughSubject<Int, Never>()
            let failing = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(values.setFailureType(to: TestError.self).merge(with: failing))
            values.send(1)
            failing.send(completion: .failure(TestError(code: 3)))
            #expect(recorder.events == [.value(1), .failure(TestError(code: 3))])
        }

        @Test func passesDemandStraightThroughAndTheSinkPathWorks() {
            let subject = CurrentValueSubject<Int, Never>(5)
            let recorder = Recorder(subject.setFailureType(to: TestError.self), demand: .max(1))
            subject.send(6)
            #expect(recorder.values == [5])
            recorder.request(.max(1))
            #expect(recorder.values == [5, 6])
            var log: [String] = []
            let sink = subject.setFailureType(to: TestError.self).sink(
                receiveCompletion: { log.append("\($0)") }, receiveValue: { log.append("\($0)") })
            subject.send(completion: .finished)
            #expect(log == ["6", "finished"])
            #expect(Publishers.SetFailureType<Just<Int>, TestError>(upstream: Just(1)) == Just(1).setFailureType(to: TestError.self))
            withExtendedLifetime(sink) {}
        }
    }
}
#endif
