import WidgetSnapshot

/// Revision 2's and 3's `WidgetSnapshot` answers as view values, written once for every Swift
/// end that answers them (the Swift reader's view, the testee kit's line).
extension ViewValue {
    /// `parseProjects`'s list: `[{id, title}]` in the blob's order.
    package static func projects(_ projects: [WidgetProject]) -> ViewValue {
        .list(projects.map { projectShape.object(["id": .text($0.id), "title": .text($0.title)]) })
    }

    /// `currentTask`'s answer: null when nothing is tracked; nil members as null.
    package static func currentTask(_ task: WidgetCurrentTask?) -> ViewValue {
        task.map { task in
            currentTaskShape.object(["id": .text(task.id), "title": .text(task.title), "projectId": .optionalText(task.projectId),
                                     "deviceLabel": .text(task.deviceLabel), "isLocal": .bool(task.isLocal),
                                     "sinceTs": .optionalInt(task.sinceTs), "focusCycle": .optionalInt(task.focusCycle.map(Int64.init))])
        } ?? .null
    }

    /// `projects[]` and `currentTask`, looked up once (`ObjectShape`).
    package static let projectShape = ObjectShape("projects[]")
    package static let currentTaskShape = ObjectShape("currentTask")
}
