#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of `Sink`, `Assign`, `AnySubscriber` and `AnyPublisher`.
    @Suite struct SubscriberReflectionTests {
        private final class Label {
            var text = ""
        }

        @Test func aSinkShowsItsNameAndNoChildren() {
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            #expect(Reflection(of: sink) == Reflection(text: "Sink", children: [], playground: "Sink"))
        }

        @Test func anAssignShowsItsObjectKeyPathAndStatus() {
            let label = Label()
            let assign = Subscribers.Assign(object: label, keyPath: \Label.text)
            let reflection = Reflection(of: assign)
            #expect(reflection.text == "Assign Label.")
            #expect(reflection.playground == "Assign Label.")
            #expect(reflection.labels == ["object", "keyPath", "status"])
            #expect(reflection.value("object")?.hasPrefix("Optional(") == true)
            #expect(reflection.value("status") == "awaitingSubscription")
            assign.receive(subscription: StubSubscription())
            #expect(Reflection(of: assign).value("status") == "subscribed(Stub)")
            assign.cancel()
            #expect(Reflection(of: assign).value("object") == "nil")
            #expect(Reflection(of: assign).value("status") == "terminal")
        }

        @Test func anAnySubscriberShowsWhatItWraps() {
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            #expect(Reflection(of: AnySubscriber(sink)) == Reflection(text: "Sink", children: [], playground: "Sink"))
            let anonymous = Reflection(of: AnySubscriber<Int, Never>())
            #expect(anonymous.text == "Anonymous AnySubscriber")
            #expect(anonymous.playground == "Anonymous AnySubscriber")
            #expect(anonymous.children == [])
            let catcher = SubscriptionCatcher<Int, Never>()
            #expect(Reflection(of: AnySubscriber(catcher)).playground == "Catcher")
        }

        @Test func anAnyPublisherShowsItsName() {
            let publisher = Just(1).eraseToAnyPublisher()
            #expect(publisher.description == "AnyPublisher")
            #expect(publisher.playgroundDescription as? String == "AnyPublisher")
        }
    }
}
#endif
