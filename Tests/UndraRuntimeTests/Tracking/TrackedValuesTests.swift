import Testing
import UndraRuntime

/// `TrackedValues`: the values of a tracked expression as an `AsyncSequence`.
@Suite struct TrackedValuesTests {
    @Test func yieldsTheCurrentValueFirstThenEachNewValue() async {
        let person = Person()
        var iterator = TrackedValues { person.name }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        person.name = "Grace"
        #expect(await iterator.next() == "Grace")
        Task.detached { person.name = "Hopper" }
        #expect(await iterator.next() == "Hopper")
    }

    @Test func changesMadeWhileTheConsumerIsBusyCoalesceIntoTheLatest() async {
        let person = Person()
        var iterator = TrackedValues { "\(person.name) \(person.age)" }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada 36")
        person.name = "Grace"
        person.age = 85
        person.name = "Hopper"
        #expect(await iterator.next() == "Hopper 85")
        person.age = 86
        #expect(await iterator.next() == "Hopper 86")
    }

    @Test func endsWhenTheTaskIsCancelled() async {
        let person = Person()
        let started = CallCounter()
        let consumer = Task {
            var seen: [String] = []
            for await name in TrackedValues({ person.name }) {
                seen.append(name)
                started.bump()
            }
            return seen
        }
        while started.count == 0 { await Task.yield() }
        consumer.cancel()
        #expect(await consumer.value == ["Ada"])
    }

    @Test func twoIteratorsEachSeeEveryValueOnce() async {
        let person = Person()
        let values = TrackedValues { person.age }
        var first = values.makeAsyncIterator(), second = values.makeAsyncIterator()
        #expect(await first.next() == 36)
        #expect(await second.next() == 36)
        person.age = 37
        #expect(await first.next() == 37)
        #expect(await second.next() == 37)
        person.age = 38
        #expect(await second.next() == 38)
        #expect(await first.next() == 38)
    }

    @Test func theFirstValueComesEvenIfTheTaskIsCancelledAtOnce() async {
        let person = Person()
        for _ in 0..<20 {
            let consumer = Task {
                var seen: [String] = []
                for await name in TrackedValues({ person.name }) { seen.append(name) }
                return seen
            }
            consumer.cancel()
            #expect(await consumer.value == ["Ada"])
        }
    }

    @Test func aThrowingReadEndsTheSequenceWithItsError() async throws {
        struct Stop: Error, Equatable {}
        let person = Person()
        var iterator = TrackedValues { () throws(Stop) -> Int in
            if person.age > 40 { throw Stop() }
            return person.age
        }.makeAsyncIterator()
        #expect(try await iterator.next() == 36)
        person.age = 41
        await #expect(throws: Stop()) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func untilFinishedEndsWhenReadSaysSo() async {
        let person = Person()
        var iterator = TrackedValues<String, Never>.untilFinished {
            person.name == "stop" ? .finish : .next(person.name)
        }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        person.name = "stop"
        #expect(await iterator.next() == nil)
        person.name = "after"
        #expect(await iterator.next() == nil)
        var empty = TrackedValues<Int, Never>.untilFinished({ .finish }).makeAsyncIterator()
        #expect(await empty.next() == nil)
    }

    @Test func untilFinishedRunsAgainWhenWhatItReadIsDeinitialized() async {
        // The closure holds the model weakly; when the model goes, it runs again and finishes.
        let holder = PersonHolder()
        var iterator = TrackedValues<String, Never>.untilFinished { [weak person = holder.person] in
            guard let person else { return .finish }
            return .next(person.name)
        }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        holder.person = nil
        #expect(await iterator.next() == nil)
    }
}

/// `TrackedValues` runs its closure on the closure's isolation.
@Suite struct TrackedValuesIsolationTests {
    @Test @MainActor func aMainActorClosureRunsOnTheMainActor() async {
        let person = Person(), isolated = CallCounter()
        var iterator = TrackedValues {
            MainActor.preconditionIsolated()
            isolated.bump()
            return person.name
        }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        Task.detached { person.name = "Grace" }
        #expect(await iterator.next() == "Grace")
        #expect(isolated.count == 2)
    }

    @Test @MainActor func aCustomGlobalActorsClosureRunsOnIt() async {
        let person = Person()
        var iterator = await Self.names(of: person).makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        person.name = "Grace"
        #expect(await iterator.next() == "Grace")
    }

    /// Values made on the custom global actor: their closure is isolated to it.
    @TestGlobalActor static func names(of person: Person) -> TrackedValues<String, Never> {
        TrackedValues {
            TestGlobalActor.preconditionIsolated()
            return person.name
        }
    }

    @Test @MainActor func aMainActorClosureMayReadMainActorState() async {
        // `MainModel` is not Sendable: only a closure isolated to the main actor may read it.
        let model = MainModel()
        var iterator = TrackedValues { model.person.name + "!" }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada!")
        model.person.name = "Grace"
        #expect(await iterator.next() == "Grace!")
    }

    @Test @MainActor func theFormForEveryOSVersionRunsOnTheGivenIsolation() async {
        let person = Person(), onMain = CallCounter(), onGlobal = CallCounter()
        var main = TrackedValues(isolation: MainActor.shared) {
            MainActor.preconditionIsolated()
            onMain.bump()
            return person.age
        }.makeAsyncIterator()
        var global = await TrackedValues(isolation: TestGlobalActor.shared) {
            TestGlobalActor.preconditionIsolated()
            onGlobal.bump()
            return person.age
        }.makeAsyncIterator()
        #expect(await main.next() == 36)
        #expect(await global.next() == 36)
        Task.detached { person.age = 37 }
        #expect(await main.next() == 37)
        #expect(await global.next() == 37)
        #expect(onMain.count == 2)
        #expect(onGlobal.count == 2)
        var finishing = TrackedValues<Int, Never>.untilFinished(isolation: MainActor.shared) {
            person.age > 37 ? .finish : .next(person.age)
        }.makeAsyncIterator()
        #expect(await finishing.next() == 37)
        person.age = 38
        #expect(await finishing.next() == nil)
    }

    @Test @MainActor func rapidChangesOnTheMainActorAreReadBetweenItsJobs() async {
        // The writes run in one main-actor job: the closure, on the main actor too, sees all or none.
        for _ in 0..<20 {
            let person = Person()
            var iterator = TrackedValues { person.age }.makeAsyncIterator()
            #expect(await iterator.next() == 36)
            Task { @MainActor in
                await Task.yield()
                for age in 1...5 { person.age = age }
            }
            #expect(await iterator.next() == 5)
        }
    }

    @Test @MainActor func cancellingAfterTheFirstValueEndsWithOnlyIt() async {
        // Observations' own test: the task gets the first value, then is cancelled while waiting.
        let person = Person()
        let task = Task { @MainActor in
            var iterator = TrackedValues { person.age }.makeAsyncIterator()
            var values: [Int] = []
            if let value = await iterator.next() { values.append(value) }
            if let value = await iterator.next() { values.append(value) }
            return values
        }
        await Task.yield()
        task.cancel()
        #expect(await task.value == [36])
    }
}

@globalActor actor TestGlobalActor {
    static let shared = TestGlobalActor()
}

/// A main-actor model that is not Sendable.
@MainActor final class MainModel {
    let person = Person()
}

/// Holds a person strongly, so a test can let it go.
final class PersonHolder: @unchecked Sendable {  // @unchecked: used from one task.
    var person: Person? = Person()
}
