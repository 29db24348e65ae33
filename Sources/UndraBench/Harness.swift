import Dispatch
#if canImport(Glibc)
import Glibc
#endif

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

/// Nanoseconds of CPU time that `body` takes on the calling thread (a case does its work there).
///
/// CPU time, not wall time: this machine is shared, and under load a batch measured by the wall
/// clock included the time other processes held the core (a row read 2–3× its idle figure, and
/// its baseline, measured a moment later, did not). The thread's CPU clock is a system call
/// (about 0.3–1 µs here), so its own cost, measured once, is subtracted from each measure.
func elapsed(_ body: () -> Void) -> Double {
    max(0, rawElapsed(body) - clockOverhead)
}

private func rawElapsed(_ body: () -> Void) -> Double {
    let start = threadCPUTime()
    body()
    return Double(threadCPUTime() - start)
}

/// What `rawElapsed` reports for no work: the median of many empty measures.
private let clockOverhead: Double = {
    let measures = (0..<2_001).map { _ in rawElapsed {} }.sorted()
    return measures[measures.count / 2]
}()

private func threadCPUTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
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
/// flatter a case. Many short batches rather than a few long ones: a batch is less often
/// interrupted, and the median has more to choose from.
///
/// A row's two sides are sampled in turn (one batch of UndraRuntime, one of the baseline, and
/// so on), not one after the other: on a shared machine the load changes within seconds, and
/// interleaving lets both sides of a ratio see the same load.
struct Bencher {
    var samples = 21
    var sampleMillis = 2.0

    func measure(_ ours: (Int) -> Double, against theirs: ((Int) -> Double)?) -> (ours: Double, theirs: Double?) {
        let oursBatch = calibrate(ours)
        let theirsBatch = theirs.map(calibrate)
        var oursResults: [Double] = [], theirsResults: [Double] = []
        for _ in 0..<samples {
            oursResults.append(ours(oursBatch) / Double(oursBatch))
            if let theirs, let theirsBatch { theirsResults.append(theirs(theirsBatch) / Double(theirsBatch)) }
        }
        return (median(oursResults), theirs == nil ? nil : median(theirsResults))
    }

    /// The number of operations that take about `sampleMillis` (this is also the warm-up).
    private func calibrate(_ body: (Int) -> Double) -> Int {
        var n = 1
        while true {
            let t = body(n)
            if t >= sampleMillis * 1_000_000 / 4 || n >= 1 << 30 {
                let perOp = t / Double(n)
                return max(1, Int(sampleMillis * 1_000_000 / max(perOp, 0.01)))
            }
            n *= 4
        }
    }

    private func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}
