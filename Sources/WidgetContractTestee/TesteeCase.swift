import ContractModel
import Foundation

/// One case as a testee receives it (CONTRACT.md §6), decoded for the reader under test:
/// the blob's exact bytes (from `blob` or `blobBase64`), the queued taps in order with exact
/// code points, revision 2's tap times and selected project, the instant, the zone and the
/// device's locale and calendar.
///
/// The device (CONTRACT.md §4): a Swift reader cannot be moved to another `Locale.current` per
/// case (Foundation reads the process's once; on Linux it ignores the environment), so the kit
/// hands it the case's device as values — `deviceLocale` and `deviceCalendar` — and a reader
/// uses them wherever it would use `Locale.current`, `Calendar.current` or a formatter's
/// defaults (`DateFormatter()` takes both from the device). The contract's answer never depends
/// on them: a reader that formats or parses a day with them fails the `device` family's cases.
public struct TesteeCase: Sendable {
    public let id: String
    /// The blob's bytes: not necessarily UTF-8, not necessarily JSON.
    public let blob: [UInt8]
    /// The queued check-box taps, in queue order (a later entry for the same id wins); the ids
    /// keep their exact code points (`"e\u{301}"` and `"é"` are two entries).
    public let pendingDoneTargets: [(taskId: String, isDone: Bool)]
    /// Revision 2: the times of the queued taps that marked a task done, in queue order (a later
    /// entry for the same id wins), exact code points as for the targets; empty in a revision-1 case.
    public let pendingDoneTimestamps: [(taskId: String, doneAtMs: Int64)]
    /// Revision 2: the project a project widget shows; nil for the Today widget (`""` is a selection).
    public let selectedProjectId: String?
    /// The display question (CONTRACT.md §9.1): the rows the widget can show; 20 (Android's)
    /// unless the case names another. An iOS family maps it to its own row count.
    public let capacity: Int
    public let nowMs: Int64
    /// The IANA name, e.g. `Europe/Berlin`.
    public let timeZoneName: String
    /// The device's locale as the case names it, a BCP 47 tag (`th-TH-u-ca-buddhist`: Thai,
    /// Buddhist calendar; `fa-IR-u-ca-gregory`: Persian digits on a Gregorian calendar); nil when
    /// the case names none.
    public let deviceLocaleIdentifier: String?

    public init(id: String, blob: [UInt8], pendingDoneTargets: [(taskId: String, isDone: Bool)],
                pendingDoneTimestamps: [(taskId: String, doneAtMs: Int64)] = [], selectedProjectId: String? = nil,
                capacity: Int = 20, nowMs: Int64, timeZoneName: String, deviceLocaleIdentifier: String? = nil) {
        self.id = id
        self.blob = blob
        self.pendingDoneTargets = pendingDoneTargets
        self.pendingDoneTimestamps = pendingDoneTimestamps
        self.selectedProjectId = selectedProjectId
        self.capacity = capacity
        self.nowMs = nowMs
        self.timeZoneName = timeZoneName
        self.deviceLocaleIdentifier = deviceLocaleIdentifier
    }

    /// The blob as text when it is valid UTF-8 (what a reader taking `String` gets), else nil.
    public var blobText: String? { UTF8Text.decode(blob) }

    /// Foundation's zone of that name; nil when this machine's tzdata lacks it (CONTRACT.md §4:
    /// then no day can be computed, `dayMs` is null).
    public var timeZone: TimeZone? { TimeZone(identifier: timeZoneName) }

    /// The device's `Locale`, what `Locale.current` is on that device: the case's, else the
    /// process's own. Built from the ICU spelling of the tag (`th_TH@calendar=buddhist`), which
    /// Foundation reads alike on every platform.
    public var deviceLocale: Locale {
        guard let tag = deviceLocaleIdentifier else { return Locale.current }
        guard let device = try? DeviceLocale(tag: tag) else { return Locale(identifier: tag) }
        return Locale(identifier: device.icuIdentifier)
    }

    /// The device's `Calendar`, what `Calendar.current` is on that device: the device locale's
    /// calendar (Buddhist for `th-TH`, Persian for `fa-IR`), in the case's zone when this machine
    /// knows it; the process's own when the case names no device.
    public var deviceCalendar: Calendar {
        var calendar = deviceLocaleIdentifier == nil ? Calendar.current : deviceLocale.calendar
        calendar.locale = deviceLocale
        if let zone = timeZone { calendar.timeZone = zone }
        return calendar
    }
}
