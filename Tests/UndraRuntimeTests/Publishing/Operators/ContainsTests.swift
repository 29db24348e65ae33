#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ContainsTests {
        @Test func answersTrueAtTheFirstMatchAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.contains(3))
            #expect(recorder.events == [.value(true), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func answersFalseWhenTheUpstreamFinishesWithoutOne() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.contains(9))
            subject.send(1)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(false), .finished])
            let failed = Recorder(Fail<Int, TestError>(error: TestError(code: 2)).contains(1))
            #expect(failed.events == [.failure(TestError(code: 2))])
        }

        @Test func containsWhereTestsEachValueWithThePredicate() {
            let subject = PassthroughSubject<Int, TestError>()
            var tested: [Int] = []
            let recorder = Recorder(subject.contains { value in
                tested.append(value)
                return value > 2
            })
            for value in 1...5 { subject.send(value) }
            #expect(recorder.events == [.value(true), .finished])
            #expect(tested == [1, 2, 3])
        }

        @Test func tryContainsFailsWithWhatThePredicateThrows() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryContains { value in
                if value < 0 { throw TestError(code: value) }
                return value == 10
            })
            upstream.send(1)
            upstream.send(-2)
            upstream.send(10)
            #expect(recorder.log == ["failure(TestError(code: -2))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            let found = Recorder([1, 10].publisher.tryContains { $0 == 10 })
            #expect(found.log == ["true", "finished"])
        }

        @Test func theAnswerWaitsForTheFirstRequest() {
            let recorder = Recorder(Empty<Int, Never>().contains(1), demand: .none)
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(false), .finished])
            #expect(Publishers.Contains(upstream: Just(1), output: 1) == Just(1).contains(1))
        }
    }
}
#endif
