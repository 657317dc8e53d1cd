import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// What the widget must show for an app state, against what a reader shows for the writer's
/// blob of it: today's tasks in order with their titles, done state and project colour, the
/// app's day, `today` one ms before the app's day boundary and `outdated` at it. The
/// expectation comes from the state alone (`WriterState`, `AppDayBoundary`), so a writer
/// regression fails here even when every reader agrees on the blob it wrote.
package enum WriterIntent {
    /// Each way `view` (read at `instant`: `before`, `at` or `fixed`) differs from what `state` means.
    package static func mismatches(_ state: WriterState, boundary: Int64?, instant: String, view: DecodedView) -> [String] {
        var found: [String] = []
        switch view.parse {
        case .error(let reason):
            found.append("the widget shows no rows (parse fails: \(UntrustedText.escape(reason))), the app has \(state.rows.count) task(s) today")
        case .tasks(let rows):
            found += rowMismatches(expected: state.rows, shown: rows)
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

    private static func rowMismatches(expected: [WriterState.Row], shown: [WidgetTaskRow]) -> [String] {
        let expectedIds = expected.map(\.id)
        let shownIds = shown.map(\.id)
        guard expectedIds.elementsEqual(shownIds, by: same) else {
            return ["the widget shows tasks \(list(shownIds)), the app's today is \(list(expectedIds))"]
        }
        var found: [String] = []
        for (want, got) in zip(expected, shown) {
            // Spelled out only for a mismatch: escaping every row's id was most of the check's cost.
            var task: String { "task \(UntrustedText.escape(want.id))" }
            if !same(got.title, want.title) {
                found.append("\(task): the widget shows the title \(quoted(got.title)), the app's is \(quoted(want.title))")
            }
            if got.isDone != want.isDone {
                found.append("\(task): the widget shows it \(got.isDone ? "done" : "open"), the app has it \(want.isDone ? "done" : "open")")
            }
            if let colour = colourMismatch(want: want.colour, row: got) { found.append("\(task): \(colour)") }
        }
        return found
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

    private static func quoted(_ text: String?) -> String {
        guard let text else { return "none" }
        let shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "\"" + UntrustedText.escape(shown) + "\""
    }

    private static func list(_ ids: [String]) -> String {
        let shown = ids.prefix(6).map { UntrustedText.escape($0) }.joined(separator: ", ")
        return "[" + shown + (ids.count > 6 ? ", … \(ids.count) in all" : "") + "]"
    }
}
