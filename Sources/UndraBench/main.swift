import Foundation

// UndraBench: every case measured for UndraRuntime and for its baseline in the same run.
//   swift run -c release UndraBench                 the table
//   swift run -c release UndraBench --json FILE     the table, and the rows as JSON in FILE
//   swift run -c release UndraBench --filter PREFIX only the cases whose name starts with PREFIX
//   swift run -c release UndraBench --quick         fewer, shorter samples (a smoke run)
//   swift run -c release UndraBench --no-baseline   UndraRuntime only
//   swift run -c release UndraBench --profile N     UndraRuntime only, exactly N operations per
//                                                   case, untimed (for callgrind and perf)

var arguments = Array(CommandLine.arguments.dropFirst())
var jsonPath: String?
var filter: String?
var bencher = Bencher()
var baselines = true
var profileOperations: Int?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--json" where !arguments.isEmpty: jsonPath = arguments.removeFirst()
    case "--filter" where !arguments.isEmpty: filter = arguments.removeFirst()
    case "--no-baseline": baselines = false
    case "--profile" where Int(arguments.first ?? "") != nil: profileOperations = Int(arguments.removeFirst())
    case "--quick":
        bencher.samples = 3
        bencher.sampleMillis = 2
    default:
        FileHandle.standardError.write(Data("usage: UndraBench [--json FILE] [--filter PREFIX] [--quick] [--no-baseline] [--profile N]\n".utf8))
        exit(2)
    }
}

let cases = (trackingCases() + observationBridgeCases() + publishingCases() + mirrorCases() + storeCases())
    .filter { filter == nil || $0.name.hasPrefix(filter!) }
if let profileOperations {
    for c in cases { _ = c.ours(profileOperations) }
    exit(0)
}
var results: [BenchResult] = []
for c in cases {
    let ours = bencher.measure(c.ours)
    let theirs = baselines ? c.theirs.map { bencher.measure($0) } : nil
    let result = BenchResult(name: c.name, ns: ours, baseline: c.baseline, baselineNs: theirs, goal: c.goal)
    results.append(result)
    FileHandle.standardError.write(Data("\(c.name): \(ours) ns\n".utf8))
}
print(Report.table(results))
if let jsonPath {
    try Report.json(results).write(toFile: jsonPath, atomically: true, encoding: .utf8)
}
