import Testing
import UndraRuntime

/// `track(read:onChange:)` on one thread: what fires, when, and how often.
@Suite struct TrackTests {
    @Test func unobservedWritesAreHarmless() {
        let person = Person()
        person.name = "Grace"
        person.age += 1
        #expect(person.name == "Grace")
        #expect(person.age == 37)
    }

    @Test func firesOnceAtTheFirstWrite() {
        let person = Person(), fired = CallCounter()
        let name = track(read: { person.name }, onChange: { fired.bump() })
        #expect(name == "Ada")
        #expect(fired.count == 0)
        person.name = "Grace"
        #expect(fired.count == 1)
        person.name = "Hopper"
        person.name = "Lovelace"
        #expect(fired.count == 1)
    }

    @Test func anUnreadPropertyDoesNotFire() {
        let person = Person(), fired = CallCounter()
        track(read: { _ = person.name }, onChange: { fired.bump() })
        person.age = 40
        person.isAdult = false
        #expect(fired.count == 0)
        person.name = "Grace"
        #expect(fired.count == 1)
    }

    @Test func twoSubjectsWithTheSameKeyPathAreIndependent() {
        let ada = Person(), grace = Person(name: "Grace"), fired = CallCounter()
        track(read: { _ = ada.name }, onChange: { fired.bump() })
        grace.name = "Hopper"
        #expect(fired.count == 0)
        ada.name = "Lovelace"
        #expect(fired.count == 1)
    }

    @Test func computedPropertiesTrackWhatTheyRead() {
        let person = Person(), fired = CallCounter()
        #expect(track(read: { person.greeting }, onChange: { fired.bump() }) == "Hello, Ada")
        person.name = "Grace"
        #expect(fired.count == 1)
    }

    @Test func trackingFollowsTheObjectGraph() {
        let person = Person(), friend = Person(name: "Grace"), fired = CallCounter()
        person.friend = friend
        track(read: { _ = person.friend?.name }, onChange: { fired.bump() })
        friend.age = 90  // not read
        #expect(fired.count == 0)
        friend.name = "Hopper"
        #expect(fired.count == 1)

        let swapped = CallCounter()
        track(read: { _ = person.friend?.name }, onChange: { swapped.bump() })
        person.friend = nil
        #expect(swapped.count == 1)
    }

    @Test func onChangeRunsAtWillSetWhileTheOldValueIsStillStored() {
        let counters = Counters(), seen = ValueLog<Int>()
        track(read: { _ = counters.slow }, onChange: { seen.append(counters.slowUntracked) })
        counters.slow = 5
        #expect(seen.all == [0])
        #expect(counters.slow == 5)
    }

    @Test func aWriteFromInsideOnChangeDoesNotFireAgain() {
        let person = Person(), fired = CallCounter()
        track(read: { _ = person.name }, onChange: {
            fired.bump()
            person.name = "from inside onChange"
        })
        person.name = "Grace"
        #expect(fired.count == 1)
        #expect(person.name == "Grace")  // the outer write is the last one stored
    }

    @Test func nestedScopesCountInnerReadsForTheOuterScope() {
        let person = Person(), outer = CallCounter(), inner = CallCounter()
        track(read: {
            _ = person.name
            track(read: { _ = person.age }, onChange: { inner.bump() })
        }, onChange: { outer.bump() })
        person.age = 40
        #expect(inner.count == 1)
        #expect(outer.count == 1)

        let outerOnly = CallCounter(), innerOnly = CallCounter()
        track(read: {
            _ = person.name
            track(read: { _ = person.age }, onChange: { innerOnly.bump() })
        }, onChange: { outerOnly.bump() })
        person.name = "Grace"
        #expect(outerOnly.count == 1)
        #expect(innerOnly.count == 0)
    }

    @Test func readingOnePropertyManyTimesStillFiresOnce() {
        let person = Person(), fired = CallCounter()
        track(read: { for _ in 0..<30 { _ = person.name } }, onChange: { fired.bump() })
        person.name = "Grace"
        #expect(fired.count == 1)
    }

    @Test func manyPropertiesOfManyObjectsFireOnceForTheFirstWrite() {
        let people = (0..<40).map { Person(name: "p\($0)") }, fired = CallCounter()
        track(read: { for person in people { _ = (person.name, person.age) } }, onChange: { fired.bump() })
        people[17].age = 1
        people[3].name = "x"
        people[39].age = 2
        #expect(fired.count == 1)
    }

    @Test func writesMadeByReadItselfDoNotFire() {
        let person = Person(), fired = CallCounter()
        track(read: {
            _ = person.name
            person.name = "written while reading"
        }, onChange: { fired.bump() })
        #expect(fired.count == 0)
        person.name = "Grace"
        #expect(fired.count == 1)
    }

    @Test func readThatThrowsRethrowsAndStillArmsWhatItRead() throws {
        struct Failure: Error {}
        let person = Person(), fired = CallCounter()
        #expect(throws: Failure.self) {
            try track(read: {
                _ = person.name
                throw Failure()
            }, onChange: { fired.bump() })
        }
        person.name = "Grace"
        #expect(fired.count == 1)
    }

    @Test func withMutationThatThrowsStillAnnouncesDidSet() {
        let counters = Counters(), changes = ValueLog<[TrackedChange]>()
        let token = observe({ counters.slow }, onChange: { changes.append($0) })
        #expect(throws: (any Error).self) { try counters.failSlowMutation() }
        let slow = TrackedChange(subject: ObjectIdentifier(counters), property: PropertyID(\Counters.slow))
        #expect(changes.all == [[slow]])
        token.cancel()
    }
}
