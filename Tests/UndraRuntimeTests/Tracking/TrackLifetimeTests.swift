import Testing
import UndraRuntime

/// What an observer keeps alive: nothing after it fired, nothing once its subject is gone.
@Suite struct TrackLifetimeTests {
    @Test func onChangeIsReleasedAfterItFires() {
        let person = Person()
        weak var witness: Witness?
        do {
            let captured = Witness()
            witness = captured
            track(read: { _ = (person.name, person.age) }, onChange: { _ = captured })
        }
        #expect(witness != nil)
        person.name = "Grace"  // fires; `age` still has a stale registration
        #expect(witness == nil)
    }

    @Test func pendingObserversAreReleasedWithTheirSubject() {
        weak var witness: Witness?
        weak var subject: Person?
        do {
            let person = Person()
            subject = person
            let captured = Witness()
            witness = captured
            track(read: { _ = person.name }, onChange: { _ = captured })
        }
        #expect(subject == nil)
        #expect(witness == nil)
    }

    @Test func anObserverDoesNotKeepItsSubjectAlive() {
        weak var subject: Person?
        let fired = CallCounter()
        do {
            let person = Person()
            subject = person
            track(read: { _ = person.name }, onChange: { fired.bump() })
        }
        #expect(subject == nil)
        #expect(fired.count == 0)
    }

    @Test func aDeinitializedSubjectIsNoChange() {
        // The decision of docs/TRACKING.md ("Deinitialized objects"): `track`'s onChange and an
        // observation's callback are not called when what they read goes away; only a
        // `TrackedValues` iterator re-runs its closure (TrackedValuesTests).
        weak var subject: Person?, observedSubject: Person?
        let tracked = CallCounter(), observed = CallCounter()
        let other = Person()
        var token: ObservationToken?
        do {
            let shortLived = Person(), person = Person()
            subject = shortLived
            observedSubject = person
            track(read: { _ = (shortLived.name, other.name) }, onChange: { tracked.bump() })
            token = observe { [weak person] in _ = person?.name } onChange: { _ in observed.bump() }
            person.name = "Grace"
        }
        #expect(subject == nil)
        #expect(observedSubject == nil)
        #expect(tracked.count == 0)
        #expect(observed.count == 1)
        other.name = "Hopper"  // the one-shot outlives the object it read, and still fires once
        #expect(tracked.count == 1)
        token?.cancel()
        #expect(observed.count == 1)
    }

    @Test func aDroppedReadIsReleasedWhenNothingWasRead() {
        weak var witness: Witness?
        do {
            let captured = Witness()
            witness = captured
            _ = track(read: { 1 + 1 }, onChange: { _ = captured })
        }
        #expect(witness == nil)
    }

    @Test func repeatedTrackingOfAnUnwrittenPropertyDoesNotGrowWithoutBound() {
        // A view re-tracks `name` and `age` after every change of `name`; `age` never changes.
        // The stale registrations on `age` are purged as they accumulate: every released
        // onChange is gone, and the live one is the only one left.
        let person = Person()
        var witnesses: [Weak<Witness>] = []
        for round in 0..<200 {
            let captured = Witness()
            witnesses.append(Weak(captured))
            track(read: { _ = (person.name, person.age) }, onChange: { _ = captured })
            person.name = "round \(round)"
        }
        #expect(witnesses.filter { $0.value != nil }.count == 0)
    }
}
