/// `check --markdown FILE`: a pull-request comment or CI job summary — the verdict and
/// the counts first, then at most a few examples per reader, and the suggested list lines
/// (collapsed) so a reviewer sees every field and pattern, not only the first examples.
/// Everything a tree or a testee wrote (ids, fields, values, reasons, problems) goes in a
/// code span or block (`MarkdownText`): none of it renders as Markdown or HTML.
package enum MarkdownReport {
    package static func render(_ facts: ReportFacts, examples: Int = 10) -> String {
        let result = facts.result
        var out = "## Widget snapshot contract: \(result.passed ? "✅ pass" : "❌ fail")\n\n"
        out += "\(facts.caseCount) cases from \(facts.fixtureCount) fixtures. *Fields agreeing*: the share of compared fields (one field on one case) equal to the expected view; the other counts are cases.\n\n"
        out += "| reader | verdict | fields agreeing | features | cases agreeing | pending | listed | not implemented | unexpected | stale entries | failures |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                out += "| \(MarkdownText.plain(verdict.reader)) | ❌ fail | — | \(verdict.entry.features.label()) | — | — | — | — | — | — | not compared: \(MarkdownText.cell(reason)) |\n"
            } else {
                let share = ConformanceText.markdown(ConformanceText.percent(verdict.fieldTally.total))
                out += "| \(MarkdownText.plain(verdict.reader)) | \(verdict.passed ? "✅ pass" : "❌ fail") | \(share == "100 %" ? share : "**\(share)**") | \(verdict.entry.features.label()) | \(verdict.agreeing) | \(verdict.pending.count) | \(verdict.listed.count) | \(verdict.notImplementedOnly.count) | \(verdict.unexpected.count) | \(verdict.staleEntries.count) | \(verdict.failures) |\n"
            }
        }
        for verdict in result.verdicts where verdict.notCompared == nil && verdict.fieldTally.total.agree < verdict.fieldTally.total.compared {
            out += "\n**\(MarkdownText.plain(verdict.reader))** " + ConformanceText.sentence(verdict, strong: { "**\(ConformanceText.markdown($0))**" }) + "\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil {
            guard let unchecked = ConformanceText.unchecked(verdict, code: MarkdownText.code) else { continue }
            out += "\n⚠️ **\(MarkdownText.plain(verdict.reader))** \(unchecked)\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.notImplementedCounts.isEmpty {
            out += "\n**\(MarkdownText.plain(verdict.reader))** does not implement: " + verdict.notImplementedCounts.map { "\(MarkdownText.code($0.field)) (\($0.cases) cases)" }.joined(separator: ", ") + "\n"
        }
        let usersSee = result.verdicts.filter { $0.notCompared == nil }.map { ($0.reader, facts.usersSee($0)) }
            .filter { $0.1.listed + $0.1.unexpected > 0 }
        if !usersSee.isEmpty {
            out += "\n**Users see this** (deviations on blobs the writer can produce, listed/unexpected): "
            out += usersSee.map { "\(MarkdownText.plain($0.0)) \($0.1.listed)/\($0.1.unexpected)" }.joined(separator: ", ") + "\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.readiness.isEmpty {
            out += "\n**\(MarkdownText.plain(verdict.reader))** (features \(MarkdownText.plain(verdict.entry.features.label()))) pending, never failing: "
            out += verdict.pendingCounts.isEmpty ? "no field differs" : verdict.pendingCounts.map { "\(MarkdownText.code($0.field)) (\($0.cases) cases)" }.joined(separator: ", ")
            out += "\n"
            for revision in verdict.readiness {
                out += "- feature \(MarkdownText.code(revision.feature)): " + ReadinessText.sentence(revision, strong: { "**\($0)**" }, code: MarkdownText.code) + "\n"
            }
        }
        let unreferenced = PendingRule().unreferenced
        if !unreferenced.isEmpty {
            out += "\n**Features the reference does not implement** (pending for every reader): "
                + unreferenced.map(MarkdownText.code).joined(separator: ", ") + "\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.declaredButMissing.isEmpty {
            out += "\n**\(MarkdownText.plain(verdict.reader))** declares \(MarkdownText.plain(verdict.entry.features.label())) but does not implement all of it: its views leave out "
            out += verdict.declaredButMissing.map { "\(MarkdownText.code($0.field)) (\($0.cases) cases)" }.joined(separator: ", ") + "\n"
        }
        // One heading over every problem (golden files, lists, writer findings), each in its own fence.
        if !result.problems.isEmpty { out += "\n**Problems:**\n" + result.problems.map { "\n" + MarkdownText.fenced($0) }.joined() }
        for notice in result.notices { out += "\n**Not checked here:** \(MarkdownText.code(notice))\n" }
        for verdict in result.verdicts where verdict.notCompared == nil && !(verdict.unexpected.isEmpty && verdict.staleEntries.isEmpty) {
            out += "\n### \(MarkdownText.plain(verdict.reader))\n\n"
            if let painted = ConformanceText.paintedButMissing(verdict, code: MarkdownText.code) {
                out += "**\(MarkdownText.plain(verdict.reader))** \(painted)\n\n"
            }
            if !verdict.unexpected.isEmpty {
                out += "| case | field | expected | got | writer |\n|---|---|---|---|---|\n"
                for deviation in facts.rankedByReach(verdict.unexpected).prefix(examples) {
                    let reach = facts.reach(deviation.caseId)
                    for (difference, judgement) in zip(deviation.differences, deviation.judgements) where judgement.excusedBy == nil {
                        out += "| \(MarkdownText.cell(deviation.caseId)) | \(MarkdownText.cell(judgement.field)) | \(MarkdownText.cell(difference.expected)) | \(MarkdownText.cell(difference.got)) | \(reach.isReachable ? MarkdownText.cell(reach.label) : "hand-made") |\n"
                    }
                }
                if verdict.unexpected.count > examples { out += "\n…and \(verdict.unexpected.count - examples) more unexpected deviations.\n" }
                for advice in verdict.advice { out += "\n\(MarkdownText.plain(advice))\n" }
                let suggestions = verdict.suggestedEntries
                out += "\n<details><summary>\(suggestions.count) suggested lines for <code>\(HTMLText.escape(verdict.listFile))</code> (after review; replace each TODO with the reason)</summary>\n\n"
                out += MarkdownText.fenced(suggestions.joined(separator: "\n"))
                out += "\n</details>\n"
            }
            if !verdict.staleEntries.isEmpty {
                out += "\nStale entries in \(MarkdownText.code(verdict.listFile)) (remove them):\n\n"
                for entry in verdict.staleEntries {
                    out += "- line \(entry.line): \(MarkdownText.code("\(entry.pattern)  \(entry.fields)")) — \(MarkdownText.code(entry.reason))\n"
                }
            }
        }
        out += QueueSection.markdown(result, examples: examples)
        return out
    }
}
