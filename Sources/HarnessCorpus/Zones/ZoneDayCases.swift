import ContractModel
import WidgetSnapshot

/// The zone dimension's cases: for every picked transition, the day before, the day itself
/// and the day after, each in a small v:1 blob stamped `validUntil` = the transition, read at
/// `before` (one ms earlier: today) and `at` (stale, so the header shows `dayStrToMs(day)`).
/// A reader keeps `validUntil` only when it is above 0 (CONTRACT §2), so a change before 1970
/// (`off-grid-midnight`, `only-change`) is stamped 1 ms after the epoch instead: read at 0 and
/// at 1, its `at` cases are stale all the same.
///
/// Ids: `zones/zone.<class>#<day>.<prev|day|next>@<zone label>@<instant>`.
package enum ZoneDayCases {
    /// The first word of every zone-day case id (its golden files are `golden/*/zones.jsonl`).
    package static let fixtureName = "zones"

    package static func cases(_ file: ZoneDayFile) -> [Case] {
        var cases: [Case] = []
        for transition in file.transitions {
            guard let day = DayString.CalendarDay(transition.day) else { continue }  // checked when the file was read
            let validUntil = max(transition.at * 1000, 1)
            for (relative, shift) in [("prev", Int64(-1)), ("day", 0), ("next", 1)] {
                let dayStr = CalendarArithmetic.dayString(day.daysSinceEpoch + shift)
                var blob = JSONObject()
                blob["v"] = .integer(1)
                blob["dayStr"] = .string(JSONString(dayStr))
                blob["validUntil"] = .integer(validUntil)
                var task = JSONObject()
                task["id"] = .string("t1")
                task["title"] = .string(JSONString("\(transition.zoneClass.rawValue) \(transition.zone) \(dayStr)"))
                task["isDone"] = .bool(false)
                blob["tasks"] = .array([.object(task)])
                let text = JSONWriter.compact(.object(blob))
                for (instant, now) in [("before", validUntil - 1), ("at", validUntil)] {
                    let id = CaseID.make(fixture: fixtureName, operator: transition.zoneClass.operatorId,
                                                 parameter: "\(transition.day).\(relative)", zone: transition.zone,
                                                 instant: instant)
                    cases.append(Case(id: id, blob: text, pendingDoneTargets: [], nowMs: now, timeZone: transition.zone))
                }
            }
        }
        return cases
    }
}
