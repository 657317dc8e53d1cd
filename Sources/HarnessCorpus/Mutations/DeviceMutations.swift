import ContractModel
import WidgetSnapshot

/// The device's locale, calendar and digits as a case input (CONTRACT.md §4): the canonical
/// blob read on devices whose calendar is not Gregorian, whose digits are not ASCII, or whose
/// case mapping is Turkish, at every instant (in its first zone: no zone changes what a device
/// setting does to a reader), so that each day question (`header.dayMs`
/// through `dayStrToMs`, `display.header.day` back from it) is asked on a stale snapshot under
/// each. Every reader must answer exactly as on a device without one: a reader that parses or
/// formats the day with the device's locale (a `SimpleDateFormat` without `Locale.US`, a
/// `DateFormatter` left on the device's calendar) reads 2026 as a Buddhist, Persian, Islamic or
/// Reiwa year, or prints digits its own round trip refuses.
package enum DeviceMutations {
    /// A device setting by its tag; the parameter is the tag lower-cased (case ids are lower case).
    private static func settings(_ tags: [String]) -> [(String, DeviceLocale)] {
        tags.map { tag in
            guard let device = try? DeviceLocale(tag: tag) else { preconditionFailure("not a device locale: \(tag)") }
            return (tag.lowercased(), device)
        }
    }

    /// Calendars a device can have: the Gregorian control, Thai Buddhist (the app's own test
    /// `dayStrToMsIgnoresANonGregorianDeviceCalendar`; `th-TH` alone is Buddhist on the JDK and
    /// on Apple's platforms), Japanese imperial, Persian and Islamic (`fa-IR`, `ar-SA`: their
    /// regions' calendars on Apple's platforms, and their digits).
    static let calendars = settings(["en-US", "th-TH-u-ca-buddhist", "th-TH", "ja-JP-u-ca-japanese", "fa-IR",
                                     "ar-SA", "ar-SA-u-ca-islamic"])
    /// Digits a device can have, each on a Gregorian calendar: Arabic-Indic, Extended
    /// Arabic-Indic (Persian), Devanagari, Thai.
    static let digits = settings(["ar-EG", "fa-IR-u-ca-gregory", "hi-IN-u-nu-deva", "th-TH-u-ca-gregory-nu-thai"])
    /// Case mapping: Turkish lower-cases `I` to dotless `ı` and upper-cases `i` to `İ`.
    static let caseMapping = settings(["tr-TR"])
    /// Every device setting the family runs under (the fuzzer draws from them too).
    package static var allSettings: [DeviceLocale] { (calendars + digits + caseMapping).map(\.1) }

    static let all: [MutationOperator] = [
        .change("device.calendar", .device, "the canonical blob on a device of this calendar (and its locale's digits)",
                reach: .canonicalFirstZone, calendars) { edit, _, device in
            edit.deviceLocale = device
            return true
        },
        .change("device.digits", .device, "the canonical blob on a device of these digits (Gregorian calendar)",
                reach: .canonicalFirstZone, digits) { edit, _, device in
            edit.deviceLocale = device
            return true
        },
        // Colour names with an `I` in upper case: Android lower-cases them with Locale.ROOT
        // (CONTRACT.md §9.2), so LIME and SILVER are dots on every device.
        .change("device.case-mapping", .device, "upper-case colour names holding I (LIME, SILVER) on a Turkish device",
                reach: .canonicalFirstZone, caseMapping) { edit, _, device in
            edit.deviceLocale = device
            return edit.draft.set("projectColors", .value(.object(JSONObject(["p1": .string("LIME"), "p2": .string("SILVER")]))))
        },
        // A number given as text, which org.json reads with Double.parseDouble (CONTRACT.md §3),
        // a grammar with a `.` whatever the locale: a C reader's bare strtod takes the decimal
        // point of the C locale it runs under (`,` in tr_TR.UTF-8) and reads 1 here.
        .change("device.number-text", .device, "validUntil as the text 1.7843256E12 on a device whose decimal point is a comma",
                reach: .canonicalFirstZone, caseMapping) { edit, _, device in
            edit.deviceLocale = device
            return edit.draft.replace("validUntil", with: .string("1.7843256E12"))
        },
    ]
}
