/// `report --html FILE`: the reviewer's page for a whole gate run. Verdict and per-reader
/// counts first, then a cases × readers matrix grouped by fixture and mutation family.
/// Groups where every reader agrees are collapsed to one line of counts (with a small
/// sample inside); every deviating case gets a row and, one click away, its blob, every
/// reader's view and the diff. About 5,000 cases stay a page of a few hundred kilobytes.
package enum HTMLReport {
    package struct Options: Sendable {
        /// Agreeing cases shown in full per group (the rest are counted).
        package var agreeingSamples: Int
        /// Bytes of a blob or a view shown per case before cutting.
        package var blobLimit: Int
        /// Deviating cases shown in full per reader, mutation family, field and kind (unexpected
        /// or listed; `DeviationSample`); the rest are counted, so a reader that deviates on every
        /// case keeps the page small.
        package var deviationSamples: Int
        /// Where every deviation is, one per line (`check --deviations FILE`), linked from each
        /// count of cases not shown; nil: the JSON report (`--json`) is named instead.
        package var deviationsFile: String?

        package init(agreeingSamples: Int = 2, blobLimit: Int = 1500, deviationSamples: Int = 3, deviationsFile: String? = nil) {
            self.agreeingSamples = agreeingSamples
            self.blobLimit = blobLimit
            self.deviationSamples = deviationSamples
            self.deviationsFile = deviationsFile
        }
    }

    package static func render(_ facts: ReportFacts, options: Options = Options()) -> String {
        let result = facts.result
        let matrix = HTMLMatrix(result)
        let shown = shownDeviations(result, options: options)
        var body = header(facts)
        body += "<main>\n"
        body += summary(facts, matrix)
        body += "<h2 id=\"matrix\">Cases × readers <span class=\"sub\">grouped by fixture and mutation family; "
        body += "groups where every reader agrees are collapsed</span></h2>\n"
        body += "<div class=\"matrix\" style=\"--readers: \(max(matrix.readers.count, 1))\">\n"
        body += "<div class=\"row matrix-head\"><span>fixture / family · case</span><span class=\"num\">cases</span>"
        for reader in matrix.readers { body += "<span>\(HTMLText.escape(reader))</span>" }
        body += "</div>\n"
        var fixture: String?
        for group in matrix.groups {
            if group.fixture != fixture {
                if fixture != nil { body += "</section>\n" }
                fixture = group.fixture
                body += fixtureHeading(group.fixture, facts: facts, matrix: matrix)
            }
            body += groupHTML(group, result: result, matrix: matrix, options: options, shown: shown)
        }
        if fixture != nil { body += "</section>\n" }
        body += "</div>\n" + QueueSection.html(result) + "<footer>Any case id above works with <code>contract-harness explain CASE-ID</code> (add <code>--html FILE</code> for this view of one case). Written by <code>contract-harness check --html FILE</code>; self-contained, no scripts.</footer>\n</main>"
        return HTMLPage.document(title: "Widget contract: \(result.passed ? "PASS" : "FAIL"), \(facts.caseCount) cases", body: body)
    }

    private static func header(_ facts: ReportFacts) -> String {
        let passed = facts.result.passed
        var out = "<header class=\"page\"><h1>Widget snapshot contract (v:1) "
        out += "<span class=\"verdict \(passed ? "pass" : "fail")\" id=\"verdict\">\(passed ? "PASS" : "FAIL")</span></h1>\n"
        out += "<p>\(facts.caseCount) cases from \(facts.fixtureCount) fixtures · readers: "
        out += facts.result.verdicts.map { HTMLText.escape($0.reader) }.joined(separator: ", ")
        out += " · expected outputs: the C reference (<code>golden/expected</code>)</p></header>\n"
        return out
    }

    private static func summary(_ facts: ReportFacts, _ matrix: HTMLMatrix) -> String {
        let result = facts.result
        var out = "<div class=\"summary\">\n<table class=\"totals\" id=\"totals\">\n"
        out += "<tr><th>reader</th><th>verdict</th><th title=\"the share of compared fields (one field on one case) equal to the expected view\">fields agree</th><th title=\"the contract features it declares\">features</th><th>agree</th><th title=\"only fields of a later revision than the reader declares differ: counted, never failing\">pending</th><th>listed</th><th>not impl.</th><th>unexpected</th>"
        out += "<th title=\"crash, hang or missing line: also counted under listed or unexpected\">no view</th><th>stale entries</th></tr>\n"
        for verdict in result.verdicts {
            let name = HTMLText.escape(verdict.reader)
            if let reason = verdict.notCompared {
                out += "<tr data-reader=\"\(HTMLText.attribute(verdict.reader))\" data-not-compared=\"true\"><td>\(name)</td>"
                out += "<td>\(HTMLPage.chip(.unexpected, "FAIL"))</td><td>–</td><td>\(verdict.entry.features.label())</td><td colspan=\"7\">\(HTMLPage.chip(.notCompared, "not compared", title: reason))</td></tr>\n"
                continue
            }
            // The verdict's own numbers, as `check`, --json and --markdown print them: a crash
            // the list excuses is listed (and counted under "no view"), one it does not excuse
            // is unexpected. The matrix below still draws any case without a view as a crash.
            let columns: [(CaseStatus, Int)] = [
                (.agree, verdict.agreeing), (.notCompared, verdict.pending.count), (.listed, verdict.listed.count), (.listed, verdict.notImplementedOnly.count),
                (.unexpected, verdict.unexpected.count), (.crash, verdict.failures), (.unexpected, verdict.staleEntries.count),
            ]
            out += "<tr data-reader=\"\(HTMLText.attribute(verdict.reader))\" data-agree=\"\(verdict.agreeing)\" data-listed=\"\(verdict.listed.count)\" "
            out += "data-not-implemented=\"\(verdict.notImplementedOnly.count)\" data-unexpected=\"\(verdict.unexpected.count)\" "
            out += "data-crash=\"\(verdict.failures)\" data-stale=\"\(verdict.staleEntries.count)\" data-pending=\"\(verdict.pending.count)\" "
            let tally = verdict.fieldTally.total
            out += "data-conformance=\"\(tally.agree)/\(tally.compared)\" data-passed=\"\(verdict.passed)\" "
            out += "data-features=\"\(HTMLText.attribute(verdict.entry.features.label()))\"><td>\(name)</td>"
            out += "<td>\(verdict.passed ? HTMLPage.chip(.agree, "PASS") : HTMLPage.chip(.unexpected, "FAIL"))</td>"
            out += "<td><b>\(HTMLText.escape(ConformanceText.percent(tally)))</b></td><td>\(verdict.entry.features.label())</td>"
            for (status, count) in columns {
                out += count == 0 ? "<td class=\"zero\">0</td>" : "<td>\(HTMLPage.chip(status, String(count)))</td>"
            }
            out += "</tr>\n"
        }
        out += "</table>\n"
        for verdict in result.verdicts where verdict.notCompared == nil && verdict.fieldTally.total.agree < verdict.fieldTally.total.compared {
            out += "<p class=\"conformance\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><b>\(HTMLText.escape(verdict.reader))</b> "
            out += ConformanceText.sentence(verdict, strong: { "<b>\(HTMLText.escape($0))</b>" }) + "</p>\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil {
            let code = { (text: String) in "<code>\(HTMLText.escape(text))</code>" }
            if let unchecked = ConformanceText.unchecked(verdict, code: code) {
                out += "<p class=\"unchecked\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><b>\(HTMLText.escape(verdict.reader))</b> \(unchecked)</p>\n"
            }
            if let painted = ConformanceText.paintedButMissing(verdict, code: code) {
                out += "<p class=\"painted-missing\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><b>\(HTMLText.escape(verdict.reader))</b> \(painted)</p>\n"
            }
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.notImplementedCounts.isEmpty {
            out += "<p class=\"not-implemented\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><b>\(HTMLText.escape(verdict.reader))</b> does not implement: "
            out += verdict.notImplementedCounts.map { "<code>\(HTMLText.escape($0.field))</code> (\($0.cases) cases)" }.joined(separator: ", ") + "</p>\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.readiness.isEmpty {
            out += "<div class=\"pending\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><p><b>\(HTMLText.escape(verdict.reader))</b> "
            out += "(features \(HTMLText.escape(verdict.entry.features.label()))) pending, never failing: "
            out += verdict.pendingCounts.isEmpty ? "no field differs" : verdict.pendingCounts.map { "<code>\(HTMLText.escape($0.field))</code> (\($0.cases) cases)" }.joined(separator: ", ")
            out += "</p><ul>"
            for feature in verdict.readiness {
                out += "<li data-feature=\"\(HTMLText.attribute(feature.feature))\" data-ready=\"\(feature.isReady)\">feature <code>\(HTMLText.escape(feature.feature))</code>: "
                out += ReadinessText.sentence(feature, strong: { "<b>\($0)</b>" }, code: { "<code>\(HTMLText.escape($0))</code>" })
                out += "</li>"
            }
            out += "</ul></div>\n"
        }
        for verdict in result.verdicts where verdict.notCompared == nil && !verdict.declaredButMissing.isEmpty {
            out += "<p class=\"declared-missing\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><b>\(HTMLText.escape(verdict.reader))</b> declares "
            out += "\(verdict.entry.features.label()) but does not implement it: its views leave out "
            out += verdict.declaredButMissing.map { "<code>\(HTMLText.escape($0.field))</code> (\($0.cases) cases)" }.joined(separator: ", ") + "</p>\n"
        }
        out += advice(result)
        out += "<div class=\"legend\">"
        let legend: [(CaseStatus, String)] = [
            (.agree, "equal to the expected view on every compared field"),
            (.listed, "deviates, and <code>golden/divergences/&lt;reader&gt;.txt</code> names it"),
            (.unexpected, "deviates, and no entry names it: the gate fails"),
            (.crash, "the reader produced no view at all"),
            (.notCompared, "not run against this case stream (e.g. an old recording)"),
        ]
        for (status, meaning) in legend { out += HTMLPage.chip(status, status.label) + "<span>\(meaning)</span>" }
        out += "</div>\n</div>\n"

        var alerts: [String] = result.problems.map { "golden files: \($0)" }
        alerts += result.notices.map { "not checked here: \($0)" }
        for verdict in result.verdicts {
            if let reason = verdict.notCompared { alerts.append("\(verdict.reader) not compared: \(reason)") }
            for entry in verdict.staleEntries {
                alerts.append("stale entry in \(verdict.listFile):\(entry.line) `\(entry.pattern)  \(entry.fields)` (none of its fields differs any more; remove it)")
            }
        }
        if !alerts.isEmpty {
            out += "<div class=\"alert\" id=\"problems\"><b>Needs attention</b><ul>"
            for alert in alerts { out += "<li>\(HTMLText.escape(alert))</li>" }
            out += "</ul></div>\n"
        }
        let deviating = matrix.groups.filter { !$0.allAgree }
        out += "<h2 id=\"deviating\">Where readers deviate <span class=\"sub\">\(deviating.count) of \(matrix.groups.count) groups</span></h2>\n"
        if deviating.isEmpty {
            out += "<p>Every reader agrees with the expected output on every case.</p>\n"
        } else {
            out += "<div class=\"jump\">"
            for group in deviating.sorted(by: { severity($0, matrix) > severity($1, matrix) }) {
                let worst = matrix.readers.map { matrix.worst(group, reader: $0) }.max { $0.severity < $1.severity } ?? .agree
                let who = matrix.readers.compactMap { reader -> String? in
                    let counts = group.counts[reader] ?? [:]
                    let parts = [CaseStatus.crash, .unexpected, .listed].compactMap { status in
                        counts[status].flatMap { $0 > 0 ? "\($0) \(status.label)" : nil }
                    }
                    return parts.isEmpty ? nil : "\(reader) " + parts.joined(separator: ", ")
                }
                out += "<a href=\"#\(group.anchor)\">" + HTMLPage.chip(worst, "\(group.fixture) / \(group.family) — " + who.joined(separator: "; ")) + "</a>"
            }
            out += "</div>\n"
        }
        return out
    }

    /// What the gate tells a reader to do beyond its deviations (a testee whose differences read
    /// as the platform's recorded reader's: `PlatformEvidence.advice`), as the text summary says it.
    private static func advice(_ result: GateResult) -> String {
        var out = ""
        for verdict in result.verdicts where verdict.notCompared == nil {
            for advice in verdict.advice {
                out += "<p class=\"advice\" data-reader=\"\(HTMLText.attribute(verdict.reader))\"><b>\(HTMLText.escape(verdict.reader))</b>: "
                out += "\(HTMLText.escape(advice))</p>\n"
            }
        }
        return out
    }

    private static func severity(_ group: HTMLMatrix.Group, _ matrix: HTMLMatrix) -> Int {
        matrix.readers.map { matrix.worst(group, reader: $0).severity }.max() ?? 0
    }

    private static func fixtureHeading(_ name: String, facts: ReportFacts, matrix: HTMLMatrix) -> String {
        let groups = matrix.groups.filter { $0.fixture == name }
        let cases = groups.reduce(0) { $0 + $1.caseIndices.count }
        let deviating = groups.reduce(0) { $0 + $1.deviating.count }
        let description = facts.result.corpus.fixtures.first { $0.name == name }?.description ?? ""
        var out = "<section class=\"fixture\" id=\"fx-\(HTMLText.anchor(name))\" data-fixture=\"\(HTMLText.attribute(name))\">\n"
        out += "<h2>\(HTMLText.escape(name)) <span class=\"sub\">\(cases) cases · \(groups.count) families · "
        out += "\(deviating) with a deviation — \(HTMLText.escape(description))</span></h2>\n"
        return out
    }

    /// The deviating cases shown in full: each reader's sample (`DeviationSample`), by case index.
    private static func shownDeviations(_ result: GateResult, options: Options) -> Set<Int> {
        var ids: Set<String> = []
        for verdict in result.verdicts where verdict.notCompared == nil {
            ids.formUnion(DeviationSample(verdict.deviations, perKey: options.deviationSamples).shown)
        }
        return Set(result.corpus.cases.indices.filter { ids.contains(result.corpus.cases[$0].id) })
    }

    /// The deviating cases of a group not shown in full: how many, per reader and status, and where they all are.
    private static func notShown(_ indices: [Int], matrix: HTMLMatrix, options: Options) -> String {
        let counts = matrix.readers.compactMap { reader -> String? in
            let statuses = indices.map { matrix.cell(case: $0, reader: reader).status }
            let parts = [CaseStatus.crash, .unexpected, .listed].compactMap { status -> String? in
                let count = statuses.filter { $0 == status }.count
                return count > 0 ? "\(count) \(status.label)" : nil
            }
            return parts.isEmpty ? nil : "\(HTMLText.escape(reader)) " + parts.joined(separator: ", ")
        }
        let file = options.deviationsFile.map { "<a href=\"\(HTMLText.attribute($0))\">\(HTMLText.escape($0))</a> (one line per reader and case)" }
            ?? "the JSON report (<code>check --json FILE</code>) and <code>check --deviations FILE</code>"
        var out = "<p class=\"more not-shown\" data-cases=\"\(indices.count)\">\(indices.count) more deviating cases here, not shown: "
        out += counts.joined(separator: "; ")
        out += ". Each reader, family, field and kind shows its first \(options.deviationSamples); every deviation is in \(file), "
        out += "and <code>contract-harness explain CASE-ID</code> shows any one.</p>\n"
        return out
    }

    private static func groupHTML(_ group: HTMLMatrix.Group, result: GateResult, matrix: HTMLMatrix, options: Options,
                                  shown: Set<Int>) -> String {
        let worst = matrix.readers.map { matrix.worst(group, reader: $0) }.filter { $0 != .notCompared }
            .max { $0.severity < $1.severity } ?? .agree
        var out = "<details class=\"group\" id=\"\(group.anchor)\" data-fixture=\"\(HTMLText.attribute(group.fixture))\" "
        out += "data-family=\"\(HTMLText.attribute(group.family))\" data-cases=\"\(group.caseIndices.count)\" "
        out += "data-deviating=\"\(group.deviating.count)\" data-status=\"\(worst.rawValue)\"\(group.allAgree ? "" : " open")>\n"
        out += "<summary class=\"row\"><span class=\"name\">\(HTMLText.escape(group.family))</span>"
        out += "<span class=\"num\">\(group.caseIndices.count)</span>"
        for reader in matrix.readers {
            out += groupCell(group, reader: reader, matrix: matrix)
        }
        out += "</summary>\n<div class=\"cases\">\n"
        var seen = SeenCases()
        for index in group.deviating where shown.contains(index) {
            out += caseHTML(index, result: result, matrix: matrix, options: options, seen: &seen)
        }
        let hidden = group.deviating.filter { !shown.contains($0) }
        if !hidden.isEmpty { out += notShown(hidden, matrix: matrix, options: options) }
        let agreeing = group.caseIndices.filter { matrix.worst(case: $0) == .agree }
        if !agreeing.isEmpty {
            let sample = agreeing.prefix(options.agreeingSamples)
            let label = group.allAgree
                ? "all \(agreeing.count) cases agree in every reader"
                : "\(agreeing.count) more cases where every reader agrees"
            if sample.isEmpty {
                out += "<p class=\"more\">\(label)</p>\n"
            } else {
                out += "<details class=\"sample\"><summary>\(label); \(sample.count) shown as a sample</summary>\n"
                for index in sample { out += caseHTML(index, result: result, matrix: matrix, options: options, seen: &seen) }
                out += "</details>\n"
            }
        }
        out += "</div>\n</details>\n"
        return out
    }

    private static func groupCell(_ group: HTMLMatrix.Group, reader: String, matrix: HTMLMatrix) -> String {
        let counts = group.counts[reader] ?? [:]
        if counts[.notCompared, default: 0] > 0 { return HTMLPage.chip(.notCompared, "not compared", title: matrix.notCompared[reader]) }
        let order: [CaseStatus] = [.crash, .unexpected, .listed, .agree]
        let parts = order.compactMap { status in counts[status].flatMap { $0 > 0 ? "\($0) \(status.label)" : nil } }
        let short = order.compactMap { status in
            counts[status].flatMap { $0 > 0 ? (status == .agree ? "✓ \($0)" : "\($0) \(status.label)") : nil }
        }
        return HTMLPage.chip(matrix.worst(group, reader: reader), short.joined(separator: " · "), title: parts.joined(separator: ", "))
    }

    /// Within one group: the first case shown with each blob, and with each blob and set of
    /// reader differences, so repeats link to it instead of repeating it.
    private struct SeenCases {
        var byBlob: [[UInt8]: String] = [:]
        var byDifferences: [DifferenceKey: String] = [:]
    }

    private struct DifferenceKey: Hashable {
        var blob: [UInt8]
        var readers: String
    }

    private static func caseHTML(_ index: Int, result: GateResult, matrix: HTMLMatrix, options: Options,
                                 seen: inout SeenCases) -> String {
        let testCase = result.corpus.cases[index]
        let worst = matrix.worst(case: index)
        var out = "<details class=\"case\" id=\"c-\(HTMLText.anchor(testCase.id))\" data-case=\"\(HTMLText.attribute(testCase.id))\" data-status=\"\(worst.rawValue)\">\n"
        out += "<summary class=\"row\"><span class=\"name\"><code>\(HTMLText.escape(testCase.id))</code></span><span></span>"
        var rows: [HTMLCaseDetail.ReaderRow] = []
        for reader in matrix.readers {
            let cell = matrix.cell(case: index, reader: reader)
            var note: String?
            if let deviation = cell.deviation, !deviation.isUnexpected {
                let file = result.verdicts.first { $0.reader == reader }?.listFile ?? reader
                note = zip(deviation.differences, deviation.judgements).map { _, judgement in
                    "\(judgement.field): listed in \(file):\(judgement.excusedBy?.line ?? 0) — \(judgement.excusedBy?.reason ?? "")"
                }.joined(separator: "; ")
            } else if cell.status == .notCompared {
                note = matrix.notCompared[reader] ?? "its golden line was written from an earlier version of this case (or edited): run `contract-harness golden refresh`"
            }
            out += HTMLPage.chip(cell.status, cell.status.label)
            rows.append(HTMLCaseDetail.ReaderRow(reader: reader, status: cell.status, outcome: cell.outcome,
                                                 differences: cell.deviation?.differences ?? [], note: note))
        }
        out += "</summary>\n"
        var signature = DifferenceKey(blob: testCase.blob, readers: "")
        for row in rows {
            signature.readers += "\u{0}\(row.reader)=\(row.status.rawValue):"
            signature.readers += row.differences.map { "\($0.field)\u{1}\($0.expected)\u{1}\($0.got)" }.joined(separator: "\u{2}")
        }
        if let first = seen.byDifferences[signature] {
            out += HTMLCaseDetail.renderRepeat(testCase, expected: result.expected[index], readers: rows, sameAs: first, limit: options.blobLimit)
        } else {
            seen.byDifferences[signature] = testCase.id
            let sameBlobAs = seen.byBlob[testCase.blob]
            if sameBlobAs == nil { seen.byBlob[testCase.blob] = testCase.id }
            out += HTMLCaseDetail.render(testCase, expected: result.expected[index], readers: rows, limit: options.blobLimit,
                                         sameBlobAs: sameBlobAs)
        }
        out += "</details>\n"
        return out
    }
}
