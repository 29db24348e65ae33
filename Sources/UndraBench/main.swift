import Foundation

// UndraBench: every case measured for UndraRuntime and for its baseline in the same run.
//   swift run -c release UndraBench                 the table
//   swift run -c release UndraBench --json FILE     the table, and the rows as JSON in FILE
//   swift run -c release UndraBench --svg FILE      the table, and the run drawn as a chart in FILE
//   swift run -c release UndraBench --filter PREFIX only the cases whose name starts with PREFIX
//                                                   (NAME$: only the case named NAME)
//   swift run -c release UndraBench --quick         fewer, shorter samples (a smoke run)
//   swift run -c release UndraBench --no-baseline   UndraRuntime only
//   swift run -c release UndraBench --profile N     UndraRuntime only, exactly N operations per
//                                                   case, untimed (for callgrind and perf)
//   swift run -c release UndraBench --profile-baseline N   the same, for the baselines
// (The core rows start this executable again as their peer: `--serve-core`, `--echo`.)

switch CommandLine.arguments.dropFirst().first {
case "--serve-core":
    serveBenchCore()
    exit(0)
case "--echo":
    serveEcho()
    exit(0)
default:
    break
}

var arguments = Array(CommandLine.arguments.dropFirst())
var jsonPath: String?
var svgPath: String?
var filter: String?
var bencher = Bencher()
var baselines = true
var profileOperations: Int?
var profilesBaselines = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--json" where !arguments.isEmpty: jsonPath = arguments.removeFirst()
    case "--svg" where !arguments.isEmpty: svgPath = arguments.removeFirst()
    case "--filter" where !arguments.isEmpty: filter = arguments.removeFirst()
    case "--no-baseline": baselines = false
    case "--profile" where Int(arguments.first ?? "") != nil: profileOperations = Int(arguments.removeFirst())
    case "--profile-baseline" where Int(arguments.first ?? "") != nil:
        profileOperations = Int(arguments.removeFirst())
        profilesBaselines = true
    case "--quick":
        bencher.samples = 3
        bencher.sampleMillis = 2
    default:
        FileHandle.standardError.write(Data("usage: UndraBench [--json FILE] [--svg FILE] [--filter PREFIX|NAME$] [--quick] [--no-baseline] [--profile N] [--profile-baseline N]\n".utf8))
        exit(2)
    }
}

// The fine-grained rows' baseline is Apple's Observation (iOS 17, macOS 14); the package's
// floors are lower, so the benchmark says what it needs rather than failing to build there.
guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
    FileHandle.standardError.write(Data("UndraBench measures against Observation: macOS 14 or later\n".utf8))
    exit(1)
}
let cases = (trackingCases() + observationBridgeCases()
    + publishingCases() + combineModelCases() + combiningCases() + operatorFamiliesCases()
    + mirrorCases() + storeCases() + generatedStoreCases() + wireCases() + coreCases() + databaseCases())
    .filter { bench in
        guard let filter else { return true }
        return filter.hasSuffix("$") ? bench.name == filter.dropLast() : bench.name.hasPrefix(filter)
    }
if let profileOperations {
    for c in cases { _ = profilesBaselines ? c.theirs?(profileOperations) : c.ours(profileOperations) }
    exit(0)
}
/// Progress on stderr: one line overwritten in place on a terminal, else one line per case.
let progressOnTerminal = isatty(2) != 0
@MainActor func progress(_ line: String) {
    FileHandle.standardError.write(Data((progressOnTerminal ? "\r\u{1B}[K" + line : line + "\n").utf8))
}

/// Measures `c` once: a row whose time (either side's) is below what the harness can measure
/// is an error, not a result.
@MainActor func run(_ c: BenchCase) -> BenchResult {
    let (ours, theirs) = bencher.measure(c.ours, against: baselines ? c.theirs : nil)
    var result = BenchResult(name: c.name, ns: ours, baseline: c.baseline, baselineNs: theirs, goal: c.goal)
    if let tooFast = [("UndraRuntime", ours), (c.baseline, theirs ?? .infinity)].first(where: { $0.1 < measurableFloorNs }) {
        result.error = String(format: "%@ measured %.3f ns/op, below the %g ns floor: nothing measurable was timed",
            tooFast.0, tooFast.1, measurableFloorNs)
    }
    return result
}

var results: [BenchResult] = []
for (index, c) in cases.enumerated() {
    progress("case \(index + 1) of \(cases.count): \(c.name)")
    results.append(run(c))
}
// A missed goal is measured again, its reruns interleaved with the other missed rows', before it
// is called missed: this machine class varies from run to run.
let missedNames = Summary.missed(in: results).map(\.name)
var reruns: [String: [BenchResult]] = [:]
for round in 0..<(missedNames.isEmpty ? 0 : Summary.reruns) {
    for (index, name) in missedNames.enumerated() {
        progress("rerun \(round + 1) of \(Summary.reruns), missed row \(index + 1) of \(missedNames.count): \(name)")
        reruns[name, default: []].append(run(cases.first { $0.name == name }!))
    }
}
if progressOnTerminal && !cases.isEmpty { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
print(Report.table(results))
print()
print(Legend.text(for: results, bencher: bencher))
print()
print(Summary.text(for: results, reruns: reruns))
if let jsonPath {
    try Report.json(results).write(toFile: jsonPath, atomically: true, encoding: .utf8)
}
if let svgPath {
    let day = Date().formatted(.iso8601.year().month().day())
    try Chart.svg(results, title: "UndraBench, \(day): every row against its baseline")
        .write(toFile: svgPath, atomically: true, encoding: .utf8)
}
// The table explains itself or the run fails: every baseline says what it is (CI runs `--quick`).
let undescribed = Legend.undescribed(in: results)
if !undescribed.isEmpty {
    FileHandle.standardError.write(Data("UndraBench: describe these baselines in Legend.swift: \(undescribed)\n".utf8))
    exit(1)
}
