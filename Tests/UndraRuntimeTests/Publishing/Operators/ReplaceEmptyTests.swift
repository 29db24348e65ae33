#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ReplaceEmptyTests {
        @Test func anEmptyUpstreamDeliversTheReplacement() {
            let recorder = Recorder(Empty<Int, TestError>().replaceEmpty(with: 7))
            #expect(recorder.events == [.value(7), .finished])
        }

        @Test func valuesAndFailuresPassThrough() {
            let values = Recorder([1, 2].publisher.replaceEmpty(with: 9))
            #expect(values.events == [.value(1), .value(2), .finished])
            let failure = Recorder(Fail<Int, TestError>(error: TestError(code: 4)).replaceEmpty(with: 9))
            #expect(failure.events == [.failure(TestError(code: 4))])
        }

        @Test func theReplacementWaitsForTheFirstRequest() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.replaceEmpty(with: 3), demand: .none)
            subject.send(completion: .finished)
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(3), .finished])
        }

        @Test func demandPassesStraightThrough() {
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.replaceEmpty(with: -1), demand: .max(1))
            #expect(recorder.events == [.value(0)])
            recorder.request(.max(2))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            #expect(upstream.requests == ["request max(1)", "request max(2)"])
        }

        @Test func cancellingBeforeTheRequestDropsTheReplacement() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.replaceEmpty(with: 5), demand: .none)
            upstream.send(completion: .finished)
            recorder.cancel()
            recorder.request(.max(1))
            #expect(recorder.events == [])
            #expect(upstream.requests == [])
        }

        @Test func cancellingMidStreamCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.replaceEmpty(with: 5), demand: .max(2))
            recorder.cancel()
            #expect(recorder.events == [.value(0), .value(1)])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }
    }
}
#endif
