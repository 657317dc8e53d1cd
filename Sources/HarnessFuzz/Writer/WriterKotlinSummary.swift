import Foundation

/// The lines `fuzz states --kotlin` adds to the summary: the Kotlin end at its own pace
/// (cases, wall and CPU seconds, kept apart from the `rate:` line's in-process figures, with
/// the in-process rate once its wait is taken out), what was excused on the run's cases and by
/// what, and whether it broke.
enum WriterKotlinSummary {
    static func lines(_ report: WriterFuzzReport) -> String {
        guard let pace = report.kotlin else { return "" }
        let rate = pace.wallSeconds > 0 ? Double(pace.cases) / pace.wallSeconds : 0
        var out = "the Kotlin end at its own pace: \(pace.cases) cases read (\(pace.runCases) of the run's states, "
        out += "\(pace.cases - pace.runCases) of shrink candidates) in \(String(format: "%.2f", pace.wallSeconds)) s wall, \(String(format: "%.0f", rate)) cases/s"
        if let cpu = pace.cpuSeconds { out += ", \(String(format: "%.2f", cpu)) s CPU" }
        out += " (+ harness \(String(format: "%.2f", pace.harnessCPUSeconds)) s CPU for it)"
        out += ", \(pace.starts) start\(pace.starts == 1 ? "" : "s")"
        let inProcess = report.elapsed - pace.wallSeconds
        if inProcess > 0 { out += "; without waiting on it \(String(format: "%.0f", Double(report.states) / inProcess)) states/s" }
        out += "\n"
        let excused = pace.excused.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        out += "  kotlin, on the run's cases: excused \(excused.isEmpty ? "none" : excused.joined(separator: ", ")); "
        out += "pending \(pace.pendingCases); not implemented \(pace.notImplementedCases)\n"
        if let broken = pace.broken { out += "the Kotlin end broke: \(broken) (the states after were not read by it)\n" }
        if pace.abandoned { out += "the Kotlin end had a batch when the time ran out: its cases were not compared\n" }
        return out
    }
}
