#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct JustAndAnyPublisherTests {
        @Test func justDeliversItsValueThenFinishesToEachSubscriber() {
            let just = Just(42)
            #expect(Recorder(just).events == [.value(42), .finished])
            #expect(Recorder(just.map { $0 + 1 }).events == [.value(43), .finished])
        }

        @Test func anErasedPublisherBehavesAsTheOneItWraps() {
            let subject = CurrentValueSubject<Int, TestError>(1)
            let erased: AnyPublisher<String, TestError> = subject.map(String.init)
                .eraseToAnyPublisher()
                .eraseToAnyPublisher()
            let recorder = Recorder(erased)
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value("1"), .value("2"), .finished])
        }

        @Test func aPublisherCanFeedASubject() {
            let source = PassthroughSubject<Int, TestError>()
            let target = CurrentValueSubject<Int, TestError>(0)
            let recorder = Recorder(target)
            let subscription = source.subscribe(target)
            source.send(1)
            source.send(completion: .finished)
            #expect(recorder.events == [.value(0), .value(1), .finished])
            withExtendedLifetime(subscription) {}
        }

        @Test func assignSetsAPropertyAndHoldsItsObjectUntilCancelled() {
            final class Label { var text = "" }
            let subject = PassthroughSubject<String, Never>()
            var label: Label? = Label()
            weak let weakLabel = label
            let subscription = subject.assign(to: \.text, on: label!)
            subject.send("hello")
            #expect(label?.text == "hello")
            label = nil
            #expect(weakLabel != nil)  // as in Combine, the subscription holds the object
            subscription.cancel()
            #expect(weakLabel == nil)
        }

        @Test func justWaitsForDemandThenDeliversOnce() {
            let recorder = Recorder(Just(42), demand: .none)
            #expect(recorder.events == [])
            recorder.request(.max(1))
            recorder.request(.max(1))
            #expect(recorder.events == [.value(42), .finished])
        }

        @Test func justCancelledBeforeAnyDemandDeliversNothing() {
            let recorder = Recorder(Just(42), demand: .none)
            recorder.cancel()
            recorder.request(.max(1))
            #expect(recorder.events == [])
        }

        @Test func anErasedPublisherPassesDemandToTheOneItWraps() {
            let upstream = CountingPublisher(limit: 5)
            let recorder = Recorder(upstream.eraseToAnyPublisher(), demand: .max(2))
            #expect(recorder.values == [0, 1])
            #expect(upstream.requests == ["request max(2)"])
            #expect(upstream.eraseToAnyPublisher().description == "AnyPublisher")
        }
    }
}
#endif
