import ContractModel
import HarnessCorpus
import HarnessReaders

/// What the roster's own reader on a platform shows a testee on that platform (the recorded
/// Kotlin end, for `# platform: org.json`): its views and its reviewed list. A departure is the
/// platform's behaviour, so a testee's entry that names one excuses a field only where the
/// testee reads it exactly as the platform's recorded reader does (a Swift or iOS reader that
/// declares the platform claims nothing it does not reproduce), and a testee that deviates
/// where the platform's list excuses the same difference is told which lines to take over.
/// `fieldsUnlike` is that rule, shared with `fuzz --kotlin` (which holds an org.json testee
/// to the live Kotlin end's reading of each generated case).
package struct PlatformEvidence {
    /// The platform's recorded reader (`kotlin`) and its list (`golden/divergences/kotlin.txt`).
    let entry: ReaderEntry
    let list: DivergenceList
    /// Its view per case, in case order; nil where its golden line is not current.
    let views: [ReaderOutcome?]

    /// The roster's recorded reader on `platform`, from the readers this run judged.
    static func find(_ platform: ReaderPlatform, among judged: [(entry: ReaderEntry, list: DivergenceList, outcomes: [ReaderOutcome], current: [Bool]?)]) -> PlatformEvidence? {
        guard let recorded = judged.first(where: { $0.entry.role == .recorded && !$0.entry.declaresOwnPlatform && $0.entry.platform == platform }) else { return nil }
        let views = recorded.outcomes.indices.map { recorded.current?[$0] == false ? nil : recorded.outcomes[$0] }
        return PlatformEvidence(entry: recorded.entry, list: recorded.list, views: views)
    }

    /// The fields where `got` reads unlike the platform's reader at this case (memoised per
    /// case); nil when its line there is not current (nothing to hold the testee to).
    func unlike(at position: Int, got: ReaderOutcome, memo: inout [Int: Set<String>]) -> Set<String>? {
        if let known = memo[position] { return known }
        guard position < views.count, let view = views[position] else { return nil }
        let fields = Self.fieldsUnlike(platform: view, got: got)
        memo[position] = fields
        return fields
    }

    /// The fields where a testee's `got` reads unlike the platform's reader's `view` of the same
    /// case: a departure excuses none of them for the testee (CONTRACT.md §5). Every compared
    /// field the testee reads, error texts aside (`FieldDifference.between`); a field its view
    /// leaves out (a later revision's, pending for it, or one it does not implement) is not read
    /// otherwise, so it is not among them.
    package static func fieldsUnlike(platform view: ReaderOutcome, got: ReaderOutcome) -> Set<String> {
        Set(FieldDifference.between(expected: view, got: got).filter { $0.got != FieldDifference.notImplemented }.map(\.field))
    }

    /// The first of `unlike` (`fieldsUnlike`) that a departure excusing a difference in `field`
    /// would excuse with it: the field itself or any field under it. A difference in the parse
    /// kind (`parse`: rows where the reference reads an error) stands for the rows under it, and a
    /// row count (`parse.tasks`) for every row, so a testee borrowing the departure must read
    /// those rows as the platform's reader does, not none or others. Nil when it reads all of
    /// them so. The one rule of `check` (against golden/kotlin) and `fuzz --kotlin` (the live end).
    package static func unlike(_ unlike: Set<String>, within field: String) -> String? {
        if unlike.contains(field) { return field }
        return unlike.filter { $0.hasPrefix(field + ".") || $0.hasPrefix(field + "[") }
            .min { ($0.count, $0) < ($1.count, $1) }
    }

    /// For a testee's unexpected differences: the platform list's lines that excuse the same
    /// case and field for the platform's reader where the testee reads that field exactly as
    /// it does, and what to do with them; nil when there are none.
    func advice(for verdict: ReaderVerdict, positions: [String: Int], got: [ReaderOutcome]) -> String? {
        var lines = Set<Int>(), count = 0
        var memo: [Int: Set<String>] = [:]
        for deviation in verdict.unexpected {
            guard let position = positions[deviation.caseId] else { continue }
            for (difference, judgement) in zip(deviation.differences, deviation.judgements) where judgement.excusedBy == nil {
                guard let entry = list.entry(for: deviation.caseId, field: difference.field, notImplemented: judgement.notImplemented),
                      entry.departure != nil,
                      let unlike = unlike(at: position, got: got[position], memo: &memo),
                      Self.unlike(unlike, within: difference.field) == nil else { continue }
                lines.insert(entry.line)
                count += 1
            }
        }
        guard !lines.isEmpty, let platform = entry.platform else { return nil }
        let named = lines.count > 12 ? "\(lines.count) lines" : "line\(lines.count == 1 ? "" : "s") " + lines.sorted().map(String.init).joined(separator: ", ")
        let read = "\(count) of these differences read exactly as \(entry.name)'s (\(platform.rawValue)) and \(list.file) excuses them (\(named))"
        if verdict.entry.platform == platform {
            return "\(read): copy \(lines.count == 1 ? "that line" : "those lines") into \(verdict.listFile) after review"
        }
        return "\(read): if \(verdict.reader) runs on Android's \(platform.rawValue), put the line `\(platform.declarationLine)` at the top of \(verdict.listFile) "
            + "and copy \(lines.count == 1 ? "that line" : "those lines") after review (CONTRACT.md §5: its entries are then held to what \(entry.name) reads; a reader on another library lists its differences in its own words)"
    }
}
