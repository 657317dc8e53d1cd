import ContractModel

/// `check --junit FILE`: one `<testsuite>` per reader, sized for a CI system however many cases
/// deviate. Unexpected deviations are failing test cases named by their case, the first
/// `examples` per family and field (`DeviationSample`), the others one failing test case per
/// family and field with their count; each list entry in use is one skipped test case saying
/// how many cases it excuses; each pending field one skipped test case; the agreeing cases one
/// passing test case per family; a stale list entry a failing test case of its own. The suite's
/// output says how far the reader is (`ConformanceText`) and what the gate advises.
package enum JUnitReport {
    package static func render(_ facts: ReportFacts, examples: Int = 20) -> String {
        let result = facts.result
        var suites: [(text: String, tests: Int, failures: Int)] = []
        if !result.problems.isEmpty || !result.notices.isEmpty {
            var out = "  <testsuite name=\"golden\" tests=\"\(result.problems.count + result.notices.count)\" failures=\"\(result.problems.count)\" skipped=\"\(result.notices.count)\">\n"
            for (index, problem) in result.problems.enumerated() {
                out += "    <testcase classname=\"golden\" name=\"problem-\(index + 1)\"><failure message=\"\(escape(problem))\"/></testcase>\n"
            }
            for (index, notice) in result.notices.enumerated() {
                out += "    <testcase classname=\"golden\" name=\"not-checked-\(index + 1)\"><skipped message=\"\(escape(notice))\"/></testcase>\n"
            }
            out += "  </testsuite>\n"
            suites.append((out, result.problems.count + result.notices.count, result.problems.count))
        }
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                var out = "  <testsuite name=\"\(escape(verdict.reader))\" tests=\"1\" failures=\"1\">\n"
                out += "    <testcase classname=\"\(escape(verdict.reader))\" name=\"recording\"><failure message=\"\(escape(reason))\"/></testcase>\n"
                out += "  </testsuite>\n"
                suites.append((out, 1, 1))
                continue
            }
            suites.append(suite(verdict, facts: facts, examples: examples))
        }
        let queue = QueueSection.junit(result, escape: escape)
        if !queue.suites.isEmpty { suites.append((queue.suites, queue.tests, queue.failures)) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"contract-harness\" tests=\"\(suites.reduce(0) { $0 + $1.tests })\" failures=\"\(suites.reduce(0) { $0 + $1.failures })\">\n"
        out += suites.map(\.text).joined()
        out += "</testsuites>\n"
        return out
    }

    private static func suite(_ verdict: ReaderVerdict, facts: ReportFacts, examples: Int) -> (text: String, tests: Int, failures: Int) {
        var cases: [String] = []
        var failures = 0
        var skipped = 0
        let reader = verdict.reader
        // The agreeing cases: one passing test case per family.
        var deviatingOrPending: [String: Int] = [:]
        for deviation in verdict.deviations { deviatingOrPending[CaseID.family(of: deviation.caseId), default: 0] += 1 }
        for family in facts.families {
            let count = facts.byFamily[reader]?[family] ?? ReportFacts.FamilyCount()
            let agreeing = count.cases - count.listed - count.unexpected
            guard agreeing > 0 else { continue }
            cases.append("<testcase classname=\"\(escape("\(reader).\(family)"))\" name=\"\(escape("\(family): \(agreeing) cases agree on every compared field"))\"/>")
        }
        // Unexpected deviations: the first of each family and field by name, the others counted.
        let sample = DeviationSample(facts.rankedByReach(verdict.unexpected), perKey: examples)
        for deviation in facts.rankedByReach(verdict.unexpected) where sample.shown.contains(deviation.caseId) {
            let classname = "\(reader).\(CaseID.family(of: deviation.caseId))"
            // One line per field, each escaped on its own: the line breaks are the report's.
            let detail = deviation.differences.map { escape("\($0.field): expected \($0.expected), got \($0.got)") }.joined(separator: "\n")
            let fields = deviation.judgements.filter { $0.excusedBy == nil }.map(\.field)
            cases.append("<testcase classname=\"\(escape(classname))\" name=\"\(escape(deviation.caseId))\"><failure message=\"\(escape(fields.joined(separator: ", ") + " differs (no entry excuses it)"))\">\(detail)</failure></testcase>")
            failures += 1
        }
        for (key, count) in sample.notShown where key.unexpected {
            cases.append("<testcase classname=\"\(escape("\(reader).\(key.family)"))\" name=\"\(escape("\(key.family): \(count) more cases where \(key.field) differs"))\"><failure message=\"\(escape("\(count) more unexpected deviations of \(key.field) in \(key.family), beyond the \(examples) shown by name: every one is in --json and --deviations"))\"/></testcase>")
            failures += 1
        }
        // Listed deviations: one skipped test case per list entry in use, with how many cases it excuses.
        var excused: [Int: (entry: DivergenceList.Entry, cases: Int, first: String)] = [:]
        for deviation in verdict.deviations {
            for line in Set(deviation.judgements.compactMap { $0.excusedBy?.line }) {
                guard let entry = deviation.judgements.first(where: { $0.excusedBy?.line == line })?.excusedBy else { continue }
                let current = excused[line]
                excused[line] = (entry, (current?.cases ?? 0) + 1, current?.first ?? deviation.caseId)
            }
        }
        for (line, item) in excused.sorted(by: { $0.key < $1.key }) {
            let message = "listed: excuses \(item.cases) cases (e.g. \(item.first)) — \(item.entry.reason)"
            cases.append("<testcase classname=\"\(escape("\(reader).divergences"))\" name=\"\(escape("\(verdict.listFile):\(line) \(item.entry.pattern)  \(item.entry.fields)"))\"><skipped message=\"\(escape(message))\"/></testcase>")
            skipped += 1
        }
        // Pending fields: one skipped test case each.
        for (field, count) in verdict.pendingCounts {
            let message = "pending: \(field) differs on \(count) cases, a field the reader does not declare (it declares \(verdict.entry.features.label()))"
            cases.append("<testcase classname=\"\(escape("\(reader).pending"))\" name=\"\(escape("pending: \(field)"))\"><skipped message=\"\(escape(message))\"/></testcase>")
            skipped += 1
        }
        // What of the widget's screen it leaves unchecked.
        if let unchecked = ConformanceText.unchecked(verdict, code: { "`\($0)`" }) {
            cases.append("<testcase classname=\"\(escape("\(reader).widget"))\" name=\"what the widget shows\"><skipped message=\"\(escape("\(reader) \(unchecked)"))\"/></testcase>")
            skipped += 1
        }
        for entry in verdict.staleEntries {
            cases.append("<testcase classname=\"\(escape(reader)).divergences\" name=\"\(escape("stale entry line \(entry.line): \(entry.pattern)"))\"><failure message=\"\(escape("listed in \(verdict.listFile) but no longer happens; remove the line"))\"/></testcase>")
            failures += 1
        }
        var out = "  <testsuite name=\"\(escape(reader))\" tests=\"\(cases.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        out += cases.map { "    \($0)\n" }.joined()
        // How far the reader is, and what the gate advises beyond the failures (a testee on
        // org.json: the declaration and the lines to copy), where a CI's JUnit view shows a suite's output.
        var output = ["\(reader) \(ConformanceText.sentence(verdict))"]
        if let painted = ConformanceText.paintedButMissing(verdict, code: { "`\($0)`" }) { output.append("\(reader) \(painted)") }
        output += verdict.advice
        out += "    <system-out>\(output.map(escape).joined(separator: "\n"))</system-out>\n"
        out += "  </testsuite>\n"
        return (out, cases.count, failures)
    }

    /// One piece of text for an attribute or element: `UntrustedText`'s rule first (a newline,
    /// carriage return, tab or other control character is shown as `\n`, `\r`, `\t`,
    /// `\u0001`; a leading `::` is broken), so that the decoded XML holds no line break of the
    /// text's own for a CI reporter to echo as a line (`::error …`); then XML escaping.
    static func escape(_ text: String) -> String {
        var out = ""
        let shown = UntrustedText.escape(text)
        out.reserveCapacity(shown.utf8.count)
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
