/// The short human summary `check` prints: per reader agree / listed / unexpected / stale,
/// per family, then what to do about every failure (the exact lines to add or remove).
public enum TextSummary {
    public static func render(_ facts: ReportFacts, examples: Int = 20) -> String {
        let result = facts.result
        var out = "contract-harness check: \(facts.caseCount) cases from \(facts.fixtureCount) fixtures\n\n"
        out += row(["reader", "agree", "listed", "unexpected", "stale", "failures"])
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                out += row([verdict.reader, "-", "-", "-", "-", "-"]) + "    not compared: \(reason)\n"
                continue
            }
            out += row([verdict.reader, String(verdict.agreeing), String(verdict.listed.count),
                        String(verdict.unexpected.count), String(verdict.staleEntries.count), String(verdict.failures)])
        }
        out += "\nby family (listed/unexpected per reader):\n"
        let compared = result.verdicts.filter { $0.notCompared == nil }
        for family in facts.families {
            var line = "  " + pad(family, 12) + pad(String(facts.byFamily[compared.first?.reader ?? ""]?[family]?.cases ?? 0) + " cases", 12)
            for verdict in compared {
                let count = facts.byFamily[verdict.reader]?[family] ?? ReportFacts.FamilyCount()
                line += pad("\(verdict.reader) \(count.listed)/\(count.unexpected)", 16)
            }
            out += line.trimmingTrailingSpaces() + "\n"
        }
        for problem in result.problems { out += "\nFAIL: \(problem)\n" }
        for verdict in result.verdicts where !verdict.passed {
            out += "\nFAIL: \(verdict.reader)"
            if let reason = verdict.notCompared {
                out += ": \(reason)\n"
                continue
            }
            out += ": \(verdict.unexpected.count) unexpected deviations, \(verdict.staleEntries.count) stale list entries\n"
            for deviation in verdict.unexpected.prefix(examples) {
                for difference in deviation.differences {
                    out += "  \(deviation.caseId)  \(difference.field): expected \(difference.expected), got \(difference.got)\n"
                }
            }
            if verdict.unexpected.count > examples { out += "  … and \(verdict.unexpected.count - examples) more (see --json / explain)\n" }
            if !verdict.unexpected.isEmpty && verdict.reader == "c" {
                out += "  the C reference defines golden/expected: if this change is intended, review it and run `contract-harness update`\n"
            }
            if !verdict.unexpected.isEmpty {
                out += "  fix the reader, or after review add to \(verdict.listFile):\n"
                for line in verdict.suggestedEntries { out += "    \(line)\n" }
            }
            if !verdict.staleEntries.isEmpty {
                out += "  remove from \(verdict.listFile) (no longer happens):\n"
                for entry in verdict.staleEntries { out += "    line \(entry.line): \(entry.pattern)  \(entry.reason)\n" }
            }
        }
        out += result.passed ? "\nPASS\n" : "\nFAIL\n"
        return out
    }

    private static func row(_ cells: [String]) -> String {
        cells.enumerated().map { $0.offset == 0 ? pad($0.element, 10) : pad($0.element, 12) }.joined().trimmingTrailingSpaces() + "\n"
    }

    public static func pad(_ text: String, _ width: Int) -> String {
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
