#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct PrefixWhileTests {
        @Test func deliversWhileThePredicateHoldsThenFinishesAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.prefix { $0 < 3 })
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func anEarlierCompletionPassesThrough() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.prefix { $0 < 10 })
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.events == [.value(1), .failure(TestError(code: 2))])
        }

        @Test func passesDemandStraightThroughAndIgnoresWhatComesAfterTheEnd() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.prefix { $0 > 0 }, demand: .max(2))
            #expect(upstream.send(1) == .none)
            upstream.send(0)
            upstream.send(5)
            upstream.send(completion: .finished)
            #expect(recorder.events == [.value(1), .finished])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }

        @Test func tryPrefixFailsWithWhatThePredicateThrows() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryPrefix { value in
                if value == 2 { throw TestError(code: 2) }
                return true
            })
            subject.send(1)
            subject.send(2)
            #expect(recorder.log == ["1", "failure(TestError(code: 2))"])
            #expect(Recorder([1, 2, 9, 3].publisher.tryPrefix { $0 < 5 }).log == ["1", "2", "finished"])
        }
    }
}
#endif
