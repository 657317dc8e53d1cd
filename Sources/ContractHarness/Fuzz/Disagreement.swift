import ContractModel

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

    /// The first difference `departures` does not excuse, as a disagreement, and the
    /// departure that excused the first difference when every one was excused.
    static func between(reference: String, expected: ReaderOutcome, reader: String, got: ReaderOutcome,
                        testCase: Case, departures: DeclaredDepartures?) -> (Disagreement?, excused: DeclaredDepartures.Departure?) {
        let differences = FieldDifference.between(expected: expected, got: got)
        guard let departures, !differences.isEmpty else {
            return (differences.first.map { Disagreement(reference: reference, reader: reader, difference: $0) }, nil)
        }
        var facts = DeclaredDepartures.CaseFacts()
        var firstExcuse: DeclaredDepartures.Departure?
        for difference in differences {
            guard let excuse = departures.excuse(difference, in: testCase, expected: expected, got: got, facts: &facts) else {
                return (Disagreement(reference: reference, reader: reader, difference: difference), nil)
            }
            firstExcuse = firstExcuse ?? excuse
        }
        return (nil, firstExcuse)
    }
}
