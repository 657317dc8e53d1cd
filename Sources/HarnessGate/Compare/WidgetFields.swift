import ContractModel

/// The fields of what a widget shows, from the contract description's `widget` marks: the
/// painted ones (no `not implemented` entry excuses them for a reader that paints a widget,
/// CONTRACT.md §5) and, per marked question, whether a reader answered it at all — a reader
/// that answers none of the labelling questions (staleness, the header) leaves the label
/// unchecked, and every report says so.
package enum WidgetFields {
    /// Every field of the questions marked `paints` (`display…`).
    package static let painted: Set<String> = Set(ContractDescription.current.widgetQuestions(.paints).flatMap(\.fields))

    /// One marked question a reader answered on no case where it gave a view and the question was compared.
    package struct Unchecked: Sendable, Equatable {
        package var question: String
        package var role: ContractDescription.WidgetRole
        /// Its fields, every one left out (not implemented) wherever it was compared.
        package var fields: [String]
    }

    /// The marked questions the reader answered nowhere: its views hold none of their fields on
    /// any case, though they were compared (a question only pending for it is not unchecked).
    package static func unchecked(_ tally: FieldTally) -> [Unchecked] {
        guard tally.casesWithView > 0 else { return [] }
        return ContractDescription.current.widgetQuestions().compactMap { question in
            let compared = question.fields.filter { tally.counts(of: $0).compared > 0 }
            guard !compared.isEmpty, !question.fields.contains(where: tally.answers) else { return nil }
            return Unchecked(question: question.name, role: question.role, fields: compared)
        }
    }
}
