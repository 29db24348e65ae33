import Observation
import UndraRuntime

// The Observation bridge rows: UndraRuntime's objects seen through Apple's `withObservationTracking`
// (what SwiftUI does around a view's body), against the same operations on an `@Observable` class.
// Observation is macOS 14 / iOS 17, above the package's floors: what uses it says so.

/// `Point` with the one line that bridges it to Observation.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class BridgedPoint: Trackable, Observable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = Registrar()
    static let xID = PropertyID(\BridgedPoint.x)
    private var _x = 0

    var x: Int {
        get {
            registrar.access(self, property: Self.xID)
            return _x
        }
        set {
            registrar.withMutation(of: self, property: Self.xID) { _x = newValue }
        }
    }
}

/// The store of the store rows, bridged.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private final class BridgedStore: UndraStore, Trackable, Observable, @unchecked Sendable {  // @unchecked: see Todos in the tests.
    let runtime = StoreRuntime(name: "Bench", fields: Schema.fields)
    var registrar: Registrar { runtime.registrar }
    @Mirrored(Schema.items) var items
}

/// The same store, not bridged: how a store update is seen through `track` today.
private final class TrackedStore: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: as above.
    let runtime = StoreRuntime(name: "Bench", fields: Schema.fields)
    var registrar: Registrar { runtime.registrar }
    @Mirrored(Schema.items) var items
}

/// The store's list as Observation users keep one: an array in an `@Observable` class, a row
/// updated in place.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class ObservableItems: @unchecked Sendable {  // @unchecked: one thread at a time.
    var items: [Item]

    init(rows: Int) {
        items = (0..<rows).map { _ in Item(title: "todo", done: false) }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func observationBridgeCases() -> [BenchCase] {
    let bridged = BridgedPoint(), apple = ApplePoint(), counter = Counter(), sink = Sink()
    return [
        // A read with no tracking anywhere: the bridged registrar asks Observation, which looks
        // at its thread-local tracking slot (a read of an unbridged one is `read.untracked.fastpath`).
        // Each read's value is summed into the sink: a read whose result is unused could be dropped.
        BenchCase(
            name: "bridge.read.untracked", baseline: "Observation", goal: nil,
            ours: { n in
                var total = 0
                for _ in 0..<n { total &+= bridged.x }
                sink.absorb(total)
            },
            theirs: { n in
                var total = 0
                for _ in 0..<n { total &+= apple.x }
                sink.absorb(total)
            }),
        // Reads inside one `withObservationTracking`, as a view body reads.
        BenchCase(
            name: "bridge.read.tracked", baseline: "Observation", goal: nil,
            timedOurs: { n in
                defer { bridged.x = 0 }  // fires and clears the tracking, untimed
                return elapsed {
                    withObservationTracking({ for _ in 0..<n { blackHole(bridged.x) } }, onChange: { counter.bump() })
                }
            },
            timedTheirs: { n in
                defer { apple.x = 0 }
                return elapsed {
                    withObservationTracking({ for _ in 0..<n { blackHole(apple.x) } }, onChange: { counter.bump() })
                }
            }),
        // A write nobody observes: a bridged registrar still tells Observation, which looks its
        // observers up (a write of an unbridged one is `write.noObservers.fastpath`).
        BenchCase(
            name: "bridge.write.noObservers", baseline: "Observation", goal: nil,
            ours: { n in for i in 0..<n { bridged.x = i } },
            theirs: { n in for i in 0..<n { apple.x = i } }),
        // What a view costs per change: track one property, then the write that fires it.
        BenchCase(
            name: "bridge.track.fire", baseline: "Observation", goal: nil,
            ours: { n in
                for i in 0..<n {
                    withObservationTracking({ blackHole(bridged.x) }, onChange: { counter.bump() })
                    bridged.x = i
                }
            },
            theirs: { n in
                for i in 0..<n {
                    withObservationTracking({ blackHole(apple.x) }, onChange: { counter.bump() })
                    apple.x = i
                }
            }),
        bridgedStoreUpdateCase(), trackedStoreUpdateCase(),
    ]
}

/// One update frame through a bridged store of 1,000 rows, seen by a view: each frame is applied
/// after `withObservationTracking` reads the list (what SwiftUI does between two redraws). Against
/// the same row updated in place in an `@Observable` class, tracked the same way.
///
/// The goal is against that class: the bridged update costs Observation's own tracking and
/// firing plus the store's update, and Observation's part alone is several times the whole
/// update seen through `track` (the row below), so issue 10's "at most 2× the `track` row" cannot
/// be met by any bridge (Benchmarks/README.md gives the measurement).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private func bridgedStoreUpdateCase() -> BenchCase {
    let store = BridgedStore(), model = ObservableItems(rows: 1_000), seen = Counter()
    let feed = Feed(store.runtime, rows: 1_000)
    let variants = (0..<8).map { Item(title: "todo \($0)", done: $0 & 1 == 0) }
    return BenchCase(
        name: "bridge.store.update", baseline: "Observation", goal: .baselineRatio(atMost: 2),
        timedOurs: { n in
            feed.timedApply(n, before: { _ in
                withObservationTracking({ blackHole(store.items) }, onChange: { seen.bump() })
            }) { i in [.update(Schema.items, i % 1_000, variants[i & 7])] }
        },
        timedTheirs: { n in
            elapsed {
                for i in 0..<n {
                    withObservationTracking({ blackHole(model.items) }, onChange: { seen.bump() })
                    model.items[i % 1_000] = variants[i & 7]
                }
            }
        })
}

/// The same update through a store nobody bridged, seen through `track`: what the bridged row
/// adds to a store update that is not bridged.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private func trackedStoreUpdateCase() -> BenchCase {
    let store = TrackedStore(), seen = Counter()
    let feed = Feed(store.runtime, rows: 1_000)
    let variants = (0..<8).map { Item(title: "todo \($0)", done: $0 & 1 == 0) }
    return BenchCase(
        name: "bridge.store.update.viaTrack", baseline: "—", goal: nil,
        timedOurs: { n in
            feed.timedApply(n, before: { _ in
                track(read: { blackHole(store.items) }, onChange: { seen.bump() })
            }) { i in [.update(Schema.items, i % 1_000, variants[i & 7])] }
        },
        timedTheirs: nil)
}
