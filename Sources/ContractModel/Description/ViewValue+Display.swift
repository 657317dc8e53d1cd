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
        return Shapes.display.object([
            "rows": .list(answer.rows.map { row in
                Shapes.row.object(["id": .text(row.id), "title": .text(row.title), "isDone": .bool(row.isDone),
                                   "dot": .optionalText(row.dot?.hex)])
            }),
            "more": .int(Int64(answer.moreCount)),
            "header": Shapes.header.object(["kind": .text(kind), "title": .optionalText(title), "day": .optionalText(day)]),
            "empty": .bool(answer.showsEmptyView),
        ])
    }

    /// The display's objects, looked up once (`ObjectShape`).
    private enum Shapes {
        static let display = ObjectShape("display")
        static let row = ObjectShape("display.rows[]")
        static let header = ObjectShape("display.header")
    }
}
