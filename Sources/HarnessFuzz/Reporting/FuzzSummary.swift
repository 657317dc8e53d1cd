import Foundation
import HarnessGate

/// The final text of a fuzz run: cases and time, throughput per reader, peak memory, and
/// the disagreements by signature — a count and one example each (its shrink result and
/// where its finding is), never one line per disagreement.
package enum FuzzSummary {
    /// `notes`: lines the command adds about how it judged (a testee's declared platform).
    package static func render(_ report: FuzzReport, findingsFolder: String?, notes: [String] = []) -> String {
        var text = "fuzz seed \(report.seed), shard \(report.shard), jobs \(report.jobs): "
        text += "\(report.cases) cases in \(seconds(report.elapsed)) (\(rate(Double(report.cases), report.elapsed)) cases/s end to end)"
        text += report.interrupted ? ", interrupted\n" : "\n"
        text += "  " + TextSummary.pad("reader", 12) + TextSummary.pad("cases/s", 10) + "decoding time\n"
        for (name, spent) in report.readerSeconds {
            text += "  " + TextSummary.pad(name, 12) + TextSummary.pad(rate(Double(report.cases), spent), 10) + seconds(spent) + "\n"
        }
        text += "  " + TextSummary.pad("generation", 12) + TextSummary.pad(rate(Double(report.cases), report.generationSeconds), 10)
        text += seconds(report.generationSeconds) + "; shrinking " + seconds(report.shrinkSeconds) + "\n"
        if let peak = ResidentMemory.peak { text += "  peak resident set " + ResidentMemory.megabytes(peak) + "\n" }
        for note in notes { text += "  \(note)\n" }
        if !report.excused.isEmpty {
            text += "  declared departures (CONTRACT.md §5), not findings: "
            text += report.excused.keys.sorted().map { "\($0) \(report.excused[$0]!)" }.joined(separator: ", ") + "\n"
        }
        for key in report.borrowed.keys.sorted() {
            let (count, first, example) = report.borrowed[key]!
            let (reader, departure) = (key.split(separator: " ")[0], example.departure.rawValue)
            text += "  \(reader) borrows \(departure), findings: \(count) \(count == 1 ? "case differs" : "cases differ") as \(departure) would excuse "
                + "but \(count == 1 ? "reads" : "read") the field unlike \(example.platformReader), the project's reader on the platform \(reader)'s list declares "
                + "(e.g. #\(first) \(example.field)); a departure excuses only what that platform itself does (CONTRACT.md §5)\n"
        }
        for name in report.unanswered.keys.sorted() {
            let count = report.unanswered[name]!
            text += "  the time budget ran out while \(name) had a batch: its last \(count) \(count == 1 ? "case was" : "cases were") not compared "
                + "(what it answered was judged: \(report.judged[name, default: 0]) cases in all)\n"
        }
        if let broken = report.broken {
            text += "  the run stopped, a testee is \(broken.reason) (\(broken.casesNotRun) in that batch: not compared, no findings)\n"
        }
        if !report.notImplemented.isEmpty {
            text += "  not implemented (fields left out of the views), not findings: "
            text += report.notImplemented.keys.sorted().map { "\($0) \(report.notImplemented[$0]!)" }.joined(separator: ", ") + "\n"
        }
        for name in report.unjudged {
            text += "FAIL: \(name) was judged on none of the \(report.cases) cases "
                + (report.unanswered[name] != nil ? "(it answered none before the time budget ran out)" : "(it ran none)")
                + ": a run that did not judge a reader it was given does not pass; give it more time (--seconds, --start-timeout) or fix it\n"
        }
        guard report.disagreements > 0 else {
            return text + (report.broken == nil && report.unjudged.isEmpty ? "no disagreement.\n" : "no disagreement in the cases compared.\n")
        }
        text += "\(report.disagreements) disagreements, \(report.signatures.count) signatures, \(report.entries.count) settled"
        let cutShort = report.entries.filter { $0.shrinking == .stopped }.count
        text += cutShort > 0 ? " (\(cutShort) cut short by the time budget): " : ": "
        if let findingsFolder {
            text += "\(report.newFindings) new findings saved in \(findingsFolder), \(report.knownFindings) already saved there\n"
        } else {
            text += "nothing saved (--no-save)\n"
        }
        // One line per signature: how often, and its first settled case as the example.
        for signature in report.signatures {
            let tally = report.tallies[signature]!
            let settled = report.entries.filter { $0.disagreement.signature == signature }
            text += "  \(signature)  \(tally.count) " + (tally.count == 1 ? "case" : "cases")
            guard let entry = settled.first else {
                text += ", first #\(tally.firstIndex), not shrunk\n"
                continue
            }
            if settled.count > 1 { text += ", \(settled.count) shrunk" }
            text += "; e.g. #\(entry.index) \(entry.originalSize) → \(entry.shrunkSize) bytes"
            switch entry.shrinking {
            case .complete: text += " (\(entry.shrinkEvaluations) candidates)"
            case .budgetSpent: text += " (shrink budget spent after \(entry.shrinkEvaluations) candidates)"
            case .stopped: text += " (shrinking stopped after \(entry.shrinkEvaluations) candidates)"
            case .notStarted: text += " (unshrunk: the time was up)"
            }
            switch entry.outcome {
            case .saved(let file)?: text += "  saved \(file)"
            case .alreadySaved(let file)?: text += "  same as \(file)"
            case nil: break
            }
            text += "\n"
        }
        return text
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    static func rate(_ count: Double, _ seconds: Double) -> String {
        seconds > 0 ? String(Int((count / seconds).rounded())) : "-"
    }
}
