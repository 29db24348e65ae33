import Testing
@testable import UndraRuntime

/// How a continuous observation re-tracks: a run that reads what the last one read installs
/// nothing, a new read is installed at once, a read no longer made is removed.
@Suite struct ObserveRetrackTests {
    /// The observers' entries: a registrar bridged to Observation (a `DynamicModel`'s, where
    /// Observation exists) counts Observation as one more.
    private func installed(_ registrar: Registrar) -> Int {
        registrar.installedCount.load(ordering: .relaxed) - (registrar.isBridgedToObservation ? 1 : 0)
    }

    @Test func aRunThatReadsWhatTheLastOneReadInstallsNothing() {
        let person = Person(), runs = CallCounter()
        let token = observe {
            runs.bump()
            _ = person.name
        }
        for round in 0..<100 { person.name = "round \(round)" }
        #expect(runs.count == 101)
        #expect(installed(person.registrar) == 1)
        token.cancel()
    }

    @Test func aRunThatStopsReadingAPropertyNoLongerFiresForIt() {
        let person = Person(), runs = CallCounter()
        let token = observe {
            runs.bump()
            _ = person.isAdult ? person.name : String(person.age)
        }
        #expect(installed(person.registrar) == 2)  // isAdult, name
        person.isAdult = false
        #expect(runs.count == 2)
        #expect(installed(person.registrar) == 2)  // isAdult, age: name's entry was removed
        person.name = "Grace"
        #expect(runs.count == 2)
        person.age = 5
        #expect(runs.count == 3)
        token.cancel()
    }

    @Test func aRunReadingANewPropertyStartsFiringForIt() {
        let person = Person(), friend = Person(name: "Grace"), runs = CallCounter()
        let token = observe {
            runs.bump()
            _ = person.friend?.name
        }
        friend.name = "not read yet"
        #expect(runs.count == 1)
        person.friend = friend
        #expect(runs.count == 2)
        #expect(installed(friend.registrar) == 1)
        friend.name = "Hopper"
        #expect(runs.count == 3)
        person.friend = nil
        #expect(installed(friend.registrar) == 0)
        friend.name = "no longer read"
        #expect(runs.count == 4)
        token.cancel()
    }

    @Test func aReplacedSubjectIsObservedEvenWhereItReusesTheOldOnesMemory() {
        // Each friend is freed soon after it is replaced, so new ones often take its address.
        let person = Person(), runs = CallCounter()
        let token = observe {
            runs.bump()
            _ = person.friend?.name
        }
        for round in 0..<200 {
            person.friend = Person(name: "friend \(round)")
            person.friend?.name = "renamed"
        }
        #expect(runs.count == 1 + 2 * 200)
        token.cancel()
    }

    @Test func anObservationHoldsTheRegistrarsItReadButNotTheirSubjects() {
        weak var subject: Person?
        weak var registrar: Registrar?
        let token: ObservationToken
        do {
            let person = Person()
            subject = person
            registrar = person.registrar
            token = observe { [weak person] in _ = person?.name }
        }
        #expect(subject == nil)
        #expect(registrar != nil)
        token.cancel()
        #expect(registrar == nil)
    }

    @Test func cancellingFromInsideARunReleasesTheRegistrarsWhenTheRunEnds() {
        weak var registrar: Registrar?
        let holder = TokenHolder()
        do {
            let person = Person()
            registrar = person.registrar
            holder.token = observe {
                _ = person.name
                if person.name == "stop" { holder.token?.cancel() }
            }
            person.name = "stop"
        }
        #expect(registrar == nil)
    }

    @Test func cancellingWhileOtherThreadsRunItReleasesItsClosuresWhenTheLastRunEnds() {
        for _ in 0..<50 {
            let model = DynamicModel()
            let value = try! model.property("value", 0)
            weak var captured: CallCounter?
            var token: ObservationToken?
            do {
                let counter = CallCounter()
                captured = counter
                token = observe {
                    _ = value.value
                    counter.bump()
                }
                let cancelling = token!
                concurrently(4) { index in
                    for round in 0..<200 {
                        if index == 0 && round == 100 { cancelling.cancel() }
                        value.value = round
                    }
                }
            }
            // Still holding the token: whoever ended the last run (or `cancel`, if none was under
            // way) released the closures, and their captures with them.
            #expect(captured == nil)
            // And the writes made after the cancel dropped its entry.
            #expect(installed(model.registrar) == 0)
            token = nil
        }
    }

    @Test func manyRoundsOnSeveralThreadsLeaveExactlyTheLastRunsReads() {
        let model = DynamicModel()
        let toggle = try! model.property("toggle", 0), a = try! model.property("a", 0), b = try! model.property("b", 0)
        let inside = TestAtomic<Int>(0), overlaps = CallCounter(), runs = CallCounter()
        let token = observe {
            if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 { overlaps.bump() }
            runs.bump()
            _ = toggle.value.isMultiple(of: 2) ? a.value : b.value
            inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }
        concurrently(4) { index in
            for round in 0..<300 {
                switch (index + round) % 3 {
                case 0: toggle.value = round
                case 1: a.value = round
                default: b.value = round
                }
            }
        }
        #expect(overlaps.count == 0)
        toggle.value = 0  // now reads toggle and a
        #expect(installed(model.registrar) == 2)
        let before = runs.count
        b.value = -1
        #expect(runs.count == before)
        a.value = -1
        #expect(runs.count == before + 1)
        toggle.value = 1  // now reads toggle and b
        #expect(installed(model.registrar) == 2)
        a.value = -2
        #expect(runs.count == before + 2)
        b.value = -2
        #expect(runs.count == before + 3)
        token.cancel()
    }
}

/// Lets a closure reach the token that its own `observe` call returns.
private final class TokenHolder: @unchecked Sendable {  // @unchecked: set once before any write.
    var token: ObservationToken?
}
