import Foundation

/// Formats results as the table printed by `UndraBench` and as the `--json` file.
enum Report {
    static func table(_ results: [BenchResult]) -> String {
        var lines = [
            "| case | UndraRuntime ns/op | baseline | baseline ns/op | speedup | goal | met |",
            "|---|---:|---|---:|---:|---|:---:|",
        ]
        let byName = index(results)
        for r in results {
            if let error = r.error {
                lines.append("| \(r.name) | ERROR | \(r.baseline) | — | — | \(error) | NO |")
                continue
            }
            let base = r.baselineNs.map { format($0) } ?? "—"
            let ratio = ratioText(r)
            var goal = "—", met = ""
            if let rowGoal = r.goal {
                let verdict = verdict(of: rowGoal, for: r, in: byName)
                goal = verdict.goal
                met = verdict.met.map { $0 ? "yes" : "NO" } ?? "—"
            }
            lines.append("| \(r.name) | \(format(r.ns)) | \(r.baseline) | \(base) | \(ratio) | \(goal) | \(met) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The row's speedup as the table prints it.
    static func ratioText(_ r: BenchResult) -> String {
        r.speedup.map { String(format: "%.1f×", $0) } ?? "—"
    }

    /// The results by case name, for goals that compare with another row.
    static func index(_ results: [BenchResult]) -> [String: BenchResult] {
        Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// How `goal` reads, and whether this run meets it (nil when the run lacks what it compares
    /// with: no baseline, or the other row filtered out).
    static func verdict(of goal: Goal, for r: BenchResult, in results: [String: BenchResult]) -> (goal: String, met: Bool?) {
        switch goal {
        case .speedup(let atLeast):
            return (String(format: "≥ %g× faster", atLeast), r.speedup.map { $0 >= atLeast })
        case .baselineRatio(let atMost):
            return (String(format: "≤ %g× baseline", atMost), r.baselineNs.map { r.ns <= atMost * $0 })
        case .rowRatio(let atMost, let other):
            return (String(format: "≤ %g× %@", atMost, other), results[other].map { r.ns <= atMost * $0.ns })
        }
    }

    /// The rows as JSON: `[{"case", "ns", "baseline", "baseline_ns", "goal", "met"}]` (`goal` and
    /// `met` null when the row has no goal, or the run cannot judge it; `met` false for an error row).
    static func json(_ results: [BenchResult]) -> String {
        let byName = index(results)
        let rows = results.map { r -> String in
            let base = r.baselineNs.map { String(format: "%.2f", $0) } ?? "null"
            let judged = r.goal.map { verdict(of: $0, for: r, in: byName) }
            let goal = judged.map { "\"\($0.goal)\"" } ?? "null"
            let met = r.error != nil ? "false" : judged?.met.map { $0 ? "true" : "false" } ?? "null"
            return "  {\"case\": \"\(r.name)\", \"ns\": \(String(format: "%.2f", r.ns)), "
                + "\"baseline\": \"\(r.baseline)\", \"baseline_ns\": \(base), \"goal\": \(goal), \"met\": \(met)}"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    private static func format(_ ns: Double) -> String {
        if ns < 10 { return String(format: "%.2f", ns) }
        if ns < 1000 { return String(format: "%.1f", ns) }
        return String(format: "%.0f", ns)
    }
}
