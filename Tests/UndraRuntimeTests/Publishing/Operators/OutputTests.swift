#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct PrefixTests {
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
