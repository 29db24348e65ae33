#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ComparisonTests {
        struct Card: Equatable {
            var rank: Int
            var name: String
        }

        @Test func maxAndMinDeliverTheGreatestAndLeastWhenTheUpstreamFinishes() {
            let subject = PassthroughSubject<Int, TestError>()
            let greatest = Recorder(subject.max())
            let least = Recorder(subject.min())
            for value in [3, -1, 10, 5] { subject.send(value) }
            #expect(greatest.events == [])
            subject.send(completion: .finished)
            #expect(greatest.events == [.value(10), .finished])
            #expect(least.events == [.value(-1), .finished])
        }

        @Test func theFirstOfEquivalentValuesWins() {
            let cards = [Card(rank: 1, name: "a"), Card(rank: 5, name: "b"), Card(rank: 5, name: "c"), Card(rank: 1, name: "d")]
            let greatest = Recorder(cards.publisher.max { $0.rank < $1.rank })
            let least = Recorder(cards.publisher.min { $0.rank < $1.rank })
            #expect(greatest.values.map(\.name) == ["b"])
            #expect(least.values.map(\.name) == ["a"])
        }

        @Test func anEmptyUpstreamFinishesWithNoValueAndAFailureIsPassedOn() {
            #expect(Recorder(Empty<Int, Never>().max()).events == [.finished])
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.min())
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 6)))
            #expect(recorder.events == [.failure(TestError(code: 6))])
        }

        @Test func tryMaxAndTryMinFailWithWhatTheOrderingThrowsAndCancel() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.tryMax { lhs, rhs in
                if rhs == 4 { throw TestError(code: 4) }
                return lhs < rhs
            })
            #expect(recorder.log == ["failure(TestError(code: 4))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            let least = Recorder([4, 2, 8].publisher.tryMin { $0 < $1 })
            #expect(least.log == ["2", "finished"])
            let greatest = Recorder([4, 2, 8].publisher.tryMax { $0 < $1 })
            #expect(greatest.log == ["8", "finished"])
        }

        @Test func theUpstreamIsAskedWhenTheOperatorIsSubscribedAndCancelledWithIt() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.max(), demand: .none)
            #expect(upstream.requests == ["request unlimited"])
            recorder.request(.max(1))
            upstream.send(3)
            recorder.cancel()
            upstream.send(completion: .finished)
            #expect(recorder.events == [])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }
    }
}
#endif
