/// The closing lines of `UndraBench`'s output: how many goals the run met, which it missed, and
/// whether a miss is within the run-to-run spread (a rerun of the row met its goal).
enum Summary {
    /// How many times a missed row is measured again.
    static let reruns = 3

    /// The rows whose goal this run judged and did not meet, or that are errors.
    static func missed(in results: [BenchResult]) -> [BenchResult] {
        let byName = Report.index(results)
        return results.filter { r in
            r.error != nil || r.goal.map { Report.verdict(of: $0, for: r, in: byName).met == false } == true
        }
    }

    /// What the run measured, in the goal's own terms.
    private static func measured(_ r: BenchResult, in results: [String: BenchResult]) -> String {
        switch r.goal {
        case .baselineRatio?: r.baselineNs.map { String(format: "%.2f× baseline", r.ns / $0) } ?? "—"
        case .rowRatio(_, let other)?: results[other].map { String(format: "%.2f× %@", r.ns / $0.ns, other) } ?? "—"
        default: Report.ratioText(r) + " faster"
        }
    }

    static func text(for results: [BenchResult], reruns: [String: [BenchResult]]) -> String {
        let byName = Report.index(results)
        let judged = results.filter { r in r.goal.map { Report.verdict(of: $0, for: r, in: byName).met != nil } == true }
        let errors = results.filter { $0.error != nil }
        let missed = missed(in: results).filter { $0.error == nil }
        let met = judged.filter { $0.error == nil && Report.verdict(of: $0.goal!, for: $0, in: byName).met == true }
        var lines = ["Summary: \(met.count) of \(judged.count) goals met, \(errors.count) error row\(errors.count == 1 ? "" : "s")."]
        for r in missed {
            let goal = Report.verdict(of: r.goal!, for: r, in: byName).goal
            let reran = reruns[r.name] ?? []
            let metOnRerun = reran.filter { rerun in
                var rerunIndex = byName
                rerunIndex[r.name] = rerun
                return Report.verdict(of: r.goal!, for: rerun, in: rerunIndex).met == true
            }.count
            let spread = metOnRerun > 0
                ? "within run-to-run spread: \(metOnRerun) of \(reran.count) reruns met it"
                : "missed: none of \(reran.count) reruns met it"
            lines.append("- \(r.name): goal \(goal) not met (\(measured(r, in: byName))); \(spread)")
        }
        for r in errors {
            lines.append("- \(r.name): ERROR, \(r.error!)")
        }
        return lines.joined(separator: "\n")
    }
}
