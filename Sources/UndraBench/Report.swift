import Foundation

/// Formats results as the table printed by `UndraBench` and as the `--json` file.
enum Report {
    static func table(_ results: [BenchResult]) -> String {
        var lines = [
            "| case | UndraRuntime ns/op | baseline | baseline ns/op | speedup | goal | met |",
            "|---|---:|---|---:|---:|---|:---:|",
        ]
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for r in results {
            let base = r.baselineNs.map { format($0) } ?? "—"
            let ratio = r.baselineNs.map { String(format: "%.1f×", $0 / r.ns) } ?? "—"
            var goal = "—", met = ""
            if let rowGoal = r.goal { (goal, met) = verdict(of: rowGoal, for: r, in: byName) }
            lines.append("| \(r.name) | \(format(r.ns)) | \(r.baseline) | \(base) | \(ratio) | \(goal) | \(met) |")
        }
        return lines.joined(separator: "\n")
    }

    /// How `goal` reads in the table, and whether this run meets it ("—" when the run lacks
    /// what it compares with: no baseline, or the other row filtered out).
    static func verdict(of goal: Goal, for r: BenchResult, in results: [String: BenchResult]) -> (goal: String, met: String) {
        func met(_ ok: Bool?) -> String { ok.map { $0 ? "yes" : "NO" } ?? "—" }
        switch goal {
        case .speedup(let atLeast):
            return (String(format: "≥ %g× faster", atLeast), met(r.baselineNs.map { $0 / r.ns >= atLeast }))
        case .baselineRatio(let atMost):
            return (String(format: "≤ %g× baseline", atMost), met(r.baselineNs.map { r.ns <= atMost * $0 }))
        case .rowRatio(let atMost, let other):
            return (String(format: "≤ %g× %@", atMost, other), met(results[other].map { r.ns <= atMost * $0.ns }))
        }
    }

    static func json(_ results: [BenchResult]) -> String {
        let rows = results.map { r -> String in
            let base = r.baselineNs.map { String(format: "%.2f", $0) } ?? "null"
            return "  {\"case\": \"\(r.name)\", \"ns\": \(String(format: "%.2f", r.ns)), "
                + "\"baseline\": \"\(r.baseline)\", \"baseline_ns\": \(base)}"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    private static func format(_ ns: Double) -> String {
        if ns < 10 { return String(format: "%.2f", ns) }
        if ns < 1000 { return String(format: "%.1f", ns) }
        return String(format: "%.0f", ns)
    }
}
