import Testing
@testable import UndraRuntime

/// The registrar's `willSet` gate: the count of installed entries whose observer acts on `willSet`.
@Suite struct RegistrarGateTests {
    @Test func aDidSetObservationLeavesTheWillSetGateShut() {
        let person = Person(), changes = CallCounter()
        let token = observe({ person.name }, onChange: { _ in changes.bump() })
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 0)
        #expect(person.registrar.installedCount.load(ordering: .relaxed) == 1)
        person.name = "Grace"
        person.name = "Hopper"
        #expect(changes.count == 2)
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 0)
        token.cancel()
    }

    @Test func aTrackOpensTheGateUntilItFires() {
        let person = Person(), fired = CallCounter()
        track(read: { _ = person.name }, onChange: { fired.bump() })
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 1)
        person.name = "Grace"
        #expect(fired.count == 1)
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 0)
        #expect(person.registrar.installedCount.load(ordering: .relaxed) == 0)
    }

    @Test func aStaleEntryKeepsTheGateOpenUntilItIsDropped() {
        let person = Person(), fired = CallCounter()
        track(read: { _ = (person.name, person.age) }, onChange: { fired.bump() })
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 2)
        person.name = "Grace"  // fires; the entry on `age` is stale and still counted
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 1)
        person.age = 90  // drops it
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 0)
        #expect(fired.count == 1)
    }

    @Test func aWillSetObservationOpensTheGateUntilCancelled() {
        let person = Person(), changes = CallCounter()
        let token = observe(delivery: .willSet, { person.name }, onChange: { _ in changes.bump() })
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 1)
        person.name = "Grace"
        #expect(changes.count == 1)
        token.cancel()
        person.name = "Hopper"  // drops the cancelled observer's entries
        #expect(changes.count == 1)
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 0)
        #expect(person.registrar.installedCount.load(ordering: .relaxed) == 0)
    }

    @Test func purgingStaleEntriesKeepsTheCountExact() {
        // `age` is read by every track and never written: its bucket purges stale entries as it grows.
        let person = Person(), fired = CallCounter()
        for round in 0..<100 {
            track(read: { _ = (person.name, person.age) }, onChange: { fired.bump() })
            person.name = "round \(round)"
        }
        #expect(fired.count == 100)
        let installed = person.registrar.installedCount.load(ordering: .relaxed)
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == installed)
        person.age = 0  // drops every stale entry on `age`
        #expect(person.registrar.willSetCount.load(ordering: .relaxed) == 0)
        #expect(person.registrar.installedCount.load(ordering: .relaxed) == 0)
    }
}
