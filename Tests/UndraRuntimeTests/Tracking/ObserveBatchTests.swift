import Testing
@testable import UndraRuntime

/// Continuous observers inside a batch of announcements (`ThreadContext.deferringObserverRuns`,
/// what a store's drain uses), and the change buffers they reuse from run to run.
@Suite struct ObserveBatchTests {
    private let name = PropertyID(\Person.name), age = PropertyID(\Person.age)
    private let isAdult = PropertyID(\Person.isAdult)

    /// Announces `didSet` of `properties` of `person` in one batch, as a store's drain does.
    private func batch(_ person: Person, _ properties: [PropertyID]) {
        ThreadContext.deferringObserverRuns {
            for property in properties { person.registrar.didSet(person, property: property) }
        }
    }

    @Test func aBatchRunsAnObserverOnceNamingEachChangeOnceInOrder() {
        let person = Person(), calls = ValueLog<[PropertyID]>()
        let token = observe({ (person.name, person.age, person.isAdult) }, onChange: { calls.append($0.map(\.property)) })
        batch(person, [age, name, age, isAdult])
        #expect(calls.all == [[age, name, isAdult]])
        token.cancel()
    }

    @Test func observersOfOneBatchRunInTheOrderTheyFirstFired() {
        let person = Person(), calls = ValueLog<String>()
        let first = observe({ person.name }, onChange: { _ in calls.append("name") })
        let second = observe({ (person.age, person.name) }, onChange: { calls.append("age+name \($0.count)") })
        batch(person, [age, name])
        #expect(calls.all == ["age+name 2", "name"])
        first.cancel()
        second.cancel()
    }

    @Test func aNestedBatchJoinsTheOutermost() {
        let person = Person(), calls = ValueLog<[PropertyID]>()
        let token = observe({ (person.name, person.age) }, onChange: { calls.append($0.map(\.property)) })
        ThreadContext.deferringObserverRuns {
            person.registrar.didSet(person, property: name)
            batch(person, [age])
            #expect(calls.all.isEmpty)
        }
        #expect(calls.all == [[name, age]])
        token.cancel()
    }

    @Test func batchAfterBatchEachNamesOnlyItsOwnChanges() {
        let person = Person(), calls = ValueLog<[PropertyID]>()
        let token = observe({ (person.name, person.age) }, onChange: { calls.append($0.map(\.property)) })
        for _ in 0..<3 {
            batch(person, [name, age])
            batch(person, [age])
        }
        #expect(calls.all == [[name, age], [age], [name, age], [age], [name, age], [age]])
        token.cancel()
    }

    @Test func aCancelledObserverInABatchDoesNotRun() {
        let person = Person(), calls = CallCounter()
        let token = observe({ person.name }, onChange: { _ in calls.bump() })
        ThreadContext.deferringObserverRuns {
            person.registrar.didSet(person, property: name)
            token.cancel()
        }
        #expect(calls.count == 0)
    }

    @Test func anArrayKeptByOnChangeIsNotReused() {
        let person = Person(), calls = ValueLog<[PropertyID]>()
        let token = observe({ (person.name, person.age) }, onChange: { calls.append($0.map(\.property)) })
        let kept = ValueLog<[TrackedChange]>()
        let keeper = observe({ (person.name, person.age) }, onChange: { kept.append($0) })
        person.name = "Grace"
        batch(person, [age, name])
        person.age = 90
        #expect(kept.all.map { $0.map(\.property) } == [[name], [age, name], [age]])
        #expect(calls.all == [[name], [age, name], [age]])
        token.cancel()
        keeper.cancel()
    }
}
