import Foundation

/// Draws a run as an SVG chart (`UndraBench --svg FILE`): one bar per row, from 1× to the row's
/// speedup over its baseline, on a log scale; green where the row's goal is met, red (and
/// marked) where it is missed, grey where the row has no goal or the run cannot judge it. A
/// tick marks where a goal against the baseline lies on the scale.
enum Chart {
    private static let rowHeight = 20.0
    private static let top = 84.0
    private static let plotLeft = 310.0
    private static let plotWidth = 500.0
    private static let width = 1_060.0

    private static let met = "#2e7d32", missed = "#c62828", noGoal = "#9e9e9e"

    static func svg(_ results: [BenchResult], title: String) -> String {
        let byName = Report.index(results)
        let decades = results.compactMap(\.speedup).filter { $0.isFinite && $0 > 0 }.map(log10)
        // Whole decades around the data, at least 0.1× to 10×.
        let low = min(-1, (decades.min() ?? 0).rounded(.down))
        let high = max(1, (decades.max() ?? 0).rounded(.up))
        func x(_ speedup: Double) -> Double { plotLeft + (log10(speedup) - low) / (high - low) * plotWidth }
        let bottom = top + Double(results.count) * rowHeight

        var svg = [
            element("svg", [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", width), ("height", bottom + 30),
                ("font-family", "Menlo, Consolas, monospace"), ("font-size", 12),
            ], open: true),
            element("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")]),
            text(title, x: 10, y: 22, [("font-size", 15), ("font-weight", "bold")]),
            text(
                "speedup = baseline ÷ UndraRuntime, same run, log scale (ratios carry across machines, nanoseconds do not)",
                x: 10, y: 42),
        ]
        // The key.
        var keyX = 10.0
        for (color, label) in [(met, "goal met"), (missed, "goal missed ✗"), (noGoal, "no goal")] {
            svg.append(element("rect", [("x", keyX), ("y", 52), ("width", 12), ("height", 12), ("fill", color)]))
            svg.append(text(label, x: keyX + 16, y: 62))
            keyX += 16 + Double(label.count) * 7.5 + 18
        }
        svg.append(line(x: keyX, from: 51, to: 65, [("stroke", "black"), ("stroke-width", 2)]))
        svg.append(text("the goal, where it is a ratio to the baseline", x: keyX + 6, y: 62))

        // One grid line per decade; 1× stronger.
        for decade in Int(low)...Int(high) {
            let gridX = x(pow(10, Double(decade)))
            let stroke: [(String, Any)] = decade == 0 ? [("stroke", "#444"), ("stroke-width", 1.5)] : [("stroke", "#ddd")]
            svg.append(line(x: gridX, from: top - 6, to: bottom, stroke))
            for labelY in [top - 10, bottom + 16] {
                svg.append(text(decadeLabel(decade), x: gridX, y: labelY, [("text-anchor", "middle"), ("fill", "#555")]))
            }
        }

        for (row, result) in results.enumerated() {
            let y = top + Double(row) * rowHeight
            if row.isMultiple(of: 2) {
                svg.append(element("rect", [
                    ("x", 0), ("y", y), ("width", width), ("height", rowHeight), ("fill", "#f3f3f3"),
                ]))
            }
            svg.append(text(result.name, x: plotLeft - 10, y: y + 14, [("text-anchor", "end")]))
            guard let speedup = result.speedup, speedup.isFinite, speedup > 0 else {
                svg.append(text("no baseline in this run", x: x(1) + 6, y: y + 14, [("fill", "#777")]))
                continue
            }
            let verdict = result.goal.map { Report.verdict(of: $0, for: result, in: byName) }
            let color = verdict?.met.map { $0 ? met : missed } ?? noGoal
            let (from, to) = (min(x(1), x(speedup)), max(x(1), x(speedup)))
            svg.append(element("rect", [
                ("x", from), ("y", y + 4), ("width", max(1, to - from)), ("height", 12), ("fill", color),
            ]))
            if let goal = result.goal, let target = speedupTarget(of: goal) {
                svg.append(line(x: x(target), from: y + 1, to: y + rowHeight - 1, [("stroke", "black"), ("stroke-width", 2)]))
            }
            var label = String(format: "%.3g×", speedup)
            if let verdict, verdict.met == false { label += "  ✗ goal: \(verdict.goal)" }
            svg.append(text(label, x: to + 6, y: y + 14, verdict?.met == false ? [("fill", missed)] : []))
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// Where a goal lies on the speedup scale, if it is a ratio to the row's baseline.
    private static func speedupTarget(of goal: Goal) -> Double? {
        switch goal {
        case .speedup(let atLeast): atLeast
        case .baselineRatio(let atMost): 1 / atMost
        case .rowRatio: nil
        }
    }

    private static func decadeLabel(_ decade: Int) -> String {
        decade >= 0 ? "\(Int(pow(10, Double(decade))))×" : String(format: "%g×", pow(10, Double(decade)))
    }

    /// `<name a="…" …/>` (or only opened); numbers are written with at most two decimals.
    private static func element(_ name: String, _ attributes: [(String, Any)], open: Bool = false) -> String {
        let written = attributes.map { name, value -> String in
            let text = (value as? Double).map { String(format: "%.2f", $0) } ?? "\(value)"
            return " \(name)=\"\(escaped(text))\""
        }
        return "<\(name)\(written.joined())\(open ? ">" : "/>")"
    }

    private static func line(x: Double, from top: Double, to bottom: Double, _ style: [(String, Any)]) -> String {
        element("line", [("x1", x), ("y1", top), ("x2", x), ("y2", bottom)] + style)
    }

    private static func text(_ string: String, x: Double, y: Double, _ attributes: [(String, Any)] = []) -> String {
        element("text", [("x", x), ("y", y)] + attributes, open: true) + escaped(string) + "</text>"
    }

    private static func escaped(_ string: String) -> String {
        string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
