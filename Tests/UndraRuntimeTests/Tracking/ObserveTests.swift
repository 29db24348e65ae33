import Dispatch
import Testing
@testable import UndraRuntime

/// Continuous observation: `observe { … }` and `observe { read } onChange: { changes in … }`.
@Suite struct ObserveTests {
    @Test func runsNowAndAfterEveryChangeOfWhatItRead() {
        let person = Person(), seen = ValueLog<String>()
        let token = observe { seen.append(person.name) }
        person.name = "Grace"
        person.age = 90  // not read
        person.name = "Hopper"
        #expect(seen.all == ["Ada", "Grace", "Hopper"])
        token.cancel()
    }

    @Test func reTracksOnEveryRunSoABranchNotTakenStopsCounting() {
        let person = Person(), runs = CallCounter()
        let token = observe {
            runs.bump()
            _ = person.isAdult ? person.name : String(person.age)
        }
        #expect(runs.count == 1)
        person.age = 1  // not read while isAdult
        #expect(runs.count == 1)
        person.isAdult = false
        #expect(runs.count == 2)
        person.name = "Grace"  // no longer read
        #expect(runs.count == 2)
        person.age = 2
        #expect(runs.count == 3)
        token.cancel()
    }

    @Test func cancellingStopsItAndReleasesTheClosure() {
        let person = Person(), runs = CallCounter()
        weak var witness: Witness?
        let token: ObservationToken
        do {
            let captured = Witness()
            witness = captured
            token = observe {
                _ = captured
                runs.bump()
                _ = person.name
            }
        }
        token.cancel()
        token.cancel()  // idempotent
        #expect(token.isCancelled)
        #expect(witness == nil)
        person.name = "Grace"
        #expect(runs.count == 1)
    }

    @Test func releasingTheTokenCancels() {
        let person = Person(), runs = CallCounter()
        do {
            let token = observe {
                runs.bump()
                _ = person.name
            }
            person.name = "Grace"
            _ = token
        }
        person.name = "Hopper"
        #expect(runs.count == 2)
    }

    @Test func cancellingFromInsideTheClosureStopsFurtherRuns() {
        let person = Person(), runs = CallCounter()
        let holder = TokenHolder()
        holder.token = observe {
            runs.bump()
            if person.name == "stop" { holder.token?.cancel() }
        }
        person.name = "stop"
        person.name = "after"
        #expect(runs.count == 2)
    }

    @Test func writesTheClosureMakesItselfDoNotReRunIt() {
        let person = Person(), runs = CallCounter()
        let token = observe {
            runs.bump()
            person.age += 1  // reads and writes `age`
        }
        #expect(runs.count == 1)
        #expect(person.age == 37)
        person.age = 10  // someone else's write still re-runs it
        #expect(runs.count == 2)
        #expect(person.age == 11)
        token.cancel()
    }

    @Test func onChangeNamesTheChangedProperty() {
        let person = Person(), changes = ValueLog<[TrackedChange]>()
        let token = observe({ (person.name, person.age) }, onChange: { changes.append($0) })
        person.age = 90
        person.name = "Grace"
        let subject = ObjectIdentifier(person)
        #expect(changes.all == [
            [TrackedChange(subject: subject, property: PropertyID(\Person.age))],
            [TrackedChange(subject: subject, property: PropertyID(\Person.name))],
        ])
        token.cancel()
    }

    @Test func willSetDeliverySeesTheOldValueAndDidSetTheNew() {
        let counters = Counters(), before = ValueLog<Int>(), after = ValueLog<Int>()
        let early = observe(delivery: .willSet, { counters.slow }, onChange: { _ in before.append(counters.slowUntracked) })
        let late = observe(delivery: .didSet, { counters.slow }, onChange: { _ in after.append(counters.slowUntracked) })
        counters.slow = 1
        counters.slow = 2
        #expect(before.all == [0, 1])
        #expect(after.all == [1, 2])
        early.cancel()
        late.cancel()
    }

    @Test func willSetDeliveryReTracksAfterTheWrite() {
        let person = Person(), changes = ValueLog<[PropertyID]>()
        let token = observe(delivery: .willSet, { person.isAdult ? person.name : String(person.age) },
                            onChange: { changes.append($0.map(\.property)) })
        person.isAdult = false  // the read now takes the other branch
        person.name = "not read any more"
        person.age = 5
        #expect(changes.all == [[PropertyID(\Person.isAdult)], [PropertyID(\Person.age)]])
        token.cancel()
    }

    @Test func coalescedDeliveryOnAQueueNamesEachChangedPropertyOnce() {
        let person = Person(), queue = DispatchQueue(label: "coalesced")
        let changes = ValueLog<[PropertyID]>()
        let token = observe(delivery: .coalesced(on: queue), { (person.name, person.age) },
                            onChange: { changes.append($0.map(\.property)) })
        let name = PropertyID(\Person.name), age = PropertyID(\Person.age)
        queue.suspend()
        person.name = "Grace"
        person.age = 90
        person.name = "Hopper"
        queue.resume()
        queue.sync {}
        #expect(changes.all == [[name, age]])
        person.age = 91
        queue.sync {}
        #expect(changes.all == [[name, age], [age]])
        token.cancel()
    }

    @Test func applyOnAQueueRunsThereAndWorkQueuedBeforeCancelIsDropped() {
        let person = Person(), queue = DispatchQueue(label: "apply")
        let seen = ValueLog<String>()
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let token = observe(on: queue) {
            #expect(DispatchQueue.getSpecific(key: key) == true)
            seen.append(person.name)
        }
        queue.sync {}
        #expect(seen.all == ["Ada"])
        queue.suspend()
        person.name = "Grace"
        person.name = "Hopper"
        queue.resume()
        queue.sync {}
        #expect(seen.all == ["Ada", "Hopper"])
        queue.suspend()
        person.name = "dropped"
        token.cancel()
        queue.resume()
        queue.sync {}
        #expect(seen.all == ["Ada", "Hopper"])
    }

    @Test @MainActor func applyOnTheMainActorRunsThereForWritesFromAnyThread() async {
        let person = Person(), seen = ValueLog<String>()
        let token = observe(on: MainActor.shared) {
            MainActor.preconditionIsolated()
            seen.append(person.name)
        }
        #expect(seen.all == ["Ada"])
        await Task.detached { person.name = "Grace" }.value
        for _ in 0..<1000 where seen.all.count < 2 { await Task.yield() }
        #expect(seen.all == ["Ada", "Grace"])
        token.cancel()
    }

    @Test func concurrentWritersNeverOverlapRunsAndTheLastRunSeesTheLastValue() {
        let model = DynamicModel(), inside = TestAtomic<Int>(0), overlaps = CallCounter()
        let values = (0..<4).map { try! model.property("p\($0)", 0) }
        let last = ValueLog<[Int]>()
        let token = observe {
            if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 { overlaps.bump() }
            last.append(values.map { $0.value })
            inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }
        concurrently(4) { index in
            for round in 1...200 { values[index].value = round }
        }
        #expect(overlaps.count == 0)
        #expect(last.all.last == [200, 200, 200, 200])
        token.cancel()
    }

    @Test func tokensAreHashableAndStoreInASet() {
        let person = Person()
        var tokens = Set<ObservationToken>()
        observe { _ = person.name }.store(in: &tokens)
        observe { _ = person.age }.store(in: &tokens)
        #expect(tokens.count == 2)
        tokens.removeAll()
        person.name = "Grace"
    }
}

/// Lets a closure reach the token that its own `observe` call returns.
private final class TokenHolder: @unchecked Sendable {  // @unchecked: set once before any write.
    var token: ObservationToken?
}

/// Continuous observation told of changes from several threads at once.
@Suite struct ObserveConcurrencyTests {
    @Test func changesFromManyThreadsAreEachNamedAndNeverTwiceInOneCall() {
        // Every write finds the observer's entry, even while another thread re-runs it: a
        // re-run does not take entries away and put them back. (Re-arming by bumping a
        // generation lost the writes that fell between the bump and the re-read.)
        for _ in 0..<20 {
            let model = DynamicModel()
            let values = (0..<4).map { try! model.property("p\($0)", 0) }
            let calls = ValueLog<[PropertyID]>()
            let token = observe({ values.map { $0.value } }, onChange: { calls.append($0.map(\.property)) })
            concurrently(4) { index in
                for round in 1...200 { values[index].value = round }
            }
            let named = calls.all.flatMap { $0 }
            #expect(Set(named) == Set(values.map(\.id)))
            #expect(calls.all.allSatisfy { Set($0).count == $0.count })
            token.cancel()
        }
    }
}

/// `observe(on: actor)`: runs on any actor, including a custom global actor.
@Suite struct ObserveOnActorTests {
    /// An actor whose state the observation writes.
    actor Tally {
        var names: [String] = []
        func record(_ name: String) { names.append(name) }
    }

    /// Waits (up to about 5 s) until `done` holds on `tally`.
    private func settle(_ tally: Tally, until done: @escaping @Sendable ([String]) -> Bool) async {
        for _ in 0..<5_000 where !(await done(tally.names)) {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    @Test func runsOnTheActorNowAndAfterEachChange() async {
        let person = Person(), tally = Tally()
        let token = await observe(on: tally) { tally in tally.record(person.name) }
        #expect(await tally.names == ["Ada"])
        Task.detached { person.name = "Grace" }
        await settle(tally) { $0.count == 2 }
        #expect(await tally.names == ["Ada", "Grace"])
        token.cancel()
    }

    @Test func changesBeforeTheActorRunsAreCoalesced() async {
        let person = Person(), tally = Tally()
        let token = await Self.observeBlocking(person, tally)
        await settle(tally) { $0.last == "name 5" }
        #expect(await tally.names == ["Ada", "name 5"])
        token.cancel()
    }

    /// Writes five times while the actor is busy (this function is isolated to it).
    private static func observeBlocking(_ person: Person, _ tally: isolated Tally) -> ObservationToken {
        let token = observe(on: tally) { tally in tally.record(person.name) }
        for index in 1...5 { person.name = "name \(index)" }
        return token
    }

    @Test func runsOnACustomGlobalActor() async {
        let person = Person(), runs = CallCounter()
        let token = await observe(on: TestGlobalActor.shared) { _ in
            TestGlobalActor.preconditionIsolated()
            _ = person.age
            runs.bump()
        }
        #expect(runs.count == 1)
        person.age = 40
        for _ in 0..<5_000 where runs.count < 2 { try? await Task.sleep(nanoseconds: 1_000_000) }
        #expect(runs.count == 2)
        token.cancel()
    }

    @Test func noRunStartsOnceCancelReturns() async {
        for _ in 0..<50 {
            let person = Person(), tally = Tally()
            await Self.writeThenCancel(person, tally)
            person.name = "after"
            try? await Task.sleep(nanoseconds: 10_000_000)  // time for a queued run to show
            let names = await tally.names
            #expect(names == ["Ada"], "\(names)")
        }
    }

    /// On the actor, so that the run the write queues cannot start before `cancel()` returns.
    private static func writeThenCancel(_ person: Person, _ tally: isolated Tally) {
        let token = observe(on: tally) { tally in tally.record(person.name) }
        person.name = "queued"  // a run is queued on the actor, which is busy until this returns
        token.cancel()
    }
}
