import Foundation

/// The final text of a fuzz run: cases and time, throughput per reader, and every
/// disagreement with its shrink result and where its finding is.
public enum FuzzSummary {
    /// At most this many disagreement lines; the rest are counted.
    public static let listed = 40

    public static func render(_ report: FuzzReport, findingsFolder: String?) -> String {
        var text = "fuzz seed \(report.seed), shard \(report.shard), jobs \(report.jobs): "
        text += "\(report.cases) cases in \(seconds(report.elapsed)) (\(rate(Double(report.cases), report.elapsed)) cases/s end to end)"
        text += report.interrupted ? ", interrupted\n" : "\n"
        text += "  " + TextSummary.pad("reader", 12) + TextSummary.pad("cases/s", 10) + "decoding time\n"
        for (name, spent) in report.readerSeconds {
            text += "  " + TextSummary.pad(name, 12) + TextSummary.pad(rate(Double(report.cases), spent), 10) + seconds(spent) + "\n"
        }
        text += "  " + TextSummary.pad("generation", 12) + TextSummary.pad(rate(Double(report.cases), report.generationSeconds), 10)
        text += seconds(report.generationSeconds) + "; shrinking " + seconds(report.shrinkSeconds) + "\n"
        guard !report.entries.isEmpty else { return text + "no disagreement.\n" }
        text += "\(report.entries.count) disagreements (\(report.signatures.count) signatures): "
        if let findingsFolder {
            text += "\(report.newFindings) new findings saved in \(findingsFolder), \(report.knownFindings) already saved there\n"
        } else {
            text += "nothing saved (--no-save)\n"
        }
        for entry in report.entries.prefix(listed) {
            text += "  #\(entry.index) \(entry.disagreement.signature)  \(entry.originalSize) → \(entry.shrunkSize) bytes"
            text += " (\(entry.shrinkEvaluations) candidates)"
            switch entry.outcome {
            case .saved(let file)?: text += "  saved \(file)"
            case .alreadySaved(let file)?: text += "  same as \(file)"
            case nil: break
            }
            text += "\n"
        }
        if report.entries.count > listed { text += "  … and \(report.entries.count - listed) more\n" }
        return text
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    static func rate(_ count: Double, _ seconds: Double) -> String {
        seconds > 0 ? String(Int((count / seconds).rounded())) : "-"
    }
}
