import Testing
import UndraRuntime

/// The identity of an observation: (subject, property), the same whichever form names it.
@Suite struct RegistrarTests {
    @Test func keyPathAndPropertyIDNameTheSameProperty() {
        let counters = Counters(), fired = CallCounter()
        track(read: { _ = counters.fast }, onChange: { fired.bump() })
        counters.registrar.willSet(counters, keyPath: \.fast)  // announced by key path, read by id
        #expect(fired.count == 1)

        let again = CallCounter()
        track(read: { _ = counters.slow }, onChange: { again.bump() })
        counters.registrar.willSet(counters, property: PropertyID(\Counters.slow))
        #expect(again.count == 1)
    }

    @Test func trackedWrapperReportsUnderItsOwnKeyPath() {
        let person = Person(), fired = CallCounter()
        track(read: { person.registrar.access(person, keyPath: \.name) }, onChange: { fired.bump() })
        person.name = "Grace"  // through @Tracked
        #expect(fired.count == 1)

        let viaWrapper = CallCounter()
        track(read: { _ = person.age }, onChange: { viaWrapper.bump() })
        person.registrar.withMutation(of: person, keyPath: \.age) {}
        #expect(viaWrapper.count == 1)
    }

    @Test func propertyIDsAreInternedAndNamed() {
        #expect(PropertyID(\Person.name) == PropertyID(\Person.name))
        #expect(PropertyID(\Person.name) != PropertyID(\Person.age))
        #expect(PropertyID(\Person.name) != PropertyID(named: "name"))
        #expect(PropertyID(named: "name") == PropertyID(named: "name"))
        #expect(PropertyID(named: "title").description == "title")
        // A computed property's key path has no name of its own: the first name given is kept.
        #expect(PropertyID(\Counters.fast, name: "fast").description == "fast")
        #expect(PropertyID(\Counters.fast, name: "other").description == "fast")
        #expect(PropertyID(\Counters.fast).description == "fast")
    }

    @Test func oneRegistrarSharedByTwoSubjectsKeepsThemApart() {
        final class Item: @unchecked Sendable {  // @unchecked: used on one thread.
            static let shared = Registrar()
            var value = 0
        }
        let first = Item(), second = Item(), fired = CallCounter()
        track(read: { Item.shared.access(first, keyPath: \.value) }, onChange: { fired.bump() })
        Item.shared.willSet(second, keyPath: \.value)
        #expect(fired.count == 0)
        Item.shared.willSet(first, keyPath: \.value)
        #expect(fired.count == 1)
    }

    @Test func announcingWithoutObserversDoesNothing() {
        let counters = Counters()
        counters.registrar.willSet(counters, keyPath: \.slow)
        counters.registrar.didSet(counters, keyPath: \.slow)
        counters.registrar.access(counters, property: Counters.fastID)
        #expect(counters.slow == 0)
    }

    @Test func withMutationReturnsTheMutationsResult() {
        let counters = Counters()
        let result = counters.registrar.withMutation(of: counters, keyPath: \.slow) { 42 }
        #expect(result == 42)
    }
}
