import Observation
import UndraRuntime

// The fine-grained rows: UndraRuntime's Registrar against Apple's Observation, same shapes.
// Observation is macOS 14 / iOS 17, above the package's floors: what uses it says so.

/// A hand-written observable class, as generated code writes one: `x` reports by key path,
/// `fastX` by a `PropertyID` created once.
final class Point: Trackable, @unchecked Sendable {  // @unchecked: used from one thread at a time.
    let registrar = Registrar()
    static let xID = PropertyID(\Point.x)
    private var _x = 0

    var x: Int {
        get {
            registrar.access(self, keyPath: \.x)
            return _x
        }
        set {
            registrar.withMutation(of: self, keyPath: \.x) { _x = newValue }
        }
    }

    var fastX: Int {
        get {
            registrar.access(self, property: Self.xID)
            return _x
        }
        set {
            registrar.withMutation(of: self, property: Self.xID) { _x = newValue }
        }
    }
}

/// The same class with `@Tracked`.
final class TrackedPoint: Trackable, @unchecked Sendable {  // @unchecked: used from one thread at a time.
    let registrar = Registrar()
    @Tracked var x = 0
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class ApplePoint: @unchecked Sendable {  // @unchecked: used from one thread at a time.
    var x = 0
}

/// Re-arms a one-shot Observation tracking of `point.x` from its own `onChange`: what a continuous
/// observation costs with Observation.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func observeApple(_ point: ApplePoint, _ counter: Counter) {
    withObservationTracking({ blackHole(point.x) }, onChange: {
        counter.bump()
        observeApple(point, counter)
    })
}

/// Counts callbacks, so that no observer is optimized away.
final class Counter: @unchecked Sendable {
    // @unchecked: every case bumps it from the one thread that runs the benchmark (observers
    // fire on the writing thread), so no lock is needed, and none is measured.
    private(set) var count = 0
    func bump() { count &+= 1 }

    private var lastWritten = 0
    /// A value never written before. Observation does not fire for a write of the value a
    /// property holds, so a row whose batches wrote `0..<n` again and again measured nothing
    /// whenever a batch was one operation long (`write.fires1000` read 0.0× in such runs).
    func newValue() -> Int {
        lastWritten &+= 1
        return lastWritten
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func trackingCases() -> [BenchCase] {
    let point = Point(), tracked = TrackedPoint(), apple = ApplePoint()
    let counter = Counter()
    let points = (0..<100).map { _ in Point() }
    let applePoints = (0..<100).map { _ in ApplePoint() }
    // Observed continuously from here on; their own objects, so the other rows see no observer.
    let observedPoint = Point(), observedApple = ApplePoint()
    let observation = observe({ observedPoint.fastX }, onChange: { _ in counter.bump() })
    observeApple(observedApple, counter)

    return [
        BenchCase(
            name: "read.untracked", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in for _ in 0..<n { blackHole(point.x) } },
            theirs: { n in for _ in 0..<n { blackHole(apple.x) } }),
        BenchCase(
            name: "read.untracked.fastpath", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in for _ in 0..<n { blackHole(point.fastX) } },
            theirs: { n in for _ in 0..<n { blackHole(apple.x) } }),
        BenchCase(
            name: "read.untracked.wrapper", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in for _ in 0..<n { blackHole(tracked.x) } },
            theirs: { n in for _ in 0..<n { blackHole(apple.x) } }),
        BenchCase(
            name: "write.noObservers", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in for i in 0..<n { point.x = i } },
            theirs: { n in for i in 0..<n { apple.x = i } }),
        BenchCase(
            name: "write.noObservers.fastpath", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in for i in 0..<n { point.fastX = i } },
            theirs: { n in for i in 0..<n { apple.x = i } }),
        // One track of one property, then the write that fires it.
        BenchCase(
            name: "track.1prop.fire", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in
                for i in 0..<n {
                    track(read: { blackHole(point.x) }, onChange: { counter.bump() })
                    point.x = i
                }
            },
            theirs: { n in
                for i in 0..<n {
                    withObservationTracking({ blackHole(apple.x) }, onChange: { counter.bump() })
                    apple.x = i
                }
            }),
        BenchCase(
            name: "track.1prop.fire.fastpath", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in
                for i in 0..<n {
                    track(read: { blackHole(point.fastX) }, onChange: { counter.bump() })
                    point.fastX = i
                }
            },
            theirs: { n in
                for i in 0..<n {
                    withObservationTracking({ blackHole(apple.x) }, onChange: { counter.bump() })
                    apple.x = i
                }
            }),
        // One track reading one property of each of 100 objects, then one write.
        BenchCase(
            name: "track.100objects.fire", baseline: "Observation", goal: .speedup(atLeast: 10),
            ours: { n in
                for i in 0..<n {
                    track(read: { for p in points { blackHole(p.x) } }, onChange: { counter.bump() })
                    points[i % 100].x = i
                }
            },
            theirs: { n in
                for i in 0..<n {
                    withObservationTracking(
                        { for p in applePoints { blackHole(p.x) } }, onChange: { counter.bump() })
                    applePoints[i % 100].x = i
                }
            }),
        // One write firing 1,000 pending observers: the 1,000 tracks are set up untimed.
        BenchCase(
            name: "write.fires1000", baseline: "Observation", goal: .speedup(atLeast: 10),
            timedOurs: { n in
                var total = 0.0
                for _ in 0..<n {
                    for _ in 0..<1000 { track(read: { blackHole(point.x) }, onChange: { counter.bump() }) }
                    let value = counter.newValue()
                    total += elapsed { point.x = value }
                }
                return total
            },
            timedTheirs: { n in
                var total = 0.0
                for _ in 0..<n {
                    for _ in 0..<1000 {
                        withObservationTracking({ blackHole(apple.x) }, onChange: { counter.bump() })
                    }
                    let value = counter.newValue()
                    total += elapsed { apple.x = value }
                }
                return total
            }),
        // The same, with the 1,000 tracks timed too.
        BenchCase(
            name: "write.fires1000.withSetup", baseline: "Observation", goal: nil,
            ours: { n in
                for _ in 0..<n {
                    for _ in 0..<1000 { track(read: { blackHole(point.x) }, onChange: { counter.bump() }) }
                    point.x = counter.newValue()
                }
            },
            theirs: { n in
                for _ in 0..<n {
                    for _ in 0..<1000 {
                        withObservationTracking({ blackHole(apple.x) }, onChange: { counter.bump() })
                    }
                    apple.x = counter.newValue()
                }
            }),
        // One track that reads the same property 30 times, then the write that fires it.
        BenchCase(
            name: "track.read30sameProp", baseline: "Observation", goal: nil,
            ours: { n in
                for i in 0..<n {
                    track(read: { for _ in 0..<30 { blackHole(point.x) } }, onChange: { counter.bump() })
                    point.x = i
                }
            },
            theirs: { n in
                for i in 0..<n {
                    withObservationTracking(
                        { for _ in 0..<30 { blackHole(apple.x) } }, onChange: { counter.bump() })
                    apple.x = i
                }
            }),
            // One write that fires a continuous observation of the property and re-runs (re-tracks) it.
        BenchCase(
            name: "observe.rerun", baseline: "Observation", goal: nil,
            ours: { n in
                for i in 0..<n { observedPoint.fastX = i }
                blackHole(observation)
            },
            theirs: { n in
                for i in 0..<n { observedApple.x = i }
            }),
    ]
}
