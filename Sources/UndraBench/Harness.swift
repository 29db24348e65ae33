import Dispatch

/// One row of the table: an operation measured for UndraRuntime and for a baseline in the same run.
struct BenchCase {
    let name: String
    /// What the baseline is ("Observation", "LockedClosureArray", ...).
    let baseline: String
    /// The goal in nanoseconds per operation, if the case has one.
    let goal: Double?
    /// A goal relative to the baseline: at most this many times the baseline's time.
    let maxRatio: Double?
    /// Performs `n` operations with UndraRuntime; returns the nanoseconds that count.
    let ours: (Int) -> Double
    /// Performs `n` operations with the baseline; returns the nanoseconds that count.
    let theirs: ((Int) -> Double)?

    /// A case whose whole body is timed.
    init(
        name: String, baseline: String, goal: Double?, maxRatio: Double? = nil,
        ours: @escaping (Int) -> Void, theirs: ((Int) -> Void)?
    ) {
        self.name = name
        self.baseline = baseline
        self.goal = goal
        self.maxRatio = maxRatio
        self.ours = { n in elapsed { ours(n) } }
        self.theirs = theirs.map { theirs in { n in elapsed { theirs(n) } } }
    }

    /// A case that times only part of each operation (setup excluded) and returns the total.
    init(
        name: String, baseline: String, goal: Double?, maxRatio: Double? = nil, timedOurs: @escaping (Int) -> Double,
        timedTheirs: ((Int) -> Double)?
    ) {
        self.name = name
        self.baseline = baseline
        self.goal = goal
        self.maxRatio = maxRatio
        self.ours = timedOurs
        self.theirs = timedTheirs
    }
}

/// Nanoseconds that `body` takes.
func elapsed(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

struct BenchResult {
    let name: String
    let ns: Double
    let baseline: String
    let baselineNs: Double?
    let goal: Double?
    let maxRatio: Double?
}

/// Keeps a value alive and opaque to the optimizer: the call cannot be removed, nor its argument.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Measures ns per operation: calibrates a batch that takes about `sampleMillis`, then takes the
/// median of `samples` batches. The median, not the minimum, so that one lucky batch cannot
/// flatter a case.
struct Bencher {
    var samples = 11
    var sampleMillis = 10.0

    func measure(_ body: (Int) -> Double) -> Double {
        var n = 1
        // Calibrate (this is also the warm-up).
        while true {
            let t = body(n)
            if t >= sampleMillis * 1_000_000 / 4 || n >= 1 << 30 {
                let perOp = t / Double(n)
                n = max(1, Int(sampleMillis * 1_000_000 / max(perOp, 0.01)))
                break
            }
            n *= 4
        }
        var results: [Double] = []
        for _ in 0..<samples {
            results.append(body(n) / Double(n))
        }
        results.sort()
        return results[results.count / 2]
    }
}
