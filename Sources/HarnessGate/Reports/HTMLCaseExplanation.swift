/// `explain CASE-ID --html FILE`: one case as a self-contained page — the same detail a
/// case has in `report --html`, with the pretty blob added — for linking from a review or
/// attaching to a bug without running the whole gate.
package enum HTMLCaseExplanation {
    /// `lists` gives each reader's divergence list (a missing reader means an empty list),
    /// so a deviation is shown as listed or unexpected exactly as the gate would judge it.
    package static func render(_ explanation: CaseExplanation, lists: [String: DivergenceList]) -> String {
        let testCase = explanation.testCase
        let rows = explanation.readers.map { view -> HTMLCaseDetail.ReaderRow in
            let judgements = explanation.judgements(of: view, list: lists[view.reader])
            let entry = judgements.lazy.compactMap(\.excusedBy).first
            let status = explanation.status(of: view, list: lists[view.reader])
            var note: String?
            if status == .notCompared {
                note = explanation.expected == nil ? "no expected output for this case: run contract-harness golden update"
                    : "not compared by the gate: " + explanation.goldenNotes.joined(separator: "; ")
            }
            if status != .agree && status != .notCompared, entry != nil, let list = lists[view.reader] {
                note = zip(view.differences, judgements).map { difference, judgement in
                    guard let entry = judgement.excusedBy else { return "\(judgement.field): unexpected" }
                    return "\(judgement.field): listed in \(list.file):\(entry.line) — \(entry.reason)"
                }.joined(separator: "; ")
            }
            return HTMLCaseDetail.ReaderRow(reader: view.reader, status: status, outcome: view.outcome,
                                            differences: view.differences, note: note)
        }
        let worst = rows.map(\.status).max { $0.severity < $1.severity } ?? .agree
        var body = "<header class=\"page\"><h1><code>\(HTMLText.escape(testCase.id))</code> "
        body += HTMLPage.chip(worst, worst.label) + "</h1>\n"
        body += "<p>one case, every reader, and what differs · <code>contract-harness explain --html</code></p></header>\n<main>\n"
        body += "<div class=\"case-page\" data-case=\"\(HTMLText.attribute(testCase.id))\" data-status=\"\(worst.rawValue)\">\n"
        body += HTMLCaseDetail.render(testCase, expected: explanation.expected, readers: rows, limit: 20_000)
        if let pretty = explanation.prettyBlob {
            body += "<h4>blob, pretty-printed</h4>\n<pre class=\"pretty\">\(HTMLText.escape(HTMLCaseDetail.cut(pretty, limit: 20_000)))</pre>\n"
        } else {
            body += "<p class=\"muted\">The blob is not RFC 8259 JSON, so it has no pretty form.</p>\n"
        }
        body += "</div>\n</main>"
        return HTMLPage.document(title: "explain \(testCase.id)", body: body)
    }
}
