#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AssignTests {
        final class Label {
            var text = ""
        }

        @Test func assignsEveryValueAndHoldsTheObjectUntilCancelled() {
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

        @Test func theCompletionLetsTheObjectGo() {
            let subject = PassthroughSubject<String, Never>()
            var label: Label? = Label()
            weak let weakLabel = label
            let assign = Subscribers.Assign(object: label!, keyPath: \.text)
            subject.subscribe(assign)
            label = nil
            subject.send("one")
            #expect(weakLabel?.text == "one")
            #expect(assign.object === weakLabel)
            subject.send(completion: .finished)
            #expect(weakLabel == nil)
            #expect(assign.object == nil)
            subject.send("two")
        }

        @Test func aSecondSubscriptionIsCancelled() {
            let label = Label()
            let assign = Subscribers.Assign(object: label, keyPath: \.text)
            let first = PassthroughSubject<String, Never>()
            let second = PassthroughSubject<String, Never>()
            first.subscribe(assign)
            second.subscribe(assign)
            second.send("from the second")
            #expect(label.text == "")
            first.send("from the first")
            #expect(label.text == "from the first")
            #expect(assign.description == "Assign Label.")
            assign.cancel()
            first.send("after cancel")
            #expect(label.text == "from the first")
        }
    }
}
#endif
