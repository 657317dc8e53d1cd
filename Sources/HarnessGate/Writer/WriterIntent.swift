import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// What the widget must show for an app state, against what a reader shows for the writer's
/// blob of it: today's tasks in order with their titles, done state, completion time (revision
/// 2) and project colour, the app's day, `today` one ms before the app's day boundary and
/// `outdated` at it; for revision 2, the projects the writer lists with their titles, and a
/// project widget's rows (the project's first 20, done ones only within their grace) and title;
/// for revision 3, the tracked task (`WriterIntent+CurrentTask`).
/// The expectation comes from the state alone (`WriterState`, `AppDayBoundary`), so a writer
/// regression fails here even when every reader agrees on the blob it wrote.
package enum WriterIntent {
    /// How long a project widget keeps a done row after its completion time (CONTRACT.md §8.1).
    static let doneGraceMs: Int64 = 5000

    /// Each way `view` (read at `instant`: `before`, `at` or `fixed`, i.e. `nowMs`; as a project
    /// widget when `selectedProjectId` is set) differs from what `state` means.
    package static func mismatches(_ state: WriterState, boundary: Int64?, instant: String, selectedProjectId: JSONString? = nil,
                                   nowMs: Int64 = 0, view: DecodedView) -> [String] {
        var found: [String] = []
        // The rows the widget must list: Today's, or (a project widget) the selected project's as
        // the writer lists it, less the done rows whose grace is over; Today's when it is not listed.
        var expected = state.rows
        // What the expected rows are, for a message: spelled out only for a mismatch.
        var means = { "the app's today" }
        var project: WriterState.Project?
        if let selectedProjectId {
            project = state.projects.first { $0.listed && $0.id.utf8.elementsEqual(selectedProjectId.utf8) }
            if let project {
                expected = project.rows.filter { row in
                    guard row.isDone else { return true }
                    guard let doneOn = shownDoneOn(row) else { return false }
                    return nowMs < doneOn &+ doneGraceMs
                }
                means = { "at \(nowMs) project \(UntrustedText.escape(project.id))'s list (its first \(WriterState.projectRowLimit) rows, done ones only within \(doneGraceMs) ms of doneOn)" }
            } else {
                means = { "the app's today (the selected project is not one the writer lists)" }
            }
        }
        switch view.parse {
        case .error(let reason):
            found.append("the widget shows no rows (parse fails: \(UntrustedText.escape(reason))), \(means()) has \(expected.count) task(s)")
        case .tasks(let rows):
            found += rowMismatches(expected: expected, shown: rows, means: means, view: state.writes("doneOn") ? view : nil)
        }
        if state.writes("projects") {
            if selectedProjectId == nil {
                if let projects = projectsMismatch(state.listedProjects, view.added["projects"]) { found.append(projects) }
            } else {
                let title = project.map { ViewValue.text($0.title) } ?? .null
                if view.added["projectTitle"] != title {
                    found.append("the project widget's title is \(described(view.added["projectTitle"])), the app's is "
                                 + (project.map { quoted($0.title) } ?? "none (the selected project is not one the writer lists)"))
                }
            }
        }
        if state.writes("currentTask"), let tracked = currentTaskMismatch(state.currentTask, shown: view.added[currentTaskPath]) {
            found.append(tracked)
        }
        if !same(view.meta.dayStr, state.todayStr) {
            found.append("the widget's day is \(quoted(view.meta.dayStr)), the app's day is \(quoted(state.todayStr))")
        }
        if let boundary, instant != "fixed" {
            let beforeEnd = instant == "before"
            let shows = view.stale ? "outdated" : "today"
            let means = beforeEnd ? "today" : "outdated"
            let header: String
            switch view.header {
            case .today: header = "today"
            case .outdated: header = "outdated"
            }
            if shows != means || header != means {
                let when = beforeEnd ? "1 ms before the app's day ends (\(boundary))" : "when the app's day has ended (\(boundary))"
                found.append("\(when) the widget says \(header) (stale \(view.stale)), the app means \(means); the blob's validUntil is "
                             + (view.meta.validUntil.map(String.init) ?? "absent"))
            }
        }
        return found
    }

    private static func rowMismatches(expected: [WriterState.Row], shown: [WidgetTaskRow], means: () -> String, view: DecodedView?) -> [String] {
        guard expected.count == shown.count, zip(expected, shown).allSatisfy({ same($0.id, $1.id) }) else {
            let expectedIds = expected.map(\.id)
            let shownIds = shown.map(\.id)
            let at = zip(expectedIds, shownIds).enumerated().first { !same($0.element.0, $0.element.1) }?.offset ?? min(expectedIds.count, shownIds.count)
            func row(_ ids: [String]) -> String { at < ids.count ? UntrustedText.escape(ids[at]) : "none" }
            return ["the widget shows tasks \(list(shownIds)), \(means()) is \(list(expectedIds)); "
                    + "first difference at row \(at + 1): the widget shows \(row(shownIds)), the app means \(row(expectedIds))"]
        }
        var found: [String] = []
        for (position, (want, got)) in zip(expected, shown).enumerated() {
            // Spelled out only for a mismatch: escaping every row's id was most of the check's cost.
            var task: String { "task \(UntrustedText.escape(want.id))" }
            if !same(got.title, want.title) {
                found.append("\(task): the widget shows the title \(quoted(got.title)), the app's is \(quoted(want.title))")
            }
            if got.isDone != want.isDone {
                found.append("\(task): the widget shows it \(got.isDone ? "done" : "open"), the app has it \(want.isDone ? "done" : "open")")
            }
            // Revision 2: the completion time a row carries, as the readers keep it (only when > 0).
            if let view, position < view.addedRowValues.count {
                let doneOn = view.addedRowValues[position]["doneOn"], wanted = ViewValue.optionalInt(shownDoneOn(want))
                if doneOn != wanted {
                    found.append("\(task): the widget's doneOn is \(described(doneOn)), the app's completion time gives \(described(wanted))")
                }
            }
            if let colour = colourMismatch(want: want.colour, row: got) { found.append("\(task): \(colour)") }
        }
        return found
    }

    /// The `doneOn` a reader shows for a row the writer wrote from `row`: the completion time when
    /// it is above 0 (`optLong("doneOn", 0) > 0`, CONTRACT.md §8.1), else none.
    private static func shownDoneOn(_ row: WriterState.Row) -> Int64? {
        row.doneOn.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Revision 2's `projects` (W6) against `parseProjects`' answer: the listed projects' ids
    /// and titles, in order.
    private static func projectsMismatch(_ listed: [WriterState.Project], _ answer: ViewValue?) -> String? {
        if case .list(let entries)? = answer, entries.count == listed.count,
           zip(entries, listed).allSatisfy({ entry, project in
               guard case .object(let members) = entry, members.count == 2 else { return false }
               return members[0] == .text(project.id) && members[1] == .text(project.title)
           }) {
            return nil
        }
        // (Spelled out only for a mismatch: quoting every project of every state was most of this check.)
        let wanted = listed.map { "\(UntrustedText.escape($0.id)): \(quoted($0.title))" }
        let got: String
        if case .list(let entries)? = answer {
            got = "[" + entries.prefix(6).map { entry in
                guard case .object(let members) = entry, members.count == 2 else { return described(entry) }
                guard case .text(let id) = members[0] else { return "\(described(members[0])): \(described(members[1]))" }
                return "\(UntrustedText.escape(id)): \(described(members[1]))"
            }.joined(separator: ", ") + (entries.count > 6 ? ", … \(entries.count) in all" : "") + "]"
        } else {
            got = described(answer)
        }
        return "the widget's projects are \(got), the app's unarchived visible projects are [\(wanted.prefix(6).joined(separator: ", "))"
            + (wanted.count > 6 ? ", … \(wanted.count) in all" : "") + "]"
    }

    /// A view value as a message shows it.
    static func described(_ value: ViewValue?) -> String {
        switch value {
        case nil, .omitted?: "absent"
        case .null?: "none"
        case .text(let text)?: quoted(text)
        case .int(let number)?: String(number)
        case .bool(let flag)?: String(flag)
        case .error(let reason)?: "an error (\(UntrustedText.escape(reason)))"
        case .list(let items)?: "a list of \(items.count)"
        case .object?: "an object"
        }
    }

    /// The project colour: the row's colour text must be the project theme's primary (or none).
    /// HOOK for the display question (issue 24): once the view carries the painted dot, compare
    /// it here with the colour Android's `Color.parseColor` rule paints for `want` (none for a
    /// text it refuses), beside the text.
    static func colourMismatch(want: String?, row: WidgetTaskRow) -> String? {
        guard !same(row.projectColor, want) else { return nil }
        return "the widget's project colour is \(quoted(row.projectColor)), the project's theme colour is \(quoted(want))"
    }

    /// The same text, code point for code point: a writer that writes "e" + U+0301 for "é"
    /// writes another text, though Swift's `==` (canonical equivalence) calls them equal.
    private static func same(_ a: String?, _ b: String?) -> Bool { SameText.same(a, b) }

    static func quoted(_ text: String?) -> String {
        guard let text else { return "none" }
        let shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "\"" + UntrustedText.escape(shown) + "\""
    }

    private static func list(_ ids: [String]) -> String {
        let shown = ids.prefix(6).map { UntrustedText.escape($0) }.joined(separator: ", ")
        return "[" + shown + (ids.count > 6 ? ", … \(ids.count) in all" : "") + "]"
    }
}
