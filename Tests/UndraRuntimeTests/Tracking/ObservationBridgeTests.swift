#if canImport(Observation)
import Dispatch
import Observation
import Testing
@testable import UndraRuntime

// The Observation bridge: every kind of tracked property of a class that conforms to
// `Observation.Observable` is seen by Apple's `withObservationTracking`, as SwiftUI sees it.

/// `@Tracked` properties, one line away from Observation.
final class ObservedPerson: Trackable, @unchecked Sendable {  // @unchecked: tests write from one thread at a time.
    let registrar = Registrar()
    @Tracked var name = "Ada"
    @Tracked var age = 36
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservedPerson: Observable {}

/// Hand-written accessors, as generated code writes them: by `PropertyID` and by key path.
final class ObservedCounters: Trackable, @unchecked Sendable {  // @unchecked: as above.
    let registrar = Registrar()
    static let fastID = PropertyID(\ObservedCounters.fast)
    private var _fast = 0
    private var _slow = 0

    var fast: Int {
        get {
            registrar.access(self, property: Self.fastID)
            return _fast
        }
        set { registrar.withMutation(of: self, property: Self.fastID) { _fast = newValue } }
    }

    var slow: Int {
        get {
            registrar.access(self, keyPath: \.slow)
            return _slow
        }
        set { registrar.withMutation(of: self, keyPath: \.slow) { _slow = newValue } }
    }

    /// The stored values, unrecorded.
    var untracked: (fast: Int, slow: Int) { (_fast, _slow) }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservedCounters: Observable {}

/// A non-final class on Apple's own registrar, and a subclass: for the subclass-identity check.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
class AppleStaff: Observable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = ObservationRegistrar()
    private var _title = "engineer"

    var title: Int {
        get {
            registrar.access(self, keyPath: \AppleStaff.title)
            return _title.count
        }
        set { registrar.withMutation(of: self, keyPath: \AppleStaff.title) { _title = String(repeating: "x", count: newValue) } }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class AppleEmployee: AppleStaff, @unchecked Sendable {}

/// The example store in both modes, with the one line that makes SwiftUI see it.
final class ObservedTodos: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: as `Todos`.
    let runtime = StoreRuntime(name: "ObservedTodos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    var registrar: Registrar { runtime.registrar }
    @Mirrored(TodosSchema.visible) var visible
    @Mirrored(TodosSchema.count) var count
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservedTodos: Observable {}

/// A plain `@Observable` class, to compare the bridge with.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ObservableBox: @unchecked Sendable {  // @unchecked: one thread at a time.
    var value = 0
}

final class ObservedTodosObject: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as `Todos`.
    let runtime = StoreRuntime(name: "ObservedTodos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
    var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
    @Mirrored(TodosSchema.visible) var visible
    @Mirrored(TodosSchema.count) var count
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservedTodosObject: Observable {}

@Suite struct ObservationBridgeTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aDeinitializedObjectDoesWhatObservationDoes() {
        // Whatever this toolchain's Observation does for an @Observable object that goes away
        // (on Swift 6.3 for Linux: onChange is not called), a bridged object does the same.
        let apple = CallCounter(), bridged = CallCounter()
        weak var goneApple: ObservableBox?
        weak var goneBridged: ObservedPerson?
        do {
            let box = ObservableBox(), person = ObservedPerson()
            goneApple = box
            goneBridged = person
            withObservationTracking({ _ = box.value }, onChange: { apple.bump() })
            withObservationTracking({ _ = person.name }, onChange: { bridged.bump() })
        }
        #expect(goneApple == nil)
        #expect(goneBridged == nil)
        #expect(bridged.count == apple.count)
        #expect(apple.count == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aSubclassKeyPathIsAnotherIdentityInObservationToo() {
        // The same shape as `TrackedWrapperTests.aSubclassKeyPathIsAnotherIdentityAsInObservation`,
        // on Apple's registrar: a read recorded under `\AppleEmployee.title` is not fired by a write
        // announced under `\AppleStaff.title`, the declaring class's.
        let employee = AppleEmployee(), throughSubclass = CallCounter(), throughDeclaringClass = CallCounter()
        withObservationTracking({ employee.registrar.access(employee, keyPath: \AppleEmployee.title) },
                                onChange: { throughSubclass.bump() })
        withObservationTracking({ employee.registrar.access(employee, keyPath: \AppleStaff.title) },
                                onChange: { throughDeclaringClass.bump() })
        employee.title = 4
        #expect(throughSubclass.count == 0)
        #expect(throughDeclaringClass.count == 1)
    }

    /// Runs `read` inside `withObservationTracking`, logging each `onChange` with `now()` at that moment.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func observed<T>(_ read: () -> T, logging log: ValueLog<String>, now: @escaping @Sendable () -> String) -> T {
        withObservationTracking(read, onChange: { log.append(now()) })
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aTrackedPropertyIsSeenWithWillSetTiming() {
        let person = ObservedPerson(), log = ValueLog<String>()
        let name = observed({ person.name }, logging: log, now: { "onChange while name is \(person.nameUntracked)" })
        #expect(name == "Ada")
        person.age = 40  // not read
        #expect(log.all == [])
        person.name = "Grace"
        person.name = "Hopper"
        #expect(log.all == ["onChange while name is Ada"])  // once, before the value changed
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func propertyIDAndKeyPathAccessorsAreSeen() {
        let counters = ObservedCounters(), log = ValueLog<String>()
        _ = observed({ counters.fast }, logging: log, now: { "fast \(counters.untracked.fast)" })
        _ = observed({ counters.slow }, logging: log, now: { "slow \(counters.untracked.slow)" })
        counters.slow = 1
        counters.fast = 2
        counters.fast = 3
        #expect(log.all == ["slow 0", "fast 0"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func twoPropertiesAndTwoObjectsAreApart() {
        let ada = ObservedPerson(), grace = ObservedPerson(), log = ValueLog<String>()
        _ = observed({ ada.name }, logging: log, now: { "ada" })
        grace.name = "Grace"
        ada.age = 1
        #expect(log.all == [])
        ada.name = "Lovelace"
        #expect(log.all == ["ada"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aDynamicModelPropertyIsSeen() throws {
        let model = DynamicModel(), log = ValueLog<String>()
        let title = try model.property("title", "draft"), other = try model.property("other", 0)
        _ = observed({ title.value }, logging: log, now: { "title" })
        other.value = 1
        title.value = "final"
        #expect(log.all == ["title"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(arguments: [false, true])
    func storeFieldsAreSeenInBothModes(coarse: Bool) {
        let core = FakeTodoCore(), log = ValueLog<String>()
        let fine = ObservedTodos(), object = ObservedTodosObject()
        let runtime = coarse ? object.runtime : fine.runtime
        runtime.apply(core.snapshot(["milk", "eggs"]))
        let count = { coarse ? object.count : fine.count }
        let titles = { (coarse ? object.visible : fine.visible).map(\.title) }
        _ = observed({ count() }, logging: log, now: { "count \(runtime.mirror[TodosSchema.count])" })
        _ = observed({ titles() }, logging: log, now: { "visible \(runtime.mirror[TodosSchema.visible].count)" })
        runtime.apply(core.frame(answering: .add(title: "tea")))  // changes the list and the count
        #expect(log.all == ["visible 2", "count 2"])  // each once, before the frame's changes
        #expect(count() == 3)
        #expect(titles() == ["milk", "eggs", "tea"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aClassThatDoesNotConformIsNeverBridged() {
        let person = Person(), log = ValueLog<String>()
        _ = observed({ person.name }, logging: log, now: { "never" })
        person.name = "Grace"
        #expect(log.all == [])
        #expect(!person.registrar.isBridgedToObservation)
        #expect(person.registrar.installedCount.load(ordering: .relaxed) == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func trackAndObservationBothFireOnABridgedProperty() {
        let person = ObservedPerson(), log = ValueLog<String>()
        _ = observed({ person.name }, logging: log, now: { "observation" })
        track(read: { _ = person.name }, onChange: { log.append("track") })
        let token = observe({ person.name }, onChange: { _ in log.append("observe") })
        person.name = "Grace"
        #expect(log.all == ["track", "observation", "observe"])
        token.cancel()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func writesFromOtherThreadsReachObservation() {
        // Each round: track on this thread, then four threads write; onChange runs at least once.
        // Not exactly once: Observation's own withObservationTracking can call onChange twice when
        // two threads write at once (each takes the observer before the first one cancels it;
        // measured on a plain @Observable class, about 1 round in 8,000 on a loaded machine).
        let person = ObservedPerson(), fired = CallCounter()
        for round in 1...200 {
            let before = fired.count
            _ = withObservationTracking({ person.age }, onChange: { fired.bump() })
            concurrently(4) { thread in person.age = round * 10 + thread }
            #expect((1...4).contains(fired.count - before))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aBridgedRegistrarCountsObservationAsOneObserver() {
        // It cannot see Observation's observers, so its writes always reach Observation.
        let person = ObservedPerson()
        for round in 0..<10 {
            person.name = "round \(round)"
            _ = person.name
        }
        #expect(person.registrar.isBridgedToObservation)
        #expect(person.registrar.installedCount.load(ordering: .relaxed) == 1)  // the bridge's own count
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 1)
    }
}

@Suite struct ObservationsOverBridgeTests {
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, *)
    @Test func observationsYieldsEachNewValue() async {
        let person = ObservedPerson()
        var iterator = Observations { person.name }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        person.name = "Grace"
        #expect(await iterator.next() == "Grace")
        Task.detached { person.name = "Hopper" }
        #expect(await iterator.next() == "Hopper")
    }
}

extension ObservedPerson {
    /// The stored name, unrecorded.
    var nameUntracked: String { _name.value }
}
#endif
