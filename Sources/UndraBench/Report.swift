import Foundation

/// Formats results as the table printed by `UndraBench` and as the `--json` file.
enum Report {
    static func table(_ results: [BenchResult]) -> String {
        var lines = [
            "| case | UndraRuntime ns/op | baseline | baseline ns/op | speedup | goal ns/op | met |",
            "|---|---:|---|---:|---:|---:|:---:|",
        ]
        for r in results {
            let base = r.baselineNs.map { format($0) } ?? "—"
            let ratio = r.baselineNs.map { String(format: "%.1f×", $0 / r.ns) } ?? "—"
            var goal = r.goal.map { format($0) } ?? "—"
            var met = r.goal.map { r.ns <= $0 ? "yes" : "NO" } ?? ""
            if let maxRatio = r.maxRatio, let base = r.baselineNs {
                goal = String(format: "≤ %.0f× baseline", maxRatio)
                met = r.ns <= maxRatio * base ? "yes" : "NO"
            }
            lines.append("| \(r.name) | \(format(r.ns)) | \(r.baseline) | \(base) | \(ratio) | \(goal) | \(met) |")
        }
        return lines.joined(separator: "\n")
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
