#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MapErrorTests {
        struct Wrapped: Error, Equatable {
            var inner: TestError
        }

        @Test func turnsTheFailureIntoAnotherErrorAndPassesValues() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.mapError { Wrapped(inner: $0) })
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 4)))
            #expect(recorder.events == [.value(1), .failure(Wrapped(inner: TestError(code: 4)))])
        }

        @Test func finishingPassesThrough() {
            let recorder = Recorder([1, 2].publisher.setFailureType(to: TestError.self).mapError { Wrapped(inner: $0) })
            #expect(recorder.events == [.value(1), .value(2), .finished])
        }

        @Test func theSinkPathMapsTheFailureToo() {
            let subject = PassthroughSubject<Int, TestError>()
            var values: [Int] = []
            var completions: [Subscribers.Completion<Wrapped>] = []
            let subscription = subject.mapError { Wrapped(inner: $0) }.sink(
                receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
            subject.send(3)
            subject.send(completion: .failure(TestError(code: 2)))
            #expect(values == [3])
            #expect(completions == [.failure(Wrapped(inner: TestError(code: 2)))])
            withExtendedLifetime(subscription) {}
        }

        @Test func passesDemandAndCancelStraightThrough() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.mapError { Wrapped(inner: $0) }, demand: .max(1))
            recorder.request(.max(2))
            recorder.cancel()
            #expect(recorder.values == [0, 1, 2])
            #expect(upstream.requests == ["request max(1)", "request max(2)", "cancel"])
        }
    }
}
#endif
