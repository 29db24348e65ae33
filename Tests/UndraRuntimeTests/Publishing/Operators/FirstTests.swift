#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct FirstTests {
        @Test func deliversTheFirstValueThenFinishesAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.first())
            #expect(recorder.events == [.value(0), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func finishesWithNoValueWhenTheUpstreamFinishesFirst() {
            #expect(Recorder(Empty<Int, Never>().first()).events == [.finished])
            let failed = Recorder(Fail<Int, TestError>(error: TestError(code: 1)).first())
            #expect(failed.events == [.failure(TestError(code: 1))])
        }

        /// As Combine: everything is asked for when the operator is subscribed, so the subject's
        /// current value is the first; it waits for the subscriber's request.
        @Test func asksTheUpstreamForEverythingWhenSubscribedAndTheValueWaitsForTheRequest() {
            let subject = CurrentValueSubject<Int, Never>(5)
            let recorder = Recorder(subject.first(), demand: .none)
            subject.send(6)
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(5), .finished])
        }

        @Test func firstWhereDeliversTheFirstMatch() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.first { $0 > 2 })
            #expect(recorder.events == [.value(3), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            #expect(Recorder([1, 2].publisher.first { $0 > 2 }).events == [.finished])
        }

        @Test func tryFirstFailsWithWhatThePredicateThrows() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryFirst { value in
                if value == 2 { throw TestError(code: 2) }
                return value > 5
            })
            subject.send(1)
            subject.send(2)
            subject.send(7)
            #expect(recorder.log == ["failure(TestError(code: 2))"])
            let found = Recorder([3, 8, 9].publisher.tryFirst { $0 > 5 })
            #expect(found.log == ["8", "finished"])
        }

        @Test func cancellingBeforeTheFirstValueCancelsTheUpstream() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.first())
            recorder.cancel()
            upstream.send(1)
            #expect(recorder.events == [])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }
    }
}
#endif
