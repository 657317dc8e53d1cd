import WidgetSnapshot

/// Which `todayStr` the app itself can hold (CONTRACT.md §7.2 W2): `getDbDateStr` of a clock
/// after 1970 writes a padded real `yyyy-MM-dd` day from 1970-01-01 to 9999-12-31.
package enum AppStateDays {
    package static func isAppDay(_ text: AppText) -> Bool {
        guard !text.hasLoneSurrogate, let day = DayString.CalendarDay(text.description) else { return false }
        return day.daysSinceEpoch >= 0
    }
}

extension AppState {
    /// What `inApp` must say for this state: its day is one the app writes and its offset one
    /// its settings give.
    package var isHeldByApp: Bool { AppState.isAppOffset(startOfNextDayDiffMs) && AppStateDays.isAppDay(todayStr) }
}
