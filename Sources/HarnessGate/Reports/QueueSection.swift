import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The queue contract's section of every report (CONTRACT.md §10): per end its features, cases,
/// agreement, listed and unexpected findings, stale entries and — a kind of its own — data loss;
/// then what to do about each failure. Built once here as plain facts; each report format
/// escapes them its own way.
package enum QueueSection {
    /// The facts of one end's row: cases (agreeing, all findings listed, an unexpected finding,
    /// with data loss), stale list entries.
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
                cases: verdict.cases, roundTrip: verdict.roundTripCases, agree: verdict.agree, listed: verdict.listedCases,
                unexpected: verdict.unexpectedCases, stale: verdict.stale.count, dataLoss: verdict.dataLossCases)
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

extension QueueSection {
    /// The queue's part of `--json`: per end its declaration, counts, every finding (its kind,
    /// `dataLoss` among them, and the list line that excused it), stale entries and suggested lines.
    package static func json(_ result: GateResult) -> JSONValue {
        guard let queue = result.queue else {
            return .object(JSONObject(["judged": .bool(false), "notJudged": .string(JSONString(result.queueLeftOut))]))
        }
        var root = JSONObject()
        root["judged"] = .bool(true)
        root["passed"] = .bool(queue.passed)
        root["writerCases"] = .integer(Int64(queue.writerCases))
        root["drainCases"] = .integer(Int64(queue.drainCases))
        root["roundTripCases"] = .integer(Int64(queue.roundTripCases))
        root["problems"] = .array(queue.problems.map { .string(JSONString($0)) })
        root["notChecked"] = .array(queue.notices.map { .string(JSONString($0)) })
        root["dataLoss"] = .array(queue.dataLoss.map { item in
            .object(JSONObject(["end": .string(JSONString(item.end)), "case": .string(JSONString(item.finding.caseId)),
                                "message": .string(JSONString(item.finding.message)), "listed": .bool(item.listed)]))
        })
        root["ends"] = .array(queue.verdicts.map { verdict in
            var end = JSONObject()
            end["name"] = .string(JSONString(verdict.end.name))
            end["role"] = .string(JSONString(verdict.end.role.rawValue))
            end["features"] = .array(QueueDescription.current.features.map(\.name).filter(verdict.end.features.has).map { .string(JSONString($0)) })
            end["format"] = verdict.end.format.map { .string(JSONString($0)) } ?? .null
            end["passed"] = .bool(verdict.passed)
            end["cases"] = .integer(Int64(verdict.cases))
            end["roundTripCases"] = .integer(Int64(verdict.roundTripCases))
            end["agree"] = .integer(Int64(verdict.agree))
            var notAsked = JSONObject()
            for (family, count) in verdict.notAsked.sorted(by: { $0.key < $1.key }) { notAsked[family] = .integer(Int64(count)) }
            end["notAsked"] = .object(notAsked)
            end["findings"] = .array(verdict.listed.map { finding(item: $0.finding, listedAt: $0.entry.line) } + verdict.unexpected.map { finding(item: $0, listedAt: nil) })
            end["staleEntries"] = .array(verdict.stale.map { entry in
                .object(JSONObject(["line": .integer(Int64(entry.line)), "pattern": .string(JSONString(entry.pattern)),
                                    "kinds": .array(QueueFinding.Kind.allCases.filter(entry.kinds.contains).map { .string(JSONString($0.rawValue)) }),
                                    "reason": .string(JSONString(entry.reason))]))
            })
            end["list"] = .string(JSONString(verdict.end.listFile))
            end["suggestedEntries"] = .array(suggestions(verdict).map { .string(JSONString($0)) })
            return .object(end)
        })
        return .object(root)
    }

    private static func finding(item: QueueFinding, listedAt line: Int?) -> JSONValue {
        .object(JSONObject(["case": .string(JSONString(item.caseId)), "kind": .string(JSONString(item.kind.rawValue)),
                            "message": .string(JSONString(item.message)), "excusedBy": line.map { .integer(Int64($0)) } ?? .null]))
    }

    /// The queue's part of `--markdown`.
    package static func markdown(_ result: GateResult, examples: Int = 10) -> String {
        guard let queue = result.queue else { return "\n**Tap queue:** \(MarkdownText.code(result.queueLeftOut))\n" }
        var out = "\n### Tap queue: \(queue.passed ? "✅ pass" : "❌ fail")\n\n"
        out += "\(queue.writerCases) writer cases, \(queue.drainCases) drain cases, \(queue.roundTripCases) snapshot cases with taps (round trip).\n\n"
        out += "| end | role | features | cases | agree | listed | unexpected | stale entries | data loss |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n"
        for row in rows(queue) {
            out += "| \(MarkdownText.plain(row.name)) | \(row.role) | \(MarkdownText.code(row.declaration)) | \(row.roundTrip > 0 ? "\(row.cases)+\(row.roundTrip)" : String(row.cases)) | \(row.agree) | \(row.listed) | \(row.unexpected) | \(row.stale) | \(row.dataLoss) |\n"
        }
        let loss = queue.dataLoss
        out += "\n**Data loss** (taps that never apply, stored values thrown away): "
        out += loss.isEmpty ? "none\n" : "\(loss.count) (\(loss.filter { !$0.listed }.count) unexpected)\n\n"
        for item in loss.prefix(examples) {
            out += "- \(MarkdownText.plain(item.end)) \(MarkdownText.code(item.finding.caseId)): \(MarkdownText.code(item.finding.message))\(item.listed ? " (listed)" : "")\n"
        }
        if !queue.problems.isEmpty { out += "\n**Problems:**\n" + queue.problems.map { "\n" + MarkdownText.fenced($0) }.joined() }
        for notice in queue.notices { out += "\n**Not checked here:** \(MarkdownText.code(notice))\n" }
        for verdict in queue.verdicts where !verdict.passed {
            out += "\n#### queue \(verdict.end.role.rawValue) \(MarkdownText.plain(verdict.end.name))\n\n"
            if !verdict.unexpected.isEmpty {
                out += "| case | kind | what |\n|---|---|---|\n"
                for finding in verdict.unexpected.prefix(examples) {
                    out += "| \(MarkdownText.cell(finding.caseId)) | \(finding.kind.title) | \(MarkdownText.cell(finding.message)) |\n"
                }
                if verdict.unexpected.count > examples { out += "\n…and \(verdict.unexpected.count - examples) more unexpected findings.\n" }
                let suggested = suggestions(verdict)
                out += "\n<details><summary>\(suggested.count) suggested lines for <code>\(HTMLText.escape(verdict.end.listFile))</code> (after review; replace each TODO with the reason)</summary>\n\n"
                out += MarkdownText.fenced(suggested.joined(separator: "\n")) + "\n</details>\n"
            }
            if !verdict.stale.isEmpty {
                out += "\nStale entries in \(MarkdownText.code(verdict.end.listFile)) (remove them):\n\n"
                for entry in verdict.stale { out += "- line \(entry.line): \(MarkdownText.code(entry.pattern)) — \(MarkdownText.code(entry.reason))\n" }
            }
        }
        return out
    }

    /// The queue's part of `--junit`: a suite per end, a test case per queue case (and per
    /// snapshot case of a drain's round trip) with a finding: failing when unexpected, skipped with
    /// its list line when listed; a stale entry fails on its own; a problem fails in `queue`.
    package static func junit(_ result: GateResult, escape: (String) -> String) -> (suites: String, tests: Int, failures: Int) {
        guard let queue = result.queue else {
            return ("  <testsuite name=\"queue\" tests=\"1\" skipped=\"1\">\n    <testcase classname=\"queue\" name=\"tap queue\"><skipped message=\"\(escape(result.queueLeftOut))\"/></testcase>\n  </testsuite>\n", 1, 0)
        }
        var out = ""
        var tests = 0
        var failures = 0
        if !queue.problems.isEmpty || !queue.notices.isEmpty {
            out += "  <testsuite name=\"queue\" tests=\"\(queue.problems.count + queue.notices.count)\" failures=\"\(queue.problems.count)\" skipped=\"\(queue.notices.count)\">\n"
            for (index, problem) in queue.problems.enumerated() {
                out += "    <testcase classname=\"queue\" name=\"problem-\(index + 1)\"><failure message=\"\(escape(problem))\"/></testcase>\n"
            }
            for (index, notice) in queue.notices.enumerated() {
                out += "    <testcase classname=\"queue\" name=\"not-checked-\(index + 1)\"><skipped message=\"\(escape(notice))\"/></testcase>\n"
            }
            out += "  </testsuite>\n"
            tests += queue.problems.count + queue.notices.count
            failures += queue.problems.count
        }
        for verdict in queue.verdicts {
            let name = "queue.\(verdict.end.name)"
            var byCase: [(caseId: String, unexpected: [QueueFinding], listed: [(finding: QueueFinding, entry: QueueList.Entry)])] = []
            func slot(_ id: String) -> Int {
                if let index = byCase.firstIndex(where: { $0.caseId == id }) { return index }
                byCase.append((id, [], []))
                return byCase.count - 1
            }
            for finding in verdict.unexpected { byCase[slot(finding.caseId)].unexpected.append(finding) }
            for item in verdict.listed { byCase[slot(item.finding.caseId)].listed.append(item) }
            let failing = byCase.filter { !$0.unexpected.isEmpty }.count + verdict.stale.count
            let suiteTests = verdict.cases + verdict.roundTripCases + verdict.stale.count
            out += "  <testsuite name=\"\(escape(name))\" tests=\"\(suiteTests)\" failures=\"\(failing)\" skipped=\"\(byCase.filter { $0.unexpected.isEmpty }.count)\">\n"
            for item in byCase {
                out += "    <testcase classname=\"\(escape("\(name).\(QueueCase.family(of: item.caseId))"))\" name=\"\(escape(item.caseId))\">"
                if item.unexpected.isEmpty {
                    let entries = Set(item.listed.map { "\(verdict.end.listFile):\($0.entry.line): \($0.entry.reason)" }).sorted()
                    out += "<skipped message=\"\(escape("listed in " + entries.joined(separator: "; ")))\"/></testcase>\n"
                } else {
                    let kinds = Array(Set(item.unexpected.map(\.kind.title))).sorted().joined(separator: ", ")
                    let detail = item.unexpected.map { escape("\($0.kind.title): \($0.message)") }.joined(separator: "\n")
                    out += "<failure message=\"\(escape(kinds + " (no entry excuses it)"))\">\(detail)</failure></testcase>\n"
                }
            }
            for entry in verdict.stale {
                out += "    <testcase classname=\"\(escape(name)).divergences\" name=\"\(escape("stale entry line \(entry.line): \(entry.pattern)"))\">"
                out += "<failure message=\"\(escape("listed in \(verdict.end.listFile) but no longer happens; remove the line"))\"/></testcase>\n"
            }
            out += "  </testsuite>\n"
            tests += suiteTests
            failures += failing
        }
        return (out, tests, failures)
    }

    /// The queue's part of the HTML page: the table, data loss, and each failing end's findings.
    package static func html(_ result: GateResult, examples: Int = 20) -> String {
        let h = HTMLText.escape
        guard let queue = result.queue else { return "<section id=\"queue\"><h2>Tap queue</h2><p>\(h(result.queueLeftOut))</p></section>\n" }
        var out = "<section id=\"queue\"><h2>Tap queue: \(queue.passed ? "pass" : "fail")</h2>\n"
        out += "<p>\(queue.writerCases) writer cases, \(queue.drainCases) drain cases, \(queue.roundTripCases) snapshot cases with taps (round trip).</p>\n"
        out += "<table><tr><th>end</th><th>role</th><th>features</th><th>cases</th><th>agree</th><th>listed</th><th>unexpected</th><th>stale</th><th>data loss</th></tr>\n"
        for row in rows(queue) {
            out += "<tr><td>\(h(row.name))</td><td>\(row.role)</td><td><code>\(h(row.declaration))</code></td><td>\(row.roundTrip > 0 ? "\(row.cases)+\(row.roundTrip)" : String(row.cases))</td><td>\(row.agree)</td><td>\(row.listed)</td><td>\(row.unexpected)</td><td>\(row.stale)</td><td>\(row.dataLoss)</td></tr>\n"
        }
        out += "</table>\n"
        let loss = queue.dataLoss
        out += "<h3>Data loss</h3>\n" + (loss.isEmpty ? "<p>none</p>\n" : "<ul>\n" + loss.prefix(examples).map { "<li>\(h($0.end)) <code>\(h($0.finding.caseId))</code>: \(h($0.finding.message))\($0.listed ? " (listed)" : "")</li>\n" }.joined() + "</ul>\n")
        for problem in queue.problems { out += "<p class=\"fail\">\(h(problem))</p>\n" }
        for notice in queue.notices { out += "<p>\(h(notice))</p>\n" }
        for verdict in queue.verdicts where !verdict.passed {
            out += "<h3>queue \(verdict.end.role.rawValue) \(h(verdict.end.name))</h3>\n<table><tr><th>case</th><th>kind</th><th>what</th></tr>\n"
            for finding in verdict.unexpected.prefix(examples) {
                out += "<tr><td><code>\(h(finding.caseId))</code></td><td>\(finding.kind.title)</td><td>\(h(finding.message))</td></tr>\n"
            }
            out += "</table>\n"
            if verdict.unexpected.count > examples { out += "<p>… and \(verdict.unexpected.count - examples) more.</p>\n" }
            for entry in verdict.stale { out += "<p>stale: \(h(verdict.end.listFile)):\(entry.line) <code>\(h(entry.pattern))</code></p>\n" }
        }
        return out + "</section>\n"
    }
}
