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
    /// What the case's times are measured with (both sides' alike).
    let clock: BenchClock

    /// A case whose whole body is timed, by `clock`.
    init(
        name: String, baseline: String, goal: Goal?, clock: BenchClock = .threadCPU,
        ours: @escaping (Int) -> Void, theirs: ((Int) -> Void)?
    ) {
        self.name = name
        self.baseline = baseline
        self.goal = goal
        self.clock = clock
        self.ours = { n in elapsed(clock) { ours(n) } }
        self.theirs = theirs.map { theirs in { n in elapsed(clock) { theirs(n) } } }
    }

    /// A case that times only part of each operation (setup excluded) and returns the total,
    /// measured by `clock`.
    init(
        name: String, baseline: String, goal: Goal?, clock: BenchClock = .threadCPU, timedOurs: @escaping (Int) -> Double,
        timedTheirs: ((Int) -> Double)?
    ) {
        self.name = name
        self.baseline = baseline
        self.goal = goal
        self.clock = clock
        self.ours = timedOurs
        self.theirs = timedTheirs
    }
}

/// What a case is timed with.
enum BenchClock {
    /// The calling thread's CPU time: what the operation itself costs, whatever else runs.
    case threadCPU
    /// The wall clock: for an operation that hands work to another thread or process and waits
    /// for it (a command's round trip), which the thread's CPU time would not see.
    case wall
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
/// A case that waits for another thread or process asks for the wall clock instead.
func elapsed(_ clock: BenchClock = .threadCPU, _ body: () -> Void) -> Double {
    max(0, rawElapsed(clock, body) - clockOverhead(clock))
}

private func rawElapsed(_ clock: BenchClock, _ body: () -> Void) -> Double {
    let start = now(clock)
    body()
    return Double(now(clock) - start)
}

/// What `rawElapsed` reports for no work: the median of many empty measures.
private func clockOverhead(_ clock: BenchClock) -> Double {
    switch clock {
    case .threadCPU: threadCPUOverhead
    case .wall: wallOverhead
    }
}

private let threadCPUOverhead = medianOfEmptyMeasures(.threadCPU)
private let wallOverhead = medianOfEmptyMeasures(.wall)

private func medianOfEmptyMeasures(_ clock: BenchClock) -> Double {
    let measures = (0..<2_001).map { _ in rawElapsed(clock) {} }.sorted()
    return measures[measures.count / 2]
}

private func now(_ clock: BenchClock) -> UInt64 {
    var time = timespec()
    clock_gettime(clock == .threadCPU ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

struct BenchResult {
    let name: String
    let ns: Double
    let baseline: String
    let baselineNs: Double?
    let goal: Goal?
    /// Why the row is not a result (its time is below what the harness can measure), or nil.
    var error: String? = nil

    /// Baseline ÷ UndraRuntime, in this run: above 1, UndraRuntime is faster.
    var speedup: Double? { baselineNs.map { $0 / ns } }
}

/// The least time per operation a row may report: below it, the work was optimized away or is
/// too small for the clock, and the row is reported as an error, not as a result.
let measurableFloorNs = 0.2

/// Where a row's reads end up, so that the optimizer cannot drop them: the row accumulates what
/// it reads and hands the total to `absorb`, a call the optimizer does not see into.
final class Sink: @unchecked Sendable {
    // @unchecked: every case runs on the one thread that runs the benchmark; no lock is needed.
    private(set) var total = 0

    @inline(never) @_optimize(none)
    func absorb(_ value: Int) { total &+= value }
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
