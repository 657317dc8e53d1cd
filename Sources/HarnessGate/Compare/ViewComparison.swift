import ContractModel
import Foundation

/// Two sets of view lines compared case by case, exactly as the gate compares a reader with
/// the expected outputs (`FieldDifference`): what `contract-harness tool compare` runs, so that a
/// script comparing a recording with `golden/kotlin` or a mutant's views with
/// `golden/expected` asks the harness instead of comparing on its own.
///
/// The expected side is held whole, by case id; the other side is fed one line at a time in
/// any order (`add`), so a caller can stop at the first difference of a stream.
package struct ViewComparison {
    /// How strictly to compare.
    package struct Options: Sendable {
        /// Differences an entry of this list excuses are not counted (the list is not checked
        /// for stale entries: that is the gate's part).
        package var list: DivergenceList?
        /// The other side's lines hold only `parse`: they must leave out `meta`, `stale` and
        /// `header` ("not implemented") and only parse fields are compared; expected crash
        /// lines (thrown outside parse) are skipped.
        package var parseOnly = false
        /// Error and crash texts must be equal too (the gate calls them informational).
        package var exact = false
        /// The contract revision the other side's reader declares, with each case's inputs
        /// (`PendingRule.inputs(of:)`, by case id): a difference in a field or question of a
        /// later revision is pending, as in the gate (CONTRACT §6), and not counted. Nil:
        /// every field is compared.
        package var pending: (declared: FeatureSet, caseInputs: [String: Set<String>])?
        /// The description's rule for what is pending, made once.
        let pendingRule = PendingRule()

        package init(list: DivergenceList? = nil, parseOnly: Bool = false, exact: Bool = false) {
            self.list = list
            self.parseOnly = parseOnly
            self.exact = exact
        }
    }

    /// One case that differs, with the differences no list entry excuses.
    package struct Difference: Sendable {
        package var caseId: String
        package var fields: [FieldDifference]
        /// What differs beyond fields (a parse-only line with more, an error text), if anything.
        package var note: String?

        /// `CASE  FIELD: expected X, got Y`, one line per field.
        package var lines: [String] {
            (note.map { ["\(caseId)  \($0)"] } ?? []) + fields.map { "\(caseId)  \($0.field): expected \($0.expected), got \($0.got)" }
        }
    }

    package let expected: [String: ReaderOutcome]
    package let options: Options
    package private(set) var differences: [Difference] = []
    /// Ids the other side has that the expected side does not.
    package private(set) var extra: [String] = []
    package private(set) var compared = 0
    /// Differing fields the list excused.
    package private(set) var excused = 0
    /// Cases left out (`parseOnly`: expected crash lines).
    package private(set) var skipped = 0
    /// Differing fields not compared because they are pending for the reader's features.
    package private(set) var pendingFields = 0
    private var seen = Set<String>()

    package init(expected: [String: ReaderOutcome], options: Options = Options()) {
        self.expected = expected
        self.options = options
    }

    /// Compares one line of the other side; returns what differs, nil when the case agrees.
    /// False in `isNew` when the id came before: the caller's input is bad then.
    @discardableResult
    package mutating func add(id: String, outcome got: ReaderOutcome) -> (isNew: Bool, difference: Difference?) {
        guard seen.insert(id).inserted else { return (false, nil) }
        guard let want = expected[id] else {
            extra.append(id)
            return (true, nil)
        }
        if options.parseOnly, case .failure = want {
            skipped += 1
            return (true, nil)
        }
        compared += 1
        let difference = Self.difference(caseId: id, expected: want, got: got, options: options, excused: &excused,
                                         pending: &pendingFields)
        if let difference { differences.append(difference) }
        return (true, difference)
    }

    /// Expected cases the other side has no line for, in id order.
    package var missing: [String] { expected.keys.filter { !seen.contains($0) }.sorted() }

    package var agrees: Bool { differences.isEmpty && extra.isEmpty && missing.isEmpty }

    /// One line: how many cases, how many differ, missing and extra.
    package var summary: String {
        var parts = ["\(compared) cases compared"]
        parts.append(differences.isEmpty ? "all equal" : "\(differences.count) differ")
        if !missing.isEmpty { parts.append("\(missing.count) missing (first \(missing[0]))") }
        if !extra.isEmpty { parts.append("\(extra.count) not expected (first \(extra[0]))") }
        if excused > 0, let list = options.list { parts.append("\(excused) differing fields excused by \(list.file)") }
        if skipped > 0 { parts.append("\(skipped) expected crash lines skipped") }
        if pendingFields > 0, let (declared, _) = options.pending {
            parts.append("\(pendingFields) differing fields pending (features outside \(declared.label())), not compared")
        }
        if let first = differences.first { parts.append("first \(first.caseId)") }
        return parts.joined(separator: ", ")
    }

    /// Where the differing cases lie, so that "108 differ" can be read without `--show` and a
    /// script: per field with its row dropped (`parse.tasks[].title`), and per case id without
    /// its zone and instant (`projects/projects.missing-id`), each with its number of cases,
    /// most first (ties by name), at most `limit` of each. Empty when nothing differs.
    package func breakdown(limit: Int = 8) -> [String] {
        guard !differences.isEmpty else { return [] }
        var byField: [String: Int] = [:], byCase: [String: Int] = [:]
        for difference in differences {
            for field in Set(difference.fields.map(\.path.key) + (difference.note == nil ? [] : ["(note)"])) { byField[field, default: 0] += 1 }
            byCase[String(difference.caseId.prefix { $0 != "@" }), default: 0] += 1
        }
        func line(_ title: String, _ counts: [String: Int]) -> String {
            let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let shown = sorted.prefix(limit).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(title): " + shown + (sorted.count > limit ? ", and \(sorted.count - limit) more" : "")
        }
        return [line("differing cases by field", byField), line("differing cases by case (zone and instant left out)", byCase)]
    }

    static func difference(caseId: String, expected: ReaderOutcome, got: ReaderOutcome, options: Options,
                           excused: inout Int, pending: inout Int) -> Difference? {
        var fields = FieldDifference.between(expected: expected, got: got)
        var note: String?
        if options.parseOnly, case .view(let view) = got {
            let withheld: Set<FieldPath.Name> = [.dayStr, .validUntil, .stale, .headerKind, .headerDayMs]
            if !withheld.isSubset(of: view.notImplemented) {
                note = "a parse-only line has meta, stale or header"
            }
            fields.removeAll { $0.got == FieldDifference.notImplemented }
        }
        if let (declared, caseInputs) = options.pending {
            let inputs = caseInputs[caseId] ?? []
            let before = fields.count
            fields.removeAll { options.pendingRule.pendingUnit(of: $0.path, caseInputs: inputs, declared: declared) != nil }
            pending += before - fields.count
        }
        if let list = options.list {
            let before = fields.count
            fields.removeAll { list.entry(for: caseId, field: $0.field, notImplemented: $0.got == FieldDifference.notImplemented) != nil }
            excused += before - fields.count
        }
        if options.exact, fields.isEmpty, note == nil, !sameTexts(expected, got) {
            note = "error or crash text differs: expected \(text(expected)), got \(text(got))"
        }
        return fields.isEmpty && note == nil ? nil : Difference(caseId: caseId, fields: fields, note: note)
    }

    /// Equal once the fields agree: the same error and crash texts.
    private static func sameTexts(_ expected: ReaderOutcome, _ got: ReaderOutcome) -> Bool {
        switch (expected, got) {
        case (.failure(let a), .failure(let b)): return a == b
        case (.view(let a), .view(let b)):
            if case .error(let x) = a.parse, case .error(let y) = b.parse { return Array(x.utf8) == Array(y.utf8) }
            return true
        default: return true
        }
    }

    private static func text(_ outcome: ReaderOutcome) -> String {
        switch outcome {
        case .failure(let reason): return reason
        case .view(let view):
            if case .error(let reason) = view.parse { return "error (\(reason))" }
            return "a view"
        }
    }
}
