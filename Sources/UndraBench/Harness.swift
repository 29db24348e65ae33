import Dispatch

/// One row of the table: an operation measured for UndraRuntime and for a baseline in the same run.
struct BenchCase {
    let name: String
    /// What the baseline is ("Observation", "LockedClosureArray", ...).
    let baseline: String
    /// The goal of the issue that asked for the row, as a ratio within the same run.
    let goal: Goal?
    /// Performs `n` operations with UndraRuntime; returns the nanoseconds that count.
    let ours: (Int) -> Double
    /// Performs `n` operations with the baseline; returns the nanoseconds that count.
    let theirs: ((Int) -> Double)?

    /// A case whose whole body is timed.
    init(
        name: String, baseline: String, goal: Goal?,
        ours: @escaping (Int) -> Void, theirs: ((Int) -> Void)?
    ) {
        self.name = name
        self.baseline = baseline
        self.goal = goal
        self.ours = { n in elapsed { ours(n) } }
        self.theirs = theirs.map { theirs in { n in elapsed { theirs(n) } } }
    }

    /// A case that times only part of each operation (setup excluded) and returns the total.
    init(
        name: String, baseline: String, goal: Goal?, timedOurs: @escaping (Int) -> Double,
        timedTheirs: ((Int) -> Double)?
    ) {
        self.name = name
        self.baseline = baseline
        self.goal = goal
        self.ours = timedOurs
        self.theirs = timedTheirs
    }
}

/// A goal, always a ratio between two times of the same run: nanoseconds do not carry from one
/// machine to another (this machine class alone varies 1.5–2× from run to run), ratios do.
enum Goal {
    /// UndraRuntime at least this many times faster than the row's baseline (speedup ≥ n).
    case speedup(atLeast: Double)
    /// UndraRuntime at most this many times the row's baseline's time: for a baseline that is a
    /// floor (the same work with nothing around it).
    case baselineRatio(atMost: Double)
    /// UndraRuntime at most this many times UndraRuntime's time in another row of the run.
    case rowRatio(atMost: Double, of: String)
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
    let goal: Goal?

    /// Baseline ÷ UndraRuntime, in this run: above 1, UndraRuntime is faster.
    var speedup: Double? { baselineNs.map { $0 / ns } }
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
