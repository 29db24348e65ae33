import Testing
import UndraRuntime

/// `@Tracked` inside a `Trackable` class.
@Suite struct TrackedWrapperTests {
    final class Settings: Trackable, @unchecked Sendable {  // @unchecked: used on one thread.
        let registrar = Registrar()
        @Tracked var theme = "dark"
        @Tracked var recent: [String] = []
    }

    @Test func readsAndWritesLikeAStoredProperty() {
        let settings = Settings()
        settings.theme = "light"
        settings.recent.append("a")
        settings.recent.append("b")
        #expect(settings.theme == "light")
        #expect(settings.recent == ["a", "b"])
    }

    @Test func anInPlaceMutationAnnouncesOnce() {
        let settings = Settings(), changes = ValueLog<[PropertyID]>()
        let token = observe({ settings.recent }, onChange: { changes.append($0.map(\.property)) })
        settings.recent.append("a")
        #expect(changes.all == [[PropertyID(\Settings.recent)]])
        token.cancel()
    }

    @Test func anInPlaceMutationDoesNotCopyTheStoredValue() {
        // `_modify` yields the storage itself: the array's buffer stays uniquely referenced.
        let settings = Settings()
        settings.recent = Array(repeating: "x", count: 1000)
        let before = settings.recent.withUnsafeBufferPointer { $0.baseAddress }
        settings.recent[0] = "y"
        let after = settings.recent.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
    }

    @Test func aChangeNamesTheTrackedProperty() {
        let person = Person(), log = ValueLog<String>()
        let token = observe { _ = (person.name, person.age) } onChange: { changes in
            for change in changes { log.append(change.description) }
        }
        person.age = 37
        person.name = "Grace"
        person.age += 1
        #expect(log.all == ["\\Person.age", "\\Person.name", "\\Person.age"])
        #expect(PropertyID(\Person.name).description == "\\Person.name")
        token.cancel()
    }

    @Test func anInheritedPropertyIsOneIdentityThroughTheSubclass() {
        // The wrapper reports the declaring class's key path, whatever the instance's class.
        let employee = Employee(), changes = ValueLog<PropertyID>(), fired = CallCounter()
        let token = observe { _ = employee.title } onChange: { for change in $0 { changes.append(change.property) } }
        track(read: { _ = (employee as Staff).title }, onChange: { fired.bump() })
        employee.title = "lead"
        (employee as Staff).title = "chief"
        #expect(changes.all == [PropertyID(\Staff.title), PropertyID(\Staff.title)])
        #expect(fired.count == 1)
        token.cancel()
    }

    @Test func aNonFinalClassNamesItsTrackedProperties() {
        // A non-final class's property is reached through its vtable, so its own key path
        // describes itself by an accessor's address; the wrapper's private storage is final, and
        // names it. Through a subclass instance, the declaring class's name.
        let badge = Badge(), employee = Employee(), log = ValueLog<String>()
        let token = observe { _ = (badge.label, employee.title) } onChange: {
            for change in $0 { log.append(change.description) }
        }
        badge.label = "new"
        employee.title = "lead"
        #expect(log.all == ["\\Badge.label", "\\Staff.title"])
        token.cancel()
    }

    @Test func aPropertyFirstSeenThroughAHandWrittenAccessIsNamedByItsWrapper() {
        // Read first by key path through the registrar (no name: a non-final class's key path
        // describes itself by an address), then written through the wrapper, which names it.
        let plaque = Plaque(), log = ValueLog<String>()
        track(read: { plaque.registrar.access(plaque, keyPath: \Plaque.text) }, onChange: {})
        let token = observe { _ = plaque.text } onChange: { for change in $0 { log.append(change.description) } }
        plaque.text = "new"
        #expect(log.all == ["\\Plaque.text"])
        token.cancel()
    }

    @Test func aSubclassKeyPathIsAnotherIdentityAsInObservation() {
        // `\Employee.title` and `\Staff.title` are two key paths to the standard library (each
        // has its own accessor thunk, so they compare unequal), and so two identities here, as
        // in Apple's Observation (see `ObservationBridgeTests`).
        #expect((\Employee.title as AnyKeyPath) != (\Staff.title as AnyKeyPath))
        #expect(PropertyID(\Employee.title) != PropertyID(\Staff.title))
        let employee = Employee(), throughSubclass = CallCounter(), throughDeclaringClass = CallCounter()
        track(read: { employee.registrar.access(employee, keyPath: \Employee.title) }, onChange: { throughSubclass.bump() })
        track(read: { employee.registrar.access(employee, keyPath: \Staff.title) }, onChange: { throughDeclaringClass.bump() })
        employee.title = "lead"  // announced under \Staff.title, the declaring class's
        #expect(throughSubclass.count == 0)
        #expect(throughDeclaringClass.count == 1)
    }

    @Test func aWeakTrackedReferenceIsReadWrittenAndTracked() {
        let seat = Seat(), fired = CallCounter()
        var person: Person? = Person()
        seat.occupant = person
        #expect(seat.occupant === person)
        track(read: { _ = seat.occupant }, onChange: { fired.bump() })
        seat.occupant = Person(name: "Grace")  // released at once: the seat holds it weakly
        #expect(fired.count == 1)
        #expect(seat.occupant == nil)
        seat.occupant = person
        person = nil
        #expect(seat.occupant == nil)  // the reference went with its object, no write
    }
}

/// A weak reference, tracked: the hand-written pattern (docs/TRACKING.md, "Weak references").
final class Seat: Trackable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = Registrar()
    private weak var _occupant: Person?

    var occupant: Person? {
        get {
            registrar.access(self, keyPath: \.occupant)
            return _occupant
        }
        set { registrar.withMutation(of: self, keyPath: \.occupant) { _occupant = newValue } }
    }
}

/// A non-final class with a tracked property, and a subclass that inherits it.
class Staff: Trackable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = Registrar()
    @Tracked var title = "engineer"
}

final class Employee: Staff, @unchecked Sendable {}

/// A non-final class with a tracked property, and no subclass.
class Badge: Trackable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = Registrar()
    @Tracked var label = "old"
}

/// Another, whose property only `aPropertyFirstSeenThroughAHandWrittenAccessIsNamedByItsWrapper`
/// uses (property names are process-wide: no other test may name it first).
class Plaque: Trackable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = Registrar()
    @Tracked var text = "old"
}
