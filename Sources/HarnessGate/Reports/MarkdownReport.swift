/// `check --markdown FILE`: a pull-request comment or CI job summary — the verdict and
/// the counts first, then at most a few examples per reader, and the suggested list lines
/// (collapsed) so a reviewer sees every field and pattern, not only the first examples.
package enum MarkdownReport {
    package static func render(_ facts: ReportFacts, examples: Int = 10) -> String {
        let result = facts.result
        var out = "## Widget snapshot contract: \(result.passed ? "✅ pass" : "❌ fail")\n\n"
        out += "\(facts.caseCount) cases from \(facts.fixtureCount) fixtures.\n\n"
        out += "| reader | agree | listed | not implemented | unexpected | stale entries | failures |\n|---|---:|---:|---:|---:|---:|---:|\n"
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                out += "| \(verdict.reader) | — | — | — | — | — | not compared: \(cell(reason)) |\n"
            } else {
                out += "| \(verdict.reader) | \(verdict.agreeing) | \(verdict.listed.count) | \(verdict.notImplementedOnly.count) | \(verdict.unexpected.count) | \(verdict.staleEntries.count) | \(verdict.failures) |\n"
            }
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.notImplementedCounts.isEmpty {
            out += "\n**\(verdict.reader)** does not implement: " + verdict.notImplementedCounts.map { "`\($0.field)` (\($0.cases) cases)" }.joined(separator: ", ") + "\n"
        }
        for problem in result.problems { out += "\n**Golden files:** \(problem)\n" }
        for notice in result.notices { out += "\n**Not checked here:** \(notice)\n" }
        for verdict in result.verdicts where verdict.notCompared == nil && !(verdict.unexpected.isEmpty && verdict.staleEntries.isEmpty) {
            out += "\n### \(verdict.reader)\n\n"
            if !verdict.unexpected.isEmpty {
                out += "| case | field | expected | got |\n|---|---|---|---|\n"
                for deviation in verdict.unexpected.prefix(examples) {
                    for (difference, judgement) in zip(deviation.differences, deviation.judgements) where judgement.excusedBy == nil {
                        out += "| `\(deviation.caseId)` | \(judgement.field) | \(cell(difference.expected)) | \(cell(difference.got)) |\n"
                    }
                }
                if verdict.unexpected.count > examples { out += "\n…and \(verdict.unexpected.count - examples) more unexpected deviations.\n" }
                let suggestions = verdict.suggestedEntries
                out += "\n<details><summary>\(suggestions.count) suggested lines for <code>\(verdict.listFile)</code> (after review; replace each TODO with the reason)</summary>\n\n```\n"
                for line in suggestions { out += line + "\n" }
                out += "```\n\n</details>\n"
            }
            if !verdict.staleEntries.isEmpty {
                out += "\nStale entries in `\(verdict.listFile)` (remove them):\n\n"
                for entry in verdict.staleEntries { out += "- line \(entry.line): `\(entry.pattern)  \(entry.fields)` — \(entry.reason)\n" }
            }
        }
        return out
    }

    private static func cell(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "\n", with: " ") + "`"
    }
}
