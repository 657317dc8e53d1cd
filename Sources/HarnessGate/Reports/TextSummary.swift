import ContractModel

/// The short human summary `check` prints: per reader agree / listed / not implemented /
/// unexpected / stale, per family, then what to do about every failure (the exact lines to
/// add or remove, and what to run when a golden input is missing). Every piece a tree or a
/// testee wrote goes through `UntrustedText` (`e`), and the whole text once more.
package enum TextSummary {
    package static func render(_ facts: ReportFacts, examples: Int = 20) -> String {
        UntrustedText.guardLines(body(facts, examples: examples))
    }

    private static func e(_ text: String) -> String { UntrustedText.escape(text) }
    /// A name or a line to type, escaped, in backticks.
    private static func quoted(_ text: String) -> String { "`\(e(text))`" }

    private static func body(_ facts: ReportFacts, examples: Int) -> String {
        let result = facts.result
        var out = "contract-harness check: \(facts.caseCount) cases from \(facts.fixtureCount) fixtures\n\n"
        // The reader column as wide as its longest name.
        let first = max(12, (result.verdicts.map { e($0.reader).count }.max() ?? 0) + 2)
        func row(_ cells: [String]) -> String { Self.row(cells, first: first) }
        out += row(["reader", "verdict", "fields", "features", "agree", "pending", "listed", "not impl.", "unexpected", "stale", "failures"])
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                out += row([e(verdict.reader), "FAIL", "-", String(verdict.entry.features.label()), "-", "-", "-", "-", "-", "-", "-"]) + "    not compared: \(e(reason))\n"
                continue
            }
            out += row([e(verdict.reader), verdict.passed ? "pass" : "FAIL", ConformanceText.percent(verdict.fieldTally.total),
                        String(verdict.entry.features.label()), String(verdict.agreeing), String(verdict.pending.count),
                        String(verdict.listed.count), String(verdict.notImplementedOnly.count),
                        String(verdict.unexpected.count), String(verdict.staleEntries.count), String(verdict.failures)])
        }
        out += "(fields: the share of compared fields that agree, one field on one case; the other columns count cases)\n"
        var far = ""
        for verdict in result.verdicts where verdict.notCompared == nil {
            let total = verdict.fieldTally.total
            if total.agree < total.compared { far += "\(e(verdict.reader)) \(ConformanceText.sentence(verdict))\n" }
            if let unchecked = ConformanceText.unchecked(verdict, code: quoted) { far += "\(e(verdict.reader)) \(unchecked)\n" }
        }
        if !far.isEmpty { out += "\n" + far }
        let skipped = result.verdicts.filter { $0.notCompared == nil && $0.caseCount < facts.caseCount }
        if !skipped.isEmpty {
            out += "\nnot compared (their golden lines are stale or edited, or not recorded for this writer: see below): "
            out += skipped.map { "\(e($0.reader)) \(facts.caseCount - $0.caseCount)" }.joined(separator: ", ") + " cases\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.notImplementedCounts.isEmpty {
            out += "\n\(e(verdict.reader)): not implemented: "
            out += verdict.notImplementedCounts.map { "\(e($0.field)) (\($0.cases) cases)" }.joined(separator: ", ") + "\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.readiness.isEmpty {
            out += "\n\(e(verdict.reader)) (features \(e(verdict.entry.features.label()))): pending, never failing: "
            out += verdict.pendingCounts.isEmpty ? "no field differs" : verdict.pendingCounts.map { "\(e($0.field)) (\($0.cases) cases)" }.joined(separator: ", ")
            out += "\n"
            for revision in verdict.readiness {
                out += "  feature \(e(revision.feature)): " + ReadinessText.sentence(revision, code: e)
                out += (revision.isReady ? ": --testee \(e(verdict.reader))@\(e(verdict.entry.features.label()))+\(e(revision.feature))=…" : "") + "\n"
            }
        }
        let unreferenced = PendingRule().unreferenced
        if !unreferenced.isEmpty {
            out += "\nfeatures the reference does not implement (its fields and questions are pending for every reader): "
                + unreferenced.map(e).joined(separator: ", ") + "\n"
        }
        out += "\nby family (listed/unexpected/pending per reader):\n"
        let compared = result.verdicts.filter { $0.notCompared == nil }
        for family in facts.families {
            var line = "  " + pad(family, 12) + pad(String(facts.byFamily[compared.first?.reader ?? ""]?[family]?.cases ?? 0) + " cases", 12)
            for verdict in compared {
                let count = facts.byFamily[verdict.reader]?[family] ?? ReportFacts.FamilyCount()
                line += pad("\(e(verdict.reader)) \(count.listed)/\(count.unexpected)/\(count.pending)", 18)
            }
            out += line.trimmingTrailingSpaces() + "\n"
        }
        out += usersSee(facts)
        for problem in result.problems { out += "\nFAIL: \(problem)\n" }
        for notice in result.notices { out += "\nnote: \(notice)\n" }
        // (An app's stale recording names its own command; the harness's golden files are refreshed in the harness.)
        if result.freshness.contains(where: { !$0.stale.isEmpty && !$0.golden.inContractFolder }) {
            out += "\none step for all of it: `contract-harness golden refresh` (update, record-kotlin, diff --base HEAD, and the reader deviations left)\n"
        }
        for verdict in result.verdicts where !verdict.passed {
            out += "\nFAIL: \(e(verdict.reader))"
            if let reason = verdict.notCompared {
                out += ": \(e(reason))\n"
                continue
            }
            out += failures(verdict, facts: facts, examples: examples)
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.unusedFields.isEmpty {
            out += "\nnote: \(e(verdict.listFile)): entries naming fields that never differ in their cases (could be narrower):\n"
            for (line, fields) in verdict.unusedFields.sorted(by: { $0.key < $1.key }) {
                out += "  line \(line): \(e(fields.joined(separator: ", ")))\n"
            }
        }
        out += QueueSection.text(result, examples: examples, e: e)
        out += result.passed ? "\nPASS\n" : "\nFAIL\n"
        return out
    }

    /// The deviations on blobs the writer can produce, per reader, and the list entries that
    /// excuse them (each with the state that writes or reaches it): nothing when there are none.
    private static func usersSee(_ facts: ReportFacts) -> String {
        let compared = facts.result.verdicts.filter { $0.notCompared == nil }
        let counts = compared.map { ($0, facts.usersSee($0)) }.filter { $0.1.listed + $0.1.unexpected > 0 }
        guard !counts.isEmpty else { return "" }
        var out = "\nusers see this (deviations on blobs the writer can produce; listed/unexpected):"
        out += counts.map { " \(e($0.0.reader)) \($0.1.listed)/\($0.1.unexpected)" }.joined(separator: ",") + "\n"
        for verdict in compared {
            for (entry, caseId, reach) in facts.reachableEntries(verdict) {
                out += "  \(e(verdict.listFile)) line \(entry.line) (\(e(entry.pattern))): \(e(reach.label)), e.g. \(e(caseId))\n"
            }
        }
        return out
    }

    private static func failures(_ verdict: ReaderVerdict, facts: ReportFacts, examples: Int) -> String {
        var out = ": \(verdict.unexpected.count) unexpected deviations, \(verdict.staleEntries.count) stale list entries\n"
        if let painted = ConformanceText.paintedButMissing(verdict, code: quoted) { out += "  \(painted)\n" }
        let missing = verdict.declaredButMissing
        if !missing.isEmpty {
            out += "  declares \(e(verdict.entry.features.label())) but does not implement all of it: its views leave out "
            out += missing.map { "\(e($0.field)) (\($0.cases) cases)" }.joined(separator: ", ") + "\n"
            out += "  (no list entry excuses that) declare the features it implements (--testee \(e(verdict.reader))@SET=…, a set of schemas/contract.json or features joined with +) or implement the fields\n"
        }
        for deviation in facts.rankedByReach(verdict.unexpected).prefix(examples) {
            let reach = facts.reach(deviation.caseId)
            for (difference, judgement) in zip(deviation.differences, deviation.judgements) where judgement.excusedBy == nil {
                out += "  \(e(deviation.caseId))  \(e(judgement.field)): expected \(e(difference.expected)), got \(e(difference.got))"
                out += reach.isReachable ? "  [\(e(reach.label))]\n" : "\n"
            }
        }
        if verdict.unexpected.count > examples { out += "  … and \(verdict.unexpected.count - examples) more (see --json / explain)\n" }
        if let reason = verdict.notRunReason {
            out += "  \(verdict.notRun.count) cases were never run: \(e(reason)).\n"
            out += "  Fix the reader (its failures before it broke are above); a case it never ran shows nothing a list entry could excuse, so none is suggested for it\n"
        }
        let noView = verdict.unexpected.filter { deviation in
            !verdict.notRun.contains(deviation.caseId)
                && deviation.judgements.contains { $0.excusedBy == nil && FieldScope.outcomes.contains($0.field) }
        }
        if let first = noView.first {
            out += "  \(noView.count) cases have no view (crash or missing) and no [crash]/[missing] entry: "
            if verdict.entry.role == .recorded, let golden = verdict.entry.golden {
                out += "re-record with `\(golden.commandLine)`\n"
            } else {
                out += "run `contract-harness explain \(e(first.caseId)) --testee \(e(verdict.reader))=COMMAND` and fix the reader\n"
            }
        }
        if !verdict.unexpected.isEmpty && verdict.entry.role == .reference {
            out += "  these cases are unchanged since golden/expected was written from the C reference, so the reference itself\n"
            out += "  changed (its code, jansson or the zone data): if that is intended, run `contract-harness golden update` and review\n"
            out += "  `contract-harness golden diff --base HEAD`; otherwise fix the reference. (Never list the reference in \(verdict.listFile).)\n"
        }
        for advice in verdict.advice { out += "  \(e(advice))\n" }
        let suggestions = verdict.suggestedEntries
        if !suggestions.isEmpty {
            out += "  fix the reader, or after review add to \(e(verdict.listFile)) (replace each TODO with the reason; the list refuses it until then):\n"
            for line in suggestions { out += "    \(e(line))\n" }
        }
        if !verdict.staleEntries.isEmpty {
            out += "  remove from \(e(verdict.listFile)) (none of its fields differs any more in the cases it matches):\n"
            for entry in verdict.staleEntries { out += "    line \(entry.line): \(e(entry.text))\n" }
        }
        return out
    }

    private static func row(_ cells: [String], first: Int) -> String {
        let widths = [first, 8, 9]
        return cells.enumerated().map { pad($0.element, $0.offset < widths.count ? widths[$0.offset] : 11) }.joined().trimmingTrailingSpaces() + "\n"
    }

    package static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
