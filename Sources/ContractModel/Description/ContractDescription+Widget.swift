/// The questions the description marks as what a widget shows (`widget`: `paints`, `labels`), with
/// the compared fields their answers hold: what the gate's painting rule and the reports' "left
/// unchecked" line ask of a reader, read from the description rather than named in code.
extension ContractDescription {
    /// One question the widget shows, once per name (a later feature asking it again with more
    /// inputs adds no second), with every compared field its answers hold, in canonical order.
    package struct WidgetQuestion: Sendable, Equatable {
        package var name: String
        package var role: WidgetRole
        package var fields: [String]
    }

    /// The questions marked `role`, in description order; all marked ones when `role` is nil.
    package func widgetQuestions(_ role: WidgetRole? = nil) -> [WidgetQuestion] {
        var seen: Set<String> = []
        var out: [WidgetQuestion] = []
        for question in features.flatMap(\.questions) {
            guard let widget = question.widget, role == nil || widget == role, seen.insert(question.name).inserted else { continue }
            let fields = fieldNames.map(\.name).filter { name in
                question.answers.contains { name == $0 || name.hasPrefix($0 + ".") || name.hasPrefix($0 + "[") }
            }
            out.append(WidgetQuestion(name: question.name, role: widget, fields: fields))
        }
        return out
    }
}
