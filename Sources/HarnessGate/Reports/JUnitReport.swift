import ContractModel

/// `check --junit FILE`: one `<testsuite>` per reader and one `<testcase>` per case, so a
/// CI system shows every unexpected deviation by name; listed deviations are skipped
/// with their reason, stale list entries are failing test cases of their own.
package enum JUnitReport {
    package static func render(_ facts: ReportFacts) -> String {
        let result = facts.result
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let queue = QueueSection.junit(result, escape: escape)
        let failures = result.verdicts.reduce(0) { $0 + ($1.notCompared == nil ? $1.unexpected.count + $1.staleEntries.count : 1) } + result.problems.count + queue.failures
        out += "<testsuites name=\"contract-harness\" tests=\"\(facts.caseCount * result.verdicts.count + queue.tests)\" failures=\"\(failures)\">\n"
        if !result.problems.isEmpty || !result.notices.isEmpty {
            out += "  <testsuite name=\"golden\" tests=\"\(result.problems.count + result.notices.count)\" failures=\"\(result.problems.count)\" skipped=\"\(result.notices.count)\">\n"
            for (index, problem) in result.problems.enumerated() {
                out += "    <testcase classname=\"golden\" name=\"problem-\(index + 1)\"><failure message=\"\(escape(problem))\"/></testcase>\n"
            }
            for (index, notice) in result.notices.enumerated() {
                out += "    <testcase classname=\"golden\" name=\"not-checked-\(index + 1)\"><skipped message=\"\(escape(notice))\"/></testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                out += "  <testsuite name=\"\(escape(verdict.reader))\" tests=\"1\" failures=\"1\">\n"
                out += "    <testcase classname=\"\(escape(verdict.reader))\" name=\"recording\"><failure message=\"\(escape(reason))\"/></testcase>\n"
                out += "  </testsuite>\n"
                continue
            }
            var deviations: [String: ReaderVerdict.Deviation] = [:]
            for deviation in verdict.deviations { deviations[deviation.caseId] = deviation }
            var pending: [String: ReaderVerdict.PendingCase] = [:]
            for item in verdict.pending { pending[item.caseId] = item }
            let tests = facts.caseCount + verdict.staleEntries.count
            out += "  <testsuite name=\"\(escape(verdict.reader))\" tests=\"\(tests)\" failures=\"\(verdict.unexpected.count + verdict.staleEntries.count)\" skipped=\"\(verdict.listed.count + verdict.notImplementedOnly.count + verdict.pendingOnly.count)\">\n"
            for testCase in result.corpus.cases {
                let classname = "\(verdict.reader).\(CaseID.family(of: testCase.id))"
                out += "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(testCase.id))\""
                guard let deviation = deviations[testCase.id] else {
                    if let item = pending[testCase.id] {
                        // Only fields of a later revision than the reader declares differ: pending, never failing.
                        out += "><skipped message=\"\(escape(pendingMessage(item, verdict)))\"/></testcase>\n"
                    } else {
                        out += "/>\n"
                    }
                    continue
                }
                // One line per field, each escaped on its own: the line breaks are the report's.
                let detail = deviation.differences.map { escape("\($0.field): expected \($0.expected), got \($0.got)") }.joined(separator: "\n")
                if !deviation.isUnexpected {
                    let entries = deviation.judgements.compactMap(\.excusedBy).map { "\(verdict.listFile):\($0.line) \($0.fields): \($0.reason)" }
                    out += "><skipped message=\"\(escape("listed in " + Array(Set(entries)).sorted().joined(separator: "; ")))\"/></testcase>\n"
                } else {
                    let fields = deviation.judgements.filter { $0.excusedBy == nil }.map(\.field)
                    out += "><failure message=\"\(escape(fields.joined(separator: ", ") + " differs (no entry excuses it)"))\">\(detail)</failure></testcase>\n"
                }
            }
            for entry in verdict.staleEntries {
                out += "    <testcase classname=\"\(escape(verdict.reader)).divergences\" name=\"\(escape("stale entry line \(entry.line): \(entry.pattern)"))\">"
                out += "<failure message=\"\(escape("listed in \(verdict.listFile) but no longer happens; remove the line"))\"/></testcase>\n"
            }
            // What the gate advises beyond the failures (a testee on org.json: the declaration and
            // the lines to copy), where a CI's JUnit view shows a suite's output.
            if !verdict.advice.isEmpty {
                out += "    <system-out>\(verdict.advice.map(escape).joined(separator: "\n"))</system-out>\n"
            }
            out += "  </testsuite>\n"
        }
        out += queue.suites
        out += "</testsuites>\n"
        return out
    }

    private static func pendingMessage(_ item: ReaderVerdict.PendingCase, _ verdict: ReaderVerdict) -> String {
        let fields = Array(Set(item.differences.map(\.path.key))).sorted().joined(separator: ", ")
        let revisions = Array(Set(item.units.map(\.revision))).sorted().map(String.init).joined(separator: ", ")
        return "pending: \(fields) of revision \(revisions) (the reader declares revision \(verdict.entry.contractRevision))"
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
