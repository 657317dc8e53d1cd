import ContractModel
import HarnessCorpus

/// The queue contract's section of every report (CONTRACT.md §10): per end its features, cases,
/// agreement, listed and unexpected findings, stale entries and — a kind of its own — data loss;
/// then what to do about each failure. Built once here as plain facts; each report format
/// escapes them its own way.
package enum QueueSection {
    /// The facts of one end's row.
    package struct Row: Sendable {
        package var name: String
        package var role: String
        package var declaration: String
        package var cases: Int
        package var roundTrip: Int
        package var agree: Int
        package var listed: Int
        package var unexpected: Int
        package var stale: Int
        package var dataLoss: Int
    }

    package static func rows(_ queue: QueueGateResult) -> [Row] {
        queue.verdicts.map { verdict in
            Row(name: verdict.end.name, role: verdict.end.role.rawValue, declaration: verdict.end.declaration,
                cases: verdict.cases, roundTrip: verdict.roundTripCases, agree: verdict.agree, listed: verdict.listed.count,
                unexpected: verdict.unexpected.count, stale: verdict.stale.count,
                dataLoss: verdict.findings.filter { $0.kind == .dataLoss }.count)
        }
    }


    /// One line per finding kind an end's unexpected findings have, for the summary.
    package static func byKind(_ findings: [QueueFinding]) -> [(kind: QueueFinding.Kind, count: Int)] {
        QueueFinding.Kind.allCases.compactMap { kind in
            let count = findings.filter { $0.kind == kind }.count
            return count == 0 ? nil : (kind, count)
        }
    }

    /// The list lines to add after review for an end's unexpected findings: one per case, with its
    /// kinds, and a reason that the list refuses until someone writes why.
    package static func suggestions(_ verdict: QueueEndVerdict) -> [String] {
        var kindsByCase: [(caseId: String, kinds: [QueueFinding.Kind])] = []
        for finding in verdict.unexpected {
            if let index = kindsByCase.firstIndex(where: { $0.caseId == finding.caseId }) {
                if !kindsByCase[index].kinds.contains(finding.kind) { kindsByCase[index].kinds.append(finding.kind) }
            } else {
                kindsByCase.append((finding.caseId, [finding.kind]))
            }
        }
        return kindsByCase.map { "\($0.caseId)  [\($0.kinds.map(\.rawValue).joined(separator: ","))]  TODO: why \(verdict.end.name) differs here" }
    }

    /// The plain-text section (`check`'s summary).
    package static func text(_ result: GateResult, examples: Int = 20, e: (String) -> String) -> String {
        guard let queue = result.queue else { return "\nnote: \(e(result.queueLeftOut))\n" }
        var out = "\ntap queue (CONTRACT.md §10): \(queue.writerCases) writer cases, \(queue.drainCases) drain cases, \(queue.roundTripCases) snapshot cases with taps (round trip)\n"
        out += pad(["end", "role", "features", "cases", "agree", "listed", "unexpected", "stale", "data loss"])
        for row in rows(queue) {
            out += pad([e(row.name), row.role, e(row.declaration), row.roundTrip > 0 ? "\(row.cases)+\(row.roundTrip)" : String(row.cases),
                        String(row.agree), String(row.listed), String(row.unexpected), String(row.stale), String(row.dataLoss)])
        }
        let loss = queue.dataLoss
        out += "\ndata loss (taps that never apply, stored values thrown away): "
        if loss.isEmpty {
            out += "none\n"
        } else {
            out += "\(loss.count) (\(loss.filter { !$0.listed }.count) unexpected, \(loss.filter(\.listed).count) listed)\n"
            for item in loss.prefix(examples) {
                out += "  \(e(item.end))  \(e(item.finding.caseId))  \(e(item.finding.message))\(item.listed ? "  (listed)" : "")\n"
            }
            if loss.count > examples { out += "  … \(loss.count - examples) more\n" }
        }
        for problem in queue.problems { out += "\nFAIL: tap queue: \(e(problem))\n" }
        for notice in queue.notices { out += "\nnote: tap queue: \(e(notice))\n" }
        for verdict in queue.verdicts where !verdict.passed {
            out += "\nFAIL: queue \(verdict.end.role.rawValue) \(e(verdict.end.name)): \(verdict.unexpected.count) unexpected findings (\(byKind(verdict.unexpected).map { "\($0.kind.title) \($0.count)" }.joined(separator: ", "))), \(verdict.stale.count) stale list entries\n"
            for finding in verdict.unexpected.prefix(examples) {
                out += "  \(e(finding.caseId))  \(finding.kind.title): \(e(finding.message))\n"
            }
            if verdict.unexpected.count > examples { out += "  … \(verdict.unexpected.count - examples) more\n" }
            let suggested = suggestions(verdict)
            if !suggested.isEmpty {
                out += "  fix the end, or after review add to \(verdict.end.listFile) (replace each TODO with the reason; the list refuses it until then):\n"
                for line in suggested.prefix(examples) { out += "    \(e(line))\n" }
                if suggested.count > examples { out += "    … \(suggested.count - examples) more\n" }
            }
            for entry in verdict.stale {
                out += "  stale: \(verdict.end.listFile):\(entry.line) (\(e(entry.pattern))) excuses nothing: remove it\n"
            }
        }
        return out
    }

    private static func pad(_ cells: [String]) -> String {
        let widths = [10, 8, 44, 10, 8, 8, 12, 7, 9]
        return zip(cells, widths).map { cell, width in cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count) }
            .joined().trimmingTrailingSpaces() + "\n"
    }
}
