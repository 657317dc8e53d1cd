import ContractModel
import HarnessReaders
import WidgetSnapshot

/// A reader far from done, as an app's port is when its team first plugs it in (the trial of
/// issue 37): the Swift reader with `meta.dayStr` unread (always `null`) and every other field
/// of the first revision wrong — rows for an error and an error for rows, `validUntil` -7,
/// `stale` flipped, the other header, and a display with one row too many, one more beyond
/// capacity, the other header and the empty view flipped. Judged as a testee of revision 1.
struct ScramblingReader: InProcessReader {
    let name: String
    /// The one value it gives `meta.dayStr` (nil: `null`).
    var dayStr: String?

    init(name: String = "scrambled", dayStr: String? = nil) {
        self.name = name
        self.dayStr = dayStr
    }

    func outcome(_ testCase: Case) -> ReaderOutcome {
        guard case .view(var view) = SwiftReader().outcome(testCase) else { return SwiftReader().outcome(testCase) }
        switch view.parse {
        case .tasks(let rows) where !rows.isEmpty:
            view.parse = .error("~")
        default:
            view.parse = .tasks([WidgetTaskRow(id: "~", title: "~", isDone: true, projectColor: "~")])
            view.addedRowValues = []
        }
        view.meta = SnapshotMeta(dayStr: dayStr, validUntil: -7)
        view.stale.toggle()
        switch view.header {
        case .today: view.header = .outdated(dayMs: -7)
        case .outdated: view.header = .today
        }
        if let display = view.added["display"] { view.added["display"] = Self.scrambled(display) }
        return .view(view)
    }

    private static let display = ContractDescription.current.objectMembers(at: "display")!.map(\.name)
    private static let row = ViewValue.ObjectShape("display.rows[]")
    private static let header = ViewValue.ObjectShape("display.header")

    private static func scrambled(_ display: ViewValue) -> ViewValue {
        guard case .object(var values) = display else { return display }
        func at(_ name: String) -> Int { Self.display.firstIndex(of: name)! }
        if case .list(let rows) = values[at("rows")] {
            let extra = row.object(["id": .text("~"), "title": .text("~"), "isDone": .bool(true), "dot": .text("#00000001")])
            values[at("rows")] = .list([extra] + rows)
        }
        if case .int(let more) = values[at("more")] { values[at("more")] = .int(more + 1) }
        if case .object(let header) = values[at("header")], case .text(let kind) = header[0] {
            values[at("header")] = Self.header.object(["kind": .text(kind == "today" ? "outdated" : "today"),
                                                       "title": header[1] == .null ? .text("~") : .null,
                                                       "day": header[2] == .null ? .text("0001-01-01") : .null])
        }
        if case .bool(let empty) = values[at("empty")] { values[at("empty")] = .bool(!empty) }
        return .object(values)
    }
}

/// The Android reader of the app's bug #9098 (a stale list labelled Today), as the glue made a
/// testee of it: it has `parse` only, so its views leave out `meta`, `stale`, `header` and —
/// without a header to paint — the display. The Swift reader with those fields left out.
struct UnlabelledReader: InProcessReader {
    let name: String
    /// Keep the display (a reader that paints through its own rules).
    var paints = false

    func outcome(_ testCase: Case) -> ReaderOutcome {
        guard case .view(var view) = SwiftReader().outcome(testCase) else { return SwiftReader().outcome(testCase) }
        view.notImplemented = [.dayStr, .validUntil, .stale, .headerKind, .headerDayMs]
        if !paints { view.added["display"] = nil }
        return .view(view)
    }
}
