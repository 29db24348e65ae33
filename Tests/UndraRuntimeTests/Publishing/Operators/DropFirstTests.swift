#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct DropFirstTests {
        @Test func skipsTheFirstValues() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.dropFirst(2))
            for value in 1...4 { subject.send(value) }
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(3), .value(4), .finished])
        }

        @Test func byDefaultSkipsACurrentValueSubjectsCurrentValue() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let recorder = Recorder(subject.dropFirst())
            subject.send(1)
            #expect(recorder.values == [1])
        }

        @Test func aCompletionBeforeEnoughValuesStillArrives() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.dropFirst(5))
            subject.send(1)
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.failure(TestError())])
        }

        @Test func asksTheUpstreamForTheSkippedValuesOnTopOfTheFirstRequest() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.dropFirst(3), demand: .max(2))
            #expect(recorder.values == [3, 4])
            recorder.request(.max(1))
            #expect(recorder.values == [3, 4, 5])
            recorder.cancel()
            #expect(upstream.requests == ["request max(5)", "request max(1)", "cancel"])
        }
    }
}
#endif
