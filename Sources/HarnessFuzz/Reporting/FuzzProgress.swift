import Foundation

/// A snapshot of a running fuzz run, and its two renderings: a redrawn status line with a
/// bar for a terminal, and plain periodic lines for logs (CI output is not a TTY).
package struct FuzzProgress: Sendable {
    package var cases: Int
    package var plannedCases: Int?
    package var elapsed: Double
    package var plannedSeconds: Double?
    package var disagreements: Int
    package var newFindings: Int
    /// What the run is doing when not generating cases (`shrinking #123 c/swift parse, 96 candidates`).
    package var phase: String?
    /// This process's resident set now, when known (read when a line is rendered).
    package var residentBytes: Int? { ResidentMemory.current }

    package init(cases: Int, plannedCases: Int?, elapsed: Double, plannedSeconds: Double?, disagreements: Int,
                 newFindings: Int, phase: String?) {
        self.cases = cases
        self.plannedCases = plannedCases
        self.elapsed = elapsed
        self.plannedSeconds = plannedSeconds
        self.disagreements = disagreements
        self.newFindings = newFindings
        self.phase = phase
    }

    package var casesPerSecond: Double { elapsed > 0 ? Double(cases) / elapsed : 0 }

    /// 0…1 when the end is known.
    package var fraction: Double? {
        if let plannedCases, plannedCases > 0 { return min(1, Double(cases) / Double(plannedCases)) }
        if let plannedSeconds, plannedSeconds > 0 { return min(1, elapsed / plannedSeconds) }
        return nil
    }

    /// `[########------------]  40%  12 345 cases  20 583/s  findings 0 (0 new)  0:12`
    package var terminalLine: String {
        var line = ""
        if let fraction {
            let width = 24
            let filled = Int((fraction * Double(width)).rounded(.down))
            line += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            line += Self.pad(String(Int((fraction * 100).rounded(.down))) + "%", 4) + "  "
        }
        line += "\(cases) cases  \(Int(casesPerSecond.rounded()))/s  disagreements \(disagreements) (\(newFindings) new findings)  "
        line += Self.clock(elapsed)
        if let phase { line += "  " + phase }
        return line
    }

    /// `fuzz: 12345 cases, 20583 cases/s, 0 disagreements, 0 new findings, 12.0 s elapsed`
    package var logLine: String {
        var line = "fuzz: \(cases)"
        if let plannedCases { line += "/\(plannedCases)" }
        line += " cases, \(Int(casesPerSecond.rounded())) cases/s, \(disagreements) disagreements, \(newFindings) new findings, "
        line += String(format: "%.1f", elapsed) + " s elapsed"
        if let plannedSeconds { line += " of " + String(format: "%.0f", plannedSeconds) }
        if let residentBytes { line += ", rss " + ResidentMemory.megabytes(residentBytes) }
        if let phase { line += "; " + phase }
        return line
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        let rest = whole % 60
        return "\(whole / 60):" + (rest < 10 ? "0" : "") + String(rest)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
