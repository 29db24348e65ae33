import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

/// `track`'s observers are handed back to a thread's spares once nobody holds them, and reused by
/// that thread's next `track`. What that must never change: each `track` fires at most once, only
/// for what it read, and a closure is released once it cannot be called.
@Suite struct TrackReuseTests {
    /// The deliverer of a `track` that fired while its `read` was still running must not hand the
    /// observer back: the read goes on installing it. Were it reused by the deliverer's next
    /// `track`, that track would fire for what the first one read afterwards.
    @Test func anObserverFiredDuringItsReadIsNotReusedBeforeTheReadEnds() {
        for round in 0..<200 {
            let first = Person(), second = Person(), third = Person()
            let firstFired = CallCounter(), secondFired = CallCounter()
            track(read: {
                _ = first.name
                onAnotherThread {
                    first.name = "round \(round)"  // fires this track, delivered on that thread
                    track(read: { _ = third.age }, onChange: { secondFired.bump() })
                }
                _ = second.name  // installs the fired observer: a stale entry, nothing more
            }, onChange: { firstFired.bump() })
            #expect(firstFired.count == 1)
            second.name = "written after the read"
            #expect(firstFired.count == 1)
            #expect(secondFired.count == 0)
            third.age = round
            #expect(secondFired.count == 1)
        }
    }

    /// More pending tracks than a thread keeps as spares, fired by one write on another thread:
    /// each fires once, and every closure is released (the spares beyond the limit are freed).
    @Test func aWriteFiringMoreTracksThanAThreadKeepsReleasesEveryOne() {
        let person = Person()
        for round in 0..<3 {
            let fired = CallCounter()
            var witnesses: [Weak<Witness>] = []
            for _ in 0..<2_500 {
                let witness = Witness()
                witnesses.append(Weak(witness))
                track(read: { _ = person.age }, onChange: { _ = witness; fired.bump() })
            }
            onAnotherThread { person.age = round }
            #expect(fired.count == 2_500)
            #expect(witnesses.filter { $0.value != nil }.count == 0)
        }
    }

    /// Trackers on two threads read two objects each time; writers on two other threads write
    /// them all along (dynamic models: their values are locked). Observers fire on the writers'
    /// threads, some while their read runs, and come back as the writers' spares. At the end one
    /// more write of each property fires every track still pending: each track has then fired
    /// exactly once.
    @Test func tracksFiredByOtherThreadsAllFireExactlyOnce() throws {
        let first = try DynamicModel().property("first", 0), second = try DynamicModel().property("second", 0)
        let tracksPerThread = 3_000
        let counters = (0..<2).map { _ in (0..<tracksPerThread).map { _ in CallCounter() } }
        let trackersDone = TestAtomic<Int>(0)
        concurrently(4) { thread in
            if thread < 2 {
                for counter in counters[thread] {
                    track(read: { _ = (first.get(), second.get()) }, onChange: { counter.bump() })
                }
                trackersDone.wrappingAdd(1, ordering: .acquiringAndReleasing)
            } else {
                let property = thread == 2 ? first : second
                var value = 0
                while trackersDone.load(ordering: .acquiring) < 2 {
                    value += 1
                    property.set(value)
                }
            }
        }
        first.set(-1)
        second.set(-1)
        let counts = counters.flatMap { $0.map(\.count) }
        #expect(counts.count == 2 * tracksPerThread)
        #expect(counts.filter { $0 != 1 } == [])
    }

    /// A track that reads nothing hands its observer back at once, releasing `onChange`; the
    /// thread's next track, which does read, still fires.
    @Test func aTrackThatReadNothingIsHandedBackAndTheNextOneFires() {
        let person = Person(), fired = CallCounter()
        weak var witness: Witness?
        do {
            let captured = Witness()
            witness = captured
            track(read: {}, onChange: { _ = captured; fired.bump() })
        }
        #expect(witness == nil)
        track(read: { _ = person.name }, onChange: { fired.bump() })
        person.name = "Grace"
        #expect(fired.count == 1)
    }
}
