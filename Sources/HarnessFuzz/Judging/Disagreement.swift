import ContractModel
import HarnessGate

/// Two readers deciding one case differently, reduced to what makes it *the same*
/// disagreement while it is shrunk: the reader pair and the first differing field with
/// its row numbers dropped (`parse.tasks[].title`).
///
/// The reference (the C reader, CONTRACT §5) is always one side; error texts are never
/// compared (`FieldDifference.between`).
package struct Disagreement: Equatable, Sendable {
    /// The reader whose output is taken as expected (`c`).
    package var reference: String
    /// The reader that decided otherwise (`swift`, a testee's name).
    package var reader: String
    /// The first differing field, with both sides.
    package var difference: FieldDifference

    package init(reference: String, reader: String, difference: FieldDifference) {
        self.reference = reference
        self.reader = reader
        self.difference = difference
    }

    /// The first differing field with row numbers dropped: `parse.tasks[3].title` →
    /// `parse.tasks[].title`. Its family is `difference.path.family`.
    package var fieldKey: String { difference.path.key }

    /// `c/swift parse.tasks[].title`.
    package var signature: String { "\(reference)/\(reader) \(fieldKey)" }

    /// The disagreement between `expected` (the reference's outcome) and `got`, or nil
    /// when every compared field agrees.
    package static func between(reference: String, expected: ReaderOutcome, reader: String,
                               got: ReaderOutcome) -> Disagreement? {
        guard let first = FieldDifference.between(expected: expected, got: got).first else { return nil }
        return Disagreement(reference: reference, reader: reader, difference: first)
    }

    /// How the fuzzer judges one case for one reader: the first difference that is neither
    /// excused by `departures` nor a field the reader leaves out ("not implemented", CONTRACT
    /// §6: like the gate, an omitted field is never a finding), as a disagreement; the
    /// departure that excused the first excused difference; and the fields left out.
    ///
    /// `platform`: for a testee that declares a platform (`# platform: org.json`), the view of
    /// the roster's live reader on it (the Kotlin end under `fuzz --kotlin`) on this case. A
    /// departure then excuses a field only where the testee reads it, and every field under it
    /// (the rows under a parse kind), exactly as that reader does (`PlatformEvidence.unlike`, the
    /// rule `check` holds it to against golden/kotlin);
    /// a difference it would excuse but the testee reads otherwise is the disagreement, with
    /// `borrowed` saying so.
    static func between(reference: String, expected: ReaderOutcome, reader: String, got: ReaderOutcome,
                        testCase: Case, departures: DeclaredDepartures?,
                        platform: (reader: String, outcome: ReaderOutcome)? = nil) -> Judgement {
        var judgement = Judgement()
        let differences = FieldDifference.between(expected: expected, got: got)
        guard !differences.isEmpty else { return judgement }
        var facts = DeclaredDepartures.CaseFacts()
        var unlike: Set<String>?
        for difference in differences {
            if difference.isOmittedField(in: got) {
                judgement.notImplemented.append(difference.path.name)
                continue
            }
            guard let excuse = departures?.excuse(difference, in: testCase, expected: expected, got: got, facts: &facts) else {
                judgement.disagreement = Disagreement(reference: reference, reader: reader, difference: difference)
                return judgement
            }
            if let platform {
                let fields = unlike ?? PlatformEvidence.fieldsUnlike(platform: platform.outcome, got: got)
                unlike = fields
                // (Every field the excused one stands for: the rows under a parse kind too.)
                if let field = PlatformEvidence.unlike(fields, within: difference.field) {
                    judgement.disagreement = Disagreement(reference: reference, reader: reader, difference: difference)
                    judgement.borrowed = Borrowed(departure: excuse, field: field, platformReader: platform.reader)
                    return judgement
                }
            }
            judgement.excused = judgement.excused ?? excuse
        }
        return judgement
    }

    /// A difference a testee's declared departure would excuse, read unlike the platform's
    /// live reader (`between(…platform:)`): the testee borrows a departure it does not have.
    package struct Borrowed: Equatable, Sendable {
        package var departure: DeclaredDepartures.Departure
        /// The field read unlike the platform's reader (`parse.tasks[0].id`; under a parse-kind difference, a row field or `parse.tasks`).
        package var field: String
        /// The platform's reader it reads unlike (`kotlin`).
        package var platformReader: String
    }

    /// What `between(…testCase:departures:)` makes of one case and reader.
    struct Judgement {
        /// The first difference nothing excuses: a finding to shrink.
        var disagreement: Disagreement?
        /// Set when that difference is one a departure would excuse but the reader reads it
        /// unlike the platform's reader.
        var borrowed: Borrowed?
        /// The departure that excused the first excused difference.
        var excused: DeclaredDepartures.Departure?
        /// Fields the reader's view leaves out (counted as not implemented, never findings).
        var notImplemented: [FieldPath.Name] = []
    }
}

private extension FieldDifference {
    /// True when this is a field `got`'s view leaves out (its value "not implemented").
    func isOmittedField(in got: ReaderOutcome) -> Bool {
        guard self.got == FieldDifference.notImplemented, case .view(let view) = got else { return false }
        return view.notImplemented.contains(path.name)
    }
}
