/// `check --markdown FILE`: a pull-request comment or CI job summary — the verdict and
/// the counts first, then at most a few examples per reader.
public enum MarkdownReport {
    public static func render(_ facts: ReportFacts, examples: Int = 10) -> String {
        let result = facts.result
        var out = "## Widget snapshot contract: \(result.passed ? "✅ pass" : "❌ fail")\n\n"
        out += "\(facts.caseCount) cases from \(facts.fixtureCount) fixtures.\n\n"
        out += "| reader | agree | listed | unexpected | stale entries | failures |\n|---|---:|---:|---:|---:|---:|\n"
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                out += "| \(verdict.reader) | — | — | — | — | not compared: \(cell(reason)) |\n"
            } else {
                out += "| \(verdict.reader) | \(verdict.agreeing) | \(verdict.listed.count) | \(verdict.unexpected.count) | \(verdict.staleEntries.count) | \(verdict.failures) |\n"
            }
        }
        for problem in result.problems { out += "\n**Golden files:** \(problem)\n" }
        for verdict in result.verdicts where verdict.notCompared == nil && !(verdict.unexpected.isEmpty && verdict.staleEntries.isEmpty) {
            out += "\n### \(verdict.reader)\n\n"
            if !verdict.unexpected.isEmpty {
                out += "| case | field | expected | got |\n|---|---|---|---|\n"
                for deviation in verdict.unexpected.prefix(examples) {
                    for difference in deviation.differences {
                        out += "| `\(deviation.caseId)` | \(difference.field) | \(cell(difference.expected)) | \(cell(difference.got)) |\n"
                    }
                }
                if verdict.unexpected.count > examples { out += "\n…and \(verdict.unexpected.count - examples) more unexpected deviations.\n" }
            }
            if !verdict.staleEntries.isEmpty {
                out += "\nStale entries in `\(verdict.listFile)` (remove them):\n\n"
                for entry in verdict.staleEntries { out += "- line \(entry.line): `\(entry.pattern)` — \(entry.reason)\n" }
            }
        }
        return out
    }

    private static func cell(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "\n", with: " ") + "`"
    }
}
