// Times each row for UndraRuntime and for OpenCombine, the way UndraBench times a row against its
// baseline: the calling thread's CPU time (the clock's own cost subtracted), a calibration that
// also warms up, then 21 batches of about 2 ms per side, the two sides' batches taken in turn;
// each figure is its side's median, in ns per operation.
//
//   OpenCombineReference [--filter PREFIX]
//
// Prints one line per row: name, UndraRuntime ns/op, OpenCombine ns/op, OpenCombine ÷ UndraRuntime.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenCombineRows
import UndraRows

typealias Row = UndraRows.Row

private func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

private func rawElapsed(_ body: () -> Void) -> Double {
    let start = threadCPUNanoseconds()
    body()
    return Double(threadCPUNanoseconds() - start)
}

private func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

/// What the clock reports for no work (a system call here), subtracted from each measure.
private let clockOverhead = median((0..<2_001).map { _ in rawElapsed {} })

private func elapsed(_ body: (Int) -> Void, _ n: Int) -> Double {
    max(0, rawElapsed { body(n) } - clockOverhead)
}

/// The number of operations that take about `millis` ms (running it is also the warm-up).
private func calibrate(_ body: (Int) -> Void, millis: Double) -> Int {
    var n = 1
    while true {
        let t = elapsed(body, n)
        if t >= millis * 1_000_000 / 4 || n >= 1 << 30 {
            return max(1, Int(millis * 1_000_000 / max(t / Double(n), 0.01)))
        }
        n *= 4
    }
}

private func measure(_ a: (Int) -> Void, _ b: (Int) -> Void, samples: Int = 21, millis: Double = 2)
    -> (Double, Double)
{
    let batchA = calibrate(a, millis: millis), batchB = calibrate(b, millis: millis)
    var resultsA: [Double] = [], resultsB: [Double] = []
    for _ in 0..<samples {
        resultsA.append(elapsed(a, batchA) / Double(batchA))
        resultsB.append(elapsed(b, batchB) / Double(batchB))
    }
    return (median(resultsA), median(resultsB))
}

var arguments = CommandLine.arguments.dropFirst()
var filter: String?
while let argument = arguments.popFirst() {
    if argument == "--filter", let prefix = arguments.popFirst() {
        filter = prefix
    } else {
        print("usage: OpenCombineReference [--filter PREFIX]")
        exit(2)
    }
}

let undra = UndraRows.rows()
let openCombine = OpenCombineRows.rows()
precondition(undra.map(\.name) == openCombine.map(\.name), "the two sides' rows differ")

/// Both libraries must do the same work: seven operations of each row leave the same tally.
private func sameWork(_ ours: Row, _ theirs: Row) -> Bool {
    let (oursBefore, theirsBefore) = (ours.observe(), theirs.observe())
    ours.body(7)
    theirs.body(7)
    return ours.observe() - oursBefore == theirs.observe() - theirsBefore
}

print("case\tUndraRuntime ns/op\tOpenCombine ns/op\tOpenCombine / UndraRuntime")
for (ours, theirs) in zip(undra, openCombine) where filter.map({ ours.name.hasPrefix($0) }) ?? true {
    guard sameWork(ours, theirs) else {
        print("\(ours.name)\tthe two libraries did different work: not measured")
        continue
    }
    let (oursNs, theirsNs) = measure(ours.body, theirs.body)
    let ratio = theirsNs / oursNs
    print("\(ours.name)\t\(oursNs)\t\(theirsNs)\t\(ratio)")
}
