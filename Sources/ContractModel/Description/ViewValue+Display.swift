import Foundation
import WidgetSnapshot

/// The display part of the view (CONTRACT.md §9, `display` in schemas/contract.json) from the
/// Swift API's answer, one conversion for every Swift-side producer: the Swift reader, the C
/// reference (through `WidgetDisplay`), the testee kit.
extension ViewValue {
    package static func display(_ answer: WidgetDisplay) -> ViewValue {
        var kind = "today", title: String?, day: String?
        switch answer.header {
        case .today: break
        case .outdated(let known): (kind, day) = ("outdated", known?.description)
        case .project(let name): (kind, title) = ("project", name)
        }
        return Shapes.display.object(positional: [
            .list(answer.rows.map { row in
                Shapes.row.object(positional: [.text(row.id), .text(row.title), .bool(row.isDone), .optionalText(row.dot?.hex)])
            }),
            .int(Int64(answer.moreCount)),
            Shapes.header.object(positional: [.text(kind), .optionalText(title), .optionalText(day)]),
            .bool(answer.showsEmptyView),
        ])
    }

    /// The display's objects, looked up once, their members in this order (`ObjectShape`).
    private enum Shapes {
        static let display = ObjectShape("display", members: ["rows", "more", "header", "empty"])
        static let row = ObjectShape("display.rows[]", members: ["id", "title", "isDone", "dot"])
        static let header = ObjectShape("display.header", members: ["kind", "title", "day"])
    }
}
