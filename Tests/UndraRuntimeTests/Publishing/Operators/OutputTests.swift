#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct OutputTests {
        @Test func deliversTheFirstValuesThenFinishesAndUnsubscribes() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.prefix(2))
            let bystander = Recorder(subject)
            for value in 1...4 { subject.send(value) }
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1), .value(2), .finished])
            #expect(bystander.values == [1, 2, 3, 4])
        }

        @Test func canEndDuringTheUpstreamsSubscribe() {
            // A CurrentValueSubject delivers its value before `sink` returns: prefix(1) must finish,
            // and unsubscribe, before it even holds its upstream subscription.
            let subject = CurrentValueSubject<Int, Never>(7)
            let recorder = Recorder(subject.prefix(1))
            subject.send(8)
            #expect(recorder.events == [.value(7), .finished])
        }

        @Test func anEarlierCompletionPassesThrough() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.prefix(3))
            subject.send(1)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .finished])
        }

        @Test func prefixZeroFinishesAtOnce() {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.prefix(0))
            subject.send(1)
            #expect(recorder.events == [.finished])
        }

        @Test func outputInDeliversTheValuesAtTheRangesPositions() {
            let numbers = [1, 1, 2, 2, 2, 3, 4, 5, 6]
            #expect(Recorder(numbers.publisher.output(in: 3...5)).events == [.value(2), .value(2), .value(3), .finished])
            #expect(Recorder(numbers.publisher.output(in: 7...)).events == [.value(5), .value(6), .finished])
            #expect(Recorder(numbers.publisher.output(in: ..<2)).events == [.value(1), .value(1), .finished])
            #expect(Recorder(numbers.publisher.output(in: 20..<30)).events == [.finished])
        }

        @Test func outputAtDeliversOneValueThenFinishesAndUnsubscribes() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.output(at: 4))
            #expect(recorder.events == [.value(4), .finished])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            let short = PassthroughSubject<Int, TestError>()
            let none = Recorder(short.output(at: 2))
            short.send(1)
            short.send(completion: .failure(TestError(code: 1)))
            #expect(none.events == [.failure(TestError(code: 1))])
        }

        @Test func theValuesBeforeTheRangeAreAskedForWithTheFirstRequest() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.output(in: 3..<5), demand: .max(1))
            #expect(recorder.values == [3])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(3), .value(4), .finished])
            #expect(upstream.requests == ["request max(4)", "request max(1)", "cancel"])
            #expect(Publishers.Output(upstream: Just(1), range: 0..<1) == Just(1).output(at: 0))
        }

        @Test func cancelsAUsersPublisherOnceItHasEnough() {
            let upstream = CountingPublisher()
            let recorder = Recorder(upstream.prefix(3), demand: .max(2))
            #expect(recorder.values == [0, 1])
            recorder.request(.max(5))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            #expect(upstream.requests == ["request max(2)", "request max(5)", "cancel"])
        }
    }
}
#endif
