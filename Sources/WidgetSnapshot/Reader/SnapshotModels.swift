/// One row the widget draws: a task of today (or of the selected project) with its done
/// state (pending taps applied), its project colour, if any, and — from revision 2's `parse`
/// on — when it was done (CONTRACT.md §8).
public struct WidgetTaskRow: Equatable, Sendable {
    public var id: String
    public var title: String
    public var isDone: Bool
    public var projectColor: String?
    /// Epoch ms the task was done: the pending tap's time, else the blob's `doneOn`. Always
    /// nil from the revision-1 `parse`, which does not read it.
    public var doneOn: Int64?

    public init(id: String, title: String, isDone: Bool, projectColor: String?) {
        self.init(id: id, title: title, isDone: isDone, projectColor: projectColor, doneOn: nil)
    }

    public init(id: String, title: String, isDone: Bool, projectColor: String?, doneOn: Int64?) {
        self.id = id
        self.title = title
        self.isDone = isDone
        self.projectColor = projectColor
        self.doneOn = doneOn
    }

    /// Code-point equality: Swift's `==` on `String` would call `"é"` and `"e\u{301}"` equal,
    /// which the other readers (and the contract) do not.
    public static func == (lhs: WidgetTaskRow, rhs: WidgetTaskRow) -> Bool {
        lhs.isDone == rhs.isDone && lhs.doneOn == rhs.doneOn && sameCodePoints(lhs.id, rhs.id)
            && sameCodePoints(lhs.title, rhs.title) && sameCodePoints(lhs.projectColor, rhs.projectColor)
    }
}

/// Exact comparison of two optional strings by their UTF-8 bytes.
func sameCodePoints(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (let lhs?, let rhs?): return sameBytes(lhs, rhs)
    default: return false
    }
}

/// Byte equality of two strings' UTF-8, compared in place when both are stored contiguously
/// (native strings are); element by element otherwise.
private func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
        rhs.utf8.withContiguousStorageIfAvailable { right in JSONTapeReader.equal(left, right) }
    }
    if let contiguous, let equal = contiguous { return equal }
    return lhs.utf8.elementsEqual(rhs.utf8)
}

/// The snapshot's stamp: the day it describes (display only) and the instant it stops
/// being valid (the verdict). Each field is nil on its own when missing or unusable.
public struct SnapshotMeta: Equatable, Sendable {
    public var dayStr: String?
    public var validUntil: Int64?

    public init(dayStr: String?, validUntil: Int64?) {
        self.dayStr = dayStr
        self.validUntil = validUntil
    }

    public static func == (lhs: SnapshotMeta, rhs: SnapshotMeta) -> Bool {
        lhs.validUntil == rhs.validUntil && sameCodePoints(lhs.dayStr, rhs.dayStr)
    }

    /// Both fields unknown: what a broken or unsupported blob yields.
    public static let unknown = SnapshotMeta(dayStr: nil, validUntil: nil)
}

/// What the widget's header says: the list is today's, or it is outdated (with the
/// day it was written for, when that day can be read).
public enum WidgetHeader: Equatable, Sendable {
    case today
    case outdated(dayMs: Int64?)
}

/// Why `WidgetData.parse` produced no rows at all, as opposed to an empty list.
public enum SnapshotParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The blob is not RFC 8259 JSON.
    case syntax(JSONSyntaxError)
    /// The blob is JSON, but its top-level value is not an object.
    case notAnObject
    /// `tasks[index]` is not a JSON object.
    case taskNotAnObject(index: Int)
    /// `tasks[index]` has no `field` (`id` or `title`).
    case missingField(index: Int, field: String)
    /// `projects[index]` is not a JSON object (revision 2: `parse` with a selection,
    /// `parseProjects`, `projectTitle`).
    case projectNotAnObject(index: Int)
    /// `projects[index]` has no `field` (`id` or `title`; `parseProjects`, `projectTitle`).
    case projectMissingField(index: Int, field: String)

    public var description: String {
        switch self {
        case .syntax(let error): return "not JSON: \(error)"
        case .notAnObject: return "the top-level value is not an object"
        case .taskNotAnObject(let index): return "tasks[\(index)] is not an object"
        case .missingField(let index, let field): return "tasks[\(index)] has no \(field)"
        case .projectNotAnObject(let index): return "projects[\(index)] is not an object"
        case .projectMissingField(let index, let field): return "projects[\(index)] has no \(field)"
        }
    }
}
