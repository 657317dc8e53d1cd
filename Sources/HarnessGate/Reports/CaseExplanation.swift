import ContractModel
import Foundation
import WidgetSnapshot
import HarnessCorpus
import HarnessReaders

/// Everything about one case that a person debugging a disagreement wants on one screen:
/// the blob (raw and pretty), the expected view, each reader's view and its field diff.
/// Only renders: `CaseGathering` runs the readers and loads the golden files.
package struct CaseExplanation: Sendable {
    package struct ReaderView: Sendable {
        /// The reader, as the roster knows it.
        package var entry: ReaderEntry
        package var reader: String { entry.name }
        package var outcome: ReaderOutcome
        package var differences: [FieldDifference]

        package init(entry: ReaderEntry, outcome: ReaderOutcome, differences: [FieldDifference]) {
            self.entry = entry
            self.outcome = outcome
            self.differences = differences
        }
    }

    package let testCase: Case
    package let expected: ReaderOutcome?
    package let readers: [ReaderView]
    /// Why a golden line of this case cannot be trusted (stale or edited), by folder.
    package let goldenNotes: [String]

    /// An explanation from outcomes already gathered (e.g. by a gate run).
    package init(testCase: Case, expected: ReaderOutcome?, readers: [ReaderView], goldenNotes: [String] = []) {
        self.testCase = testCase
        self.expected = expected
        self.readers = readers
        self.goldenNotes = goldenNotes
    }

    /// How the reader's list judges each of its differences on this case, as the gate does.
    package func judgements(of view: ReaderView, list: DivergenceList?) -> [ReaderVerdict.Judgement] {
        deviation(of: view, list: list)?.judgements ?? []
    }

    /// The reader's deviation on this case as the gate judges it; nil when it agrees or
    /// there is no expected view.
    package func deviation(of view: ReaderView, list: DivergenceList?) -> ReaderVerdict.Deviation? {
        guard let expected, !view.differences.isEmpty else { return nil }
        let list = list ?? DivergenceList(file: view.entry.listFile, entries: [])
        let verdict = ReaderVerdict.judge(reader: list.declaring(view.entry), caseIds: [testCase.id], expected: [expected], got: [view.outcome],
                                          list: list,
                                          caseInputs: [PendingRule.inputs(of: testCase)])
        return verdict.deviations.first
    }

    /// The reader's pending fields on this case (of features it does not declare), if any.
    package func pending(of view: ReaderView) -> ReaderVerdict.PendingCase? {
        guard let expected, !view.differences.isEmpty else { return nil }
        return ReaderVerdict.judge(reader: view.entry, caseIds: [testCase.id], expected: [expected], got: [view.outcome],
                                   list: DivergenceList(file: view.entry.listFile, entries: []),
                                   caseInputs: [PendingRule.inputs(of: testCase)]).pending.first
    }

    /// Whether the gate compares this reader on this case: not without an expected view,
    /// and not when a golden line it would be judged by is stale or edited.
    package func isCompared(_ view: ReaderView) -> Bool {
        guard expected != nil else { return false }
        let expectedStale = goldenNotes.contains { $0.hasPrefix(GoldenFolder.expected.path) }
        // A recording is not judged on a case its own golden line is stale or edited for.
        let ownStale = view.entry.role == .recorded && view.entry.golden.map { folder in goldenNotes.contains { $0.hasPrefix(folder.path) } } == true
        return !expectedStale && !ownStale
    }

    /// The reader's status on this case, as every report shows it.
    package func status(of view: ReaderView, list: DivergenceList?) -> CaseStatus {
        let compared = isCompared(view)
        return CaseStatus.of(compared: compared, outcome: view.outcome, deviation: compared ? deviation(of: view, list: list) : nil)
    }

    /// The blob as text: UTF-8 when it is, else a lossy rendering noted as such.
    package var rawBlob: String {
        if let text = String(validating: testCase.blob, as: UTF8.self) { return text }
        return String(decoding: testCase.blob, as: UTF8.self) + "\n(not valid UTF-8: invalid bytes shown as U+FFFD; the case carries blobBase64)"
    }

    package var prettyBlob: String? {
        guard let value = try? JSONParser().parse(testCase.blob) else { return nil }
        return PrettyJSON.render(value)
    }

    package var text: String { text(lists: [:]) }

    /// The explanation; with the readers' lists, each difference says which entry excuses
    /// it (file, line, fields, reason) or that it is unexpected. Everything the case, a
    /// golden file, a list or a reader wrote goes through `UntrustedText` (the raw blob on
    /// one line, its newlines shown as `\n`), and the whole text once more.
    package func text(lists: [String: DivergenceList]) -> String {
        func e(_ text: String) -> String { UntrustedText.escape(text) }
        var out = "case \(e(testCase.id))\n  zone \(e(testCase.timeZone)), now \(testCase.nowMs)"
        if !testCase.pendingDoneTargets.isEmpty {
            out += ", pending " + e(testCase.pendingDoneTargets.map { "\($0.taskId)=\($0.isDone)" }.joined(separator: " "))
        }
        if !testCase.pendingDoneTimestamps.isEmpty {
            out += ", tap times " + e(testCase.pendingDoneTimestamps.map { "\($0.taskId)=\($0.ms)" }.joined(separator: " "))
        }
        if let selected = testCase.selectedProjectId { out += ", selected project " + e(FieldDifference.quoted(selected.string)) }
        if let device = testCase.deviceLocale { out += ", device locale \(device.tag)" }
        let raw = rawBlob
        out += "\n\nblob (raw, \(testCase.blob.count) bytes):\n" + e(raw.count > 4000 ? String(raw.prefix(4000)) + " …" : raw) + "\n"
        if let pretty = prettyBlob {
            out += "\nblob (pretty):\n" + UntrustedText.guardLines(pretty.count > 4000 ? String(pretty.prefix(4000)) + "\n…" : pretty) + "\n"
        } else {
            out += "\nblob is not RFC 8259 JSON\n"
        }
        out += "\nexpected (golden/expected):\n  " + (expected.map { e(Self.describe($0)) } ?? "(none: run contract-harness golden update)") + "\n"
        for note in goldenNotes { out += "  note: \(e(note))\n" }
        for view in readers {
            out += "\n\(e(view.reader)):\n  " + e(Self.describe(view.outcome)) + "\n"
            if expected != nil {
                if view.differences.isEmpty {
                    out += "  agrees with expected\n"
                } else {
                    let judged = isCompared(view)
                    let judgements = lists.isEmpty || !judged ? [] : self.judgements(of: view, list: lists[view.reader])
                    if !judged { out += "  (not compared by the gate: see the note above)\n" }
                    for (index, difference) in view.differences.enumerated() {
                        out += "  ≠ \(e(difference.field)): expected \(e(difference.expected)), got \(e(difference.got))\n"
                        guard index < judgements.count, let list = lists[view.reader] else { continue }
                        if let entry = judgements[index].excusedBy {
                            out += "      excused as \(e(judgements[index].field)) by \(e(list.file)):\(entry.line)  \(e(entry.text))\n"
                        } else {
                            out += "      UNEXPECTED: no entry of \(e(list.file)) excuses \(e(judgements[index].field)) here\n"
                        }
                    }
                }
            }
        }
        return UntrustedText.guardLines(out)
    }

    static func describe(_ outcome: ReaderOutcome) -> String {
        switch outcome {
        case .view(let view): return view.canonicalJSONString
        case .failure(let reason): return "FAILURE: \(reason)"
        }
    }
}
