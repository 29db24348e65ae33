#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MergeTests {
        @Test func deliversTheValuesOfBothAsTheyCome() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.merge(with: b))
            a.send(1)
            b.send(2)
            a.send(3)
            a.send(completion: .finished)
            b.send(4)
            b.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .value(3), .value(4), .finished])
        }

        @Test func failsAsSoonAsOneFails() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.merge(with: b))
            a.send(1)
            b.send(completion: .failure(TestError()))
            a.send(2)
            #expect(recorder.events == [.value(1), .failure(TestError())])
        }

        @Test func aValueSentFromInsideTheSubscriberComesAfterTheCurrentOne() {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            var received: [Int] = []
            let subscription = a.merge(with: b).sink { value in
                if value == 1 { b.send(2) }
                received.append(value)
            }
            a.send(1)
            #expect(received == [1, 2])
            withExtendedLifetime(subscription) {}
        }

        @Test func asksEachUpstreamForTheDemandAndQueuesWhatGoesBeyondIt() {
            let a = CountingPublisher(limit: 2)
            let b = CountingPublisher(limit: 2)
            let recorder = Recorder(a.merge(with: b.map { $0 + 100 }), demand: .max(3))
            // a gives 0, 1 and finishes; b gives 100, then 101 waits, and so does the finish.
            #expect(recorder.events == [.value(0), .value(1), .value(100)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(0), .value(1), .value(100), .value(101), .finished])
            #expect(a.requests == ["request max(3)"])
            #expect(b.requests == ["request max(3)"])
        }

        @Test func cancellingEndsBothUpstreamSubscriptions() {
            let a = CountingPublisher()
            let b = CountingPublisher()
            let recorder = Recorder(a.merge(with: b), demand: .max(1))
            recorder.cancel()
            #expect(recorder.values == [0])
            #expect(a.requests == ["request max(1)", "cancel"])
            #expect(b.requests == ["request max(1)", "cancel"])
        }
    }
}
#endif
