import Dispatch

/// One row of the table: an operation measured for UndraRuntime and for a baseline in the same run.
struct BenchCase {
    let name: String
    /// What the baseline is ("Observation", "LockedClosureArray", ...).
    let baseline: String
    /// The goal in nanoseconds per operation, if the case has one.
    let goal: Double?
    /// Performs `n` operations with UndraRuntime.
    let ours: (Int) -> Void
    /// Performs `n` operations with the baseline.
    let theirs: ((Int) -> Void)?
}

struct BenchResult {
    let name: String
    let ns: Double
    let baseline: String
    let baselineNs: Double?
    let goal: Double?
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {}

/// Measures ns per operation: calibrates a batch that takes about `sampleMillis`, then takes the
/// median of `samples` batches. The median, not the minimum, so that one lucky batch cannot
/// flatter a case.
struct Bencher {
    var samples = 11
    var sampleMillis = 10.0

    func measure(_ body: (Int) -> Void) -> Double {
        var n = 1
        // Calibrate (this is also the warm-up).
        while true {
            let t = time { body(n) }
            if t >= sampleMillis * 1_000_000 / 4 || n >= 1 << 30 {
                let perOp = t / Double(n)
                n = max(1, Int(sampleMillis * 1_000_000 / max(perOp, 0.01)))
                break
            }
            n *= 4
        }
        var results: [Double] = []
        for _ in 0..<samples {
            results.append(time { body(n) } / Double(n))
        }
        results.sort()
        return results[results.count / 2]
    }

    private func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }
}
