import ContractModel
import WidgetSnapshot

/// One case on one screen, as HTML: the blob, the expected view, and each reader's status,
/// view and field diff. Shared by `report --html` (inside each case's `<details>`) and
/// `explain --html` (the whole page), so both show a case the same way.
package enum HTMLCaseDetail {
    /// One reader's line in the detail.
    package struct ReaderRow: Sendable {
        package var reader: String
        package var status: CaseStatus
        /// Nil when the reader was not compared.
        package var outcome: ReaderOutcome?
        package var differences: [FieldDifference]
        /// Why the status is what it is: the list entry, or why it was not compared.
        package var note: String?

        package init(reader: String, status: CaseStatus, outcome: ReaderOutcome?, differences: [FieldDifference], note: String?) {
            self.reader = reader
            self.status = status
            self.outcome = outcome
            self.differences = differences
            self.note = note
        }
    }

    /// Blobs and views longer than `limit` bytes are cut (the page says so, and `explain`
    /// shows them whole). `sameBlobAs` names an earlier case on the page with the very same
    /// blob (the same mutation in another zone or at another instant): its text is not repeated.
    package static func render(_ testCase: Case, expected: ReaderOutcome?, readers: [ReaderRow], limit: Int = 1500,
                              sameBlobAs: String? = nil) -> String {
        var out = "<div class=\"detail\">\n"
        out += "<p class=\"facts\">zone <b>\(HTMLText.escape(testCase.timeZone))</b> · now <b>\(testCase.nowMs)</b> "
        out += "(\(HTMLText.instant(testCase.nowMs))) · blob <b>\(testCase.blob.count)</b> bytes"
        if !testCase.pendingDoneTargets.isEmpty {
            let taps = testCase.pendingDoneTargets.map { "\($0.taskId.string)=\($0.isDone)" }.joined(separator: " ")
            out += " · pending taps <b>\(HTMLText.escape(taps))</b>"
        }
        if !testCase.pendingDoneTimestamps.isEmpty {
            let times = testCase.pendingDoneTimestamps.map { "\($0.taskId.string)=\($0.ms)" }.joined(separator: " ")
            out += " · tap times <b>\(HTMLText.escape(times))</b>"
        }
        if let selected = testCase.selectedProjectId {
            out += " · selected project <b>\(HTMLText.escape(FieldDifference.quoted(selected.string)))</b>"
        }
        out += "</p>\n<h4>blob</h4>\n"
        if let sameBlobAs {
            out += "<p class=\"same\">the same blob as <a href=\"#c-\(HTMLText.anchor(sameBlobAs))\"><code>\(HTMLText.escape(sameBlobAs))</code></a></p>\n"
        } else {
            out += "<pre class=\"blob\">\(HTMLText.escape(blobText(testCase.blob, limit: limit)))</pre>\n"
        }
        out += "<table class=\"views\">\n"
        out += "<tr class=\"expected\"><th>expected</th><td class=\"status\">C reference, <code>golden/expected</code></td><td>"
        out += expected.map { "<pre>\(HTMLText.escape(cut(describe($0), limit: limit)))</pre>" } ?? "<span class=\"same\">none: run <code>contract-harness golden update</code></span>"
        out += "</td></tr>\n"
        for row in readers {
            out += "<tr data-reader=\"\(HTMLText.attribute(row.reader))\" data-status=\"\(row.status.rawValue)\">"
            out += "<th>\(HTMLText.escape(row.reader))</th><td class=\"status\">\(HTMLPage.chip(row.status, row.status.label))"
            if let note = row.note { out += "<div class=\"why\">\(HTMLText.escape(note))</div>" }
            out += "</td><td>"
            if let outcome = row.outcome {
                if let expected, describe(expected).utf8.elementsEqual(describe(outcome).utf8) {
                    out += "<span class=\"same\">same view as expected</span>"
                } else if row.differences.isEmpty, case .view(let got)? = Optional(outcome), case .error(let reason) = got.parse {
                    // Agrees; only the (informational, never compared) error text differs.
                    out += "<span class=\"same\">same view as expected; its error text: </span><code>\(HTMLText.escape(cut(reason, limit: limit)))</code>"
                } else {
                    out += "<pre>\(HTMLText.escape(cut(describe(outcome), limit: limit)))</pre>"
                }
            } else {
                out += "<span class=\"same\">no view</span>"
            }
            if !row.differences.isEmpty {
                out += "<ul class=\"diff\">"
                for difference in row.differences {
                    out += "<li><code>\(HTMLText.escape(difference.field))</code>: expected <del>\(HTMLText.escape(difference.expected))</del>"
                    out += " got <ins>\(HTMLText.escape(difference.got))</ins></li>"
                }
                out += "</ul>"
            }
            out += "</td></tr>\n"
        }
        out += "</table>\n"
        // The dots a person would see, side by side, when a reader's rows on screen differ (issue 24).
        if readers.contains(where: { $0.differences.contains { $0.field.hasPrefix("display.rows") } }) {
            out += HTMLSwatches.render([HTMLSwatches.Column(reader: "expected", rows: HTMLSwatches.rows(of: expected))]
                + readers.map { HTMLSwatches.Column(reader: $0.reader, rows: HTMLSwatches.rows(of: $0.outcome)) })
        }
        out += "</div>\n"
        return out
    }

    /// A case whose blob and reader differences repeat those of `sameAs` (the same mutation
    /// in another zone or at another instant): its own facts, expected view and statuses,
    /// and a link to the case that shows the blob, the views and the diff.
    package static func renderRepeat(_ testCase: Case, expected: ReaderOutcome?, readers: [ReaderRow], sameAs: String,
                                    limit: Int = 1500) -> String {
        var out = "<div class=\"detail\">\n"
        out += "<p class=\"facts\">zone <b>\(HTMLText.escape(testCase.timeZone))</b> · now <b>\(testCase.nowMs)</b> "
        out += "(\(HTMLText.instant(testCase.nowMs)))</p>\n"
        out += "<p class=\"same\">the same blob and the same differences as "
        out += "<a href=\"#c-\(HTMLText.anchor(sameAs))\"><code>\(HTMLText.escape(sameAs))</code></a>: "
        out += readers.map { "\(HTMLText.escape($0.reader)) \(HTMLPage.chip($0.status, $0.status.label))" }.joined(separator: " ")
        out += "</p>\n"
        if let expected { out += "<h4>expected</h4>\n<pre>\(HTMLText.escape(cut(describe(expected), limit: limit)))</pre>\n" }
        out += "</div>\n"
        return out
    }

    /// The blob as text: UTF-8 when it is; else with U+FFFD for the invalid bytes, said so.
    static func blobText(_ blob: [UInt8], limit: Int) -> String {
        let cut = blob.count > limit
        let bytes = cut ? Array(blob.prefix(limit)) : blob
        var text: String
        if let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
        } else if !cut || String(validating: blob, as: UTF8.self) == nil {
            text = String(decoding: bytes, as: UTF8.self) + "\n(not valid UTF-8, so the case carries blobBase64: invalid bytes are shown as U+FFFD)"
        } else {
            text = String(decoding: bytes, as: UTF8.self) // cut inside a character
        }
        if cut { text += " … (\(blob.count - limit) more bytes)" }
        return text
    }

    /// A view line cut to `limit` UTF-8 bytes (at a character boundary).
    static func cut(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: limit)
        while end > text.startIndex, !text.unicodeScalars.indices.contains(end) { end = text.utf8.index(before: end) }
        return String(text[..<end]) + " … (\(text.utf8.count - text[..<end].utf8.count) more bytes)"
    }

    /// The canonical view line without its `"id"` member (the case row already names it).
    static func describe(_ outcome: ReaderOutcome) -> String {
        switch outcome {
        case .view(let view):
            var prefix = Array(#"{"id":"#.utf8)
            JSONWriter.appendString(Array(view.id.utf8), to: &prefix)
            prefix.append(UInt8(ascii: ","))
            let line = view.canonicalJSON
            guard line.starts(with: prefix) else { return view.canonicalJSONString }
            return "{" + String(decoding: line[prefix.count...], as: UTF8.self)
        case .failure(let reason): return "no view: \(reason)"
        }
    }
}
