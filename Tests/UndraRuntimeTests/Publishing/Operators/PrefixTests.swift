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
    }
}
#endif
