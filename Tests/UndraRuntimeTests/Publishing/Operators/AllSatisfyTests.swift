#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AllSatisfyTests {
        @Test func answersFalseAtTheFirstValueThatFailsAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.allSatisfy { $0 < 5 })
            #expect(recorder.events == [.value(false), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func answersTrueWhenTheUpstreamFinishesFirst() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.allSatisfy { $0 > 0 })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(true), .finished])
            #expect(Recorder(Empty<Int, Never>().allSatisfy { _ in false }).events == [.value(true), .finished])
        }

        @Test func aFailureIsPassedOn() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.allSatisfy { $0 > 0 })
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 5)))
            #expect(recorder.events == [.failure(TestError(code: 5))])
        }

        @Test func tryAllSatisfyFailsWithWhatThePredicateThrows() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryAllSatisfy { value in
                if value == 0 { throw TestError(code: 0) }
                return true
            })
            upstream.send(3)
            upstream.send(0)
            #expect(recorder.log == ["failure(TestError(code: 0))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            let answered = Recorder([1, -1].publisher.tryAllSatisfy { $0 > 0 })
            #expect(answered.log == ["false", "finished"])
        }

        @Test func theUpstreamIsAskedWhenTheOperatorIsSubscribed() {
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.allSatisfy { $0 < 10 }, demand: .none)
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(true), .finished])
            #expect(upstream.requests == ["request unlimited"])
        }
    }
}
#endif
