#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct LastTests {
        @Test func deliversTheLastValueWhenTheUpstreamFinishes() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.last())
            for value in 1...3 { subject.send(value) }
            #expect(recorder.events == [])
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(3), .finished])
            #expect(Recorder(Empty<Int, Never>().last()).events == [.finished])
        }

        @Test func aFailureIsPassedOn() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.last())
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 3)))
            #expect(recorder.events == [.failure(TestError(code: 3))])
        }

        @Test func lastWhereDeliversTheLastMatch() {
            let recorder = Recorder([1, 4, 2, 6, 3].publisher.last { $0.isMultiple(of: 2) })
            #expect(recorder.events == [.value(6), .finished])
            #expect(Recorder([1, 3].publisher.last { $0 > 5 }).events == [.finished])
        }

        @Test func tryLastFailsWithWhatThePredicateThrowsAndCancels() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.tryLast { value in
                if value == 5 { throw TestError(code: 5) }
                return true
            })
            #expect(recorder.log == ["failure(TestError(code: 5))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            #expect(Recorder([1, 2, 3].publisher.tryLast { $0 < 3 }).log == ["2", "finished"])
        }

        @Test func theUpstreamIsAskedWhenTheOperatorIsSubscribedAndTheValueWaitsForTheRequest() {
            let upstream = CountingPublisher(limit: 4)
            let recorder = Recorder(upstream.last(), demand: .none)
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(3), .finished])
            let early = Recorder([7, 8].publisher.last(), demand: .none)
            early.request(.max(1))
            #expect(early.events == [.value(8), .finished])
        }

        @Test func cancellingMidStreamDeliversNothing() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.last())
            upstream.send(1)
            recorder.cancel()
            upstream.send(completion: .finished)
            #expect(recorder.events == [])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }
    }
}
#endif
