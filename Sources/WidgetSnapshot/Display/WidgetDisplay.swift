/// What a widget shows for a snapshot, decided before any drawing: the rows on screen with
/// their dots, how many more did not fit, the header, and whether the empty view shows
/// (CONTRACT.md §9). `WidgetData.display` answers it as Android's widget paints it; a SwiftUI
/// view only lays it out.
public struct WidgetDisplay: Equatable, Sendable {
    /// The rows on screen, in order (at most the widget's capacity).
    public var rows: [WidgetDisplayRow]
    /// The rows the list has beyond the capacity (Android drops them; an iOS family that cannot
    /// scroll paints "+K more").
    public var moreCount: Int
    public var header: WidgetDisplayHeader
    /// The "No tasks for today" view: shown exactly when no row is on screen.
    public var showsEmptyView: Bool

    public init(rows: [WidgetDisplayRow], moreCount: Int, header: WidgetDisplayHeader, showsEmptyView: Bool) {
        self.rows = rows
        self.moreCount = moreCount
        self.header = header
        self.showsEmptyView = showsEmptyView
    }
}

/// One row on screen: its title, a checked box and muted ink when done, and the project dot
/// (nil: no dot).
public struct WidgetDisplayRow: Equatable, Sendable {
    public var id: String
    public var title: String
    public var isDone: Bool
    public var dot: WidgetDotColor?

    public init(id: String, title: String, isDone: Bool, dot: WidgetDotColor?) {
        self.id = id
        self.title = title
        self.isDone = isDone
        self.dot = dot
    }

    /// Code-point equality, as for `WidgetTaskRow`.
    public static func == (lhs: WidgetDisplayRow, rhs: WidgetDisplayRow) -> Bool {
        lhs.isDone == rhs.isDone && lhs.dot == rhs.dot && sameCodePoints(lhs.id, rhs.id) && sameCodePoints(lhs.title, rhs.title)
    }
}

/// The header's meaning, not its localised text: "Today", "<date> (outdated)" / "Outdated",
/// or a selected project's title.
public enum WidgetDisplayHeader: Equatable, Sendable {
    case today
    /// The local calendar day of `dayMs` in the widget's zone; nil when the snapshot's day is
    /// unknown (the "Outdated" title without a date).
    case outdated(day: WidgetCalendarDay?)
    case project(title: String)

    public static func == (lhs: WidgetDisplayHeader, rhs: WidgetDisplayHeader) -> Bool {
        switch (lhs, rhs) {
        case (.today, .today): return true
        case (.outdated(let a), .outdated(let b)): return a == b
        case (.project(let a), .project(let b)): return sameCodePoints(a, b)
        default: return false
        }
    }
}

/// A calendar day (proleptic Gregorian) as the header names it.
public struct WidgetCalendarDay: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day that holds the instant `ms` on a clock `offsetSeconds` east of UTC.
    init(epochMs ms: Int64, offsetSeconds: Int) {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let local = seconds + Int64(offsetSeconds)
        let date = DayString.CalendarDay(daysSinceEpoch: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// `YYYY-MM-DD` (the year with at least four digits).
    public var description: String {
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
