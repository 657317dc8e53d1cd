import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// The text `fuzz states` prints: the rate, the findings, and the reach of each departure
/// of CONTRACT.md §5 (blobs carrying its cause, from in-app states and from writer-only ones,
/// with the shrunk witness state). State lines are shown as the writer reads them (escaped).
package enum WriterFuzzSummary {
    package static func render(_ report: WriterFuzzReport, jobs: Int) -> String {
        var out = "fuzz states: seed \(report.seed), \(report.states) states (\(report.inAppStates) the app can hold), "
        out += "\(report.cases) cases, \(String(format: "%.2f", report.elapsed)) s at --jobs \(jobs)\n"
        let wall = report.elapsed > 0 ? Double(report.states) / report.elapsed : 0
        out += "rate: \(String(format: "%.0f", wall)) states/s"
        if let perCore = report.statesPerCoreSecond, let writer = report.writerCPUSeconds {
            out += ", \(String(format: "%.0f", perCore)) states per CPU second (harness \(String(format: "%.2f", report.harnessCPUSeconds)) s"
            out += " + writer \(String(format: "%.2f", writer)) s CPU)"
        }
        out += "; waiting on the writer \(String(format: "%.2f", report.writerWallSeconds)) s\n"
        if let declared = report.writerRevision {
            out += "writer at revision \(declared): \(report.pendingStates) in-app states of a later revision pending (read, not judged)\n"
        }
        if let broken = report.brokenWriter { out += "the writer broke: \(broken)\n" }
        if report.unansweredStates > 0 {
            out += "the time budget ran out while the writer had \(report.unansweredStates) states of a batch: not judged (what it answered was)\n"
        }
        if report.judgedNothing {
            out += "FAIL: no state was judged: the writer answered none within the budget; give it more time (--seconds, --start-timeout) or fix it\n"
        }
        out += WriterKotlinSummary.lines(report)
        out += "departures the writer reaches (blobs carrying the cause: in-app + writer-only states):\n"
        for departure in ContractDeparture.allCases {
            let reach = report.reach[departure]
            out += "  \(departure.name): \(reach?.inApp ?? 0) + \(reach?.outsideApp ?? 0)"
            if let witness = reach?.witness {
                out += ", witness \(witness.inApp ? "in app" : "writer only") (state \(reach?.witnessIndex ?? 0), shrunk): "
                out += String(decoding: AppStateLine.line(witness), as: UTF8.self)
            }
            out += "\n"
        }
        out += "disagreements: \(report.disagreements)\n"
        for (signature, count) in report.disagreementsBySignature.sorted(by: { $0.key < $1.key }) {
            out += "  \(signature): \(count)\n"
        }
        for entry in report.entries {
            let file: String
            switch entry.outcome {
            case .saved(let name)?: file = "saved \(name)"
            case .alreadySaved(let name)?: file = "already saved as \(name)"
            case nil: file = "not saved"
            }
            out += "finding #\(entry.index) \(entry.disagreement.signature): expected \(entry.disagreement.difference.expected), "
            out += "got \(entry.disagreement.difference.got) (\(entry.shrinkEvaluations) candidates, \(file))\n"
            out += "  state: " + String(decoding: AppStateLine.line(entry.shrunkState), as: UTF8.self) + "\n"
        }
        return out
    }
}
