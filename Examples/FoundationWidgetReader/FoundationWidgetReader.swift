import Foundation
import WidgetSnapshot

/// A comparison reader only — never a product: the widget reader as the most obvious iOS
/// port would write it (what an iOS team that did not adopt `WidgetSnapshot` ships). Shared by
/// the benchmark (`WidgetBench`, timed against the Swift reader) and the worked testee example
/// (`Examples/ios-testee`, run in the gate as `ios-example`); it knows nothing of the harness. It is written on Foundation's `JSONSerialization` (`[String: Any]`, `NSNumber`)
/// and a `DateFormatter` for the day. It follows the field rules of CONTRACT.md §2 as
/// closely as `JSONSerialization` allows, so that timing it against the Swift reader
/// compares like with like. Where it cannot match (see docs/benchmarks.md, "What the numbers mean"):
/// - duplicate keys: the last value wins, but `[String: Any]` keeps no member order, so a
///   container coerced to text (`javaText` of an object) prints keys in hash order;
/// - keys, ids and pending targets are Swift `String`s: canonically-equivalent ids
///   (`"é"` / `"e\u{301}"`) collide where the contract keeps them apart;
/// - numbers: `NSNumber` tells integer (`q`/`i`) from double (`d`) and bool (`c`), but an
///   integer literal beyond int64 is `Q` (unsigned) or an `NSDecimalNumber` (`-2^63` is one),
///   and doubles coerced to text use Swift's `description` (`1e-05`), not Java's
///   `Double.toString` (`1.0E-5`);
/// - input: `JSONSerialization` rejects lone escaped surrogates (the contract says U+FFFD)
///   and has its own depth limit and number grammar;
/// - days: `DateFormatter("yyyy-MM-dd")` with a Gregorian calendar is Julian before
///   1582-10-15 and accepts some forms the strict `YYYY-MM-DD` rule refuses;
/// - expiry: the app's iOS port's own (`stale`): a blob without a numeric `validUntil` has
///   expired, where Android never goes stale without one (CONTRACT.md §9.7).
public enum FoundationReader {
    /// Everything the widget shows for one blob, from one `JSONSerialization` pass.
    public struct Snapshot: Sendable {
        /// The rows, or why there are none (a blob that is not an object, a broken task).
        public var rows: Result<[WidgetTaskRow], Failure>
        public var meta: SnapshotMeta
        /// The port's verdict, not Android's (CONTRACT.md §9.7): the snapshot has expired unless it
        /// has a `validUntil` and now is before it — a blob without one counts as expired.
        public var stale: Bool
        /// The header that verdict gives: outdated, with the day `DateFormatter` reads, when stale.
        public var header: WidgetHeader
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case notJSON
        case notAnObject
        case taskNotAnObject(Int)
        case missingField(Int, String)

        public var description: String {
            switch self {
            case .notJSON: return "JSONSerialization failed"
            case .notAnObject: return "not an object"
            case .taskNotAnObject(let index): return "tasks[\(index)] is not an object"
            case .missingField(let index, let field): return "tasks[\(index)] has no \(field)"
            }
        }
    }

    /// Reads a blob as the iOS widget would: taps keyed by Swift `String` (see above), the day
    /// in the zone named `timeZone` (an IANA name).
    public static func read(_ blob: [UInt8], pendingDoneTargets: [String: Bool], nowMs: Int64, timeZone: String) -> Snapshot {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(blob))
        } catch {
            return Snapshot(rows: .failure(.notJSON), meta: .unknown, stale: false, header: .today)
        }
        guard let root = parsed as? [String: Any] else {
            return Snapshot(rows: .failure(.notAnObject), meta: .unknown, stale: false, header: .today)
        }
        let supported = root["v"].flatMap(int32) == 1
        let rows: Result<[WidgetTaskRow], Failure>
        do {
            rows = .success(supported ? try self.rows(root, pendingDoneTargets) : [])
        } catch {
            rows = .failure(error)
        }
        var meta = SnapshotMeta.unknown
        if supported {
            if let value = root["dayStr"], !(value is NSNull) {
                let text = javaText(value)
                meta.dayStr = text.isEmpty ? nil : text
            }
            if let value = root["validUntil"], let number = int64(value), number > 0 { meta.validUntil = number }
        }
        // The port's `WidgetSnapshot.isValid(at:)` (`validUntil.map { now < $0 } ?? false`, the app's
        // `ios/App/SupWidget/WidgetData.swift` at 2900f2a0 and later) over this reader's validUntil.
        let stale = !(meta.validUntil.map { nowMs < $0 } ?? false)
        let header: WidgetHeader = stale ? .outdated(dayMs: meta.dayStr.flatMap { dayMs($0, zone: timeZone) }) : .today
        return Snapshot(rows: rows, meta: meta, stale: stale, header: header)
    }

    private static func rows(_ root: [String: Any], _ pending: [String: Bool]) throws(Failure) -> [WidgetTaskRow] {
        guard let tasks = root["tasks"] as? [Any] else { return [] }
        let colors = root["projectColors"] as? [String: Any]
        var rows: [WidgetTaskRow] = []
        rows.reserveCapacity(tasks.count)
        for (index, element) in tasks.enumerated() {
            guard let task = element as? [String: Any] else { throw Failure.taskNotAnObject(index) }
            guard let idValue = task["id"] else { throw Failure.missingField(index, "id") }
            guard let titleValue = task["title"] else { throw Failure.missingField(index, "title") }
            let id = javaText(idValue)
            var color: String?
            if let projectId = task["projectId"], !(projectId is NSNull), let colors,
               let entry = colors[javaText(projectId)], !(entry is NSNull) {
                color = javaText(entry)
            }
            let isDone = pending[id] ?? task["isDone"].flatMap(bool) ?? false
            rows.append(WidgetTaskRow(id: id, title: javaText(titleValue), isDone: isDone, projectColor: color))
        }
        return rows
    }

    // MARK: - org.json's coercions over Foundation values

    private enum NumberKind { case bool, integer, double }

    private static func kind(_ number: NSNumber) -> NumberKind {
        if number is NSDecimalNumber { return .double }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"): return .bool
        case UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "Q"): return .double
        default: return .integer
        }
    }

    private static func int32(_ value: Any) -> Int32? {
        if let number = value as? NSNumber {
            switch kind(number) {
            case .bool: return nil
            case .integer: return Int32(truncatingIfNeeded: number.int64Value)
            case .double: return javaInt(number.doubleValue)
            }
        }
        if let text = value as? String, let number = javaParseDouble(text) { return javaInt(number) }
        return nil
    }

    private static func int64(_ value: Any) -> Int64? {
        if let number = value as? NSNumber {
            switch kind(number) {
            case .bool: return nil
            case .integer: return number.int64Value
            case .double: return javaLong(number.doubleValue)
            }
        }
        if let text = value as? String, let number = javaParseDouble(text) { return javaLong(number) }
        return nil
    }

    private static func bool(_ value: Any) -> Bool? {
        if let number = value as? NSNumber { return kind(number) == .bool ? number.boolValue : nil }
        if let text = value as? String {
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        }
        return nil
    }

    /// `String.valueOf` of the value, as far as Foundation can say it.
    private static func javaText(_ value: Any) -> String {
        if let text = value as? String { return text }
        if value is NSNull { return "null" }
        if let number = value as? NSNumber {
            switch kind(number) {
            case .bool: return number.boolValue ? "true" : "false"
            case .integer: return String(number.int64Value)
            case .double: return "\(number.doubleValue)"
            }
        }
        if let data = try? JSONSerialization.data(withJSONObject: value) { return String(decoding: data, as: UTF8.self) }
        return "\(value)"
    }

    /// Java's `Double.parseDouble`, approximately: trimmed, then Swift's `Double(_:)`.
    private static func javaParseDouble(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return Double(trimmed)
    }

    private static func javaInt(_ number: Double) -> Int32 {
        if number.isNaN { return 0 }
        if number >= 2147483647 { return .max }
        if number <= -2147483648 { return .min }
        return Int32(number.rounded(.towardZero))
    }

    private static func javaLong(_ number: Double) -> Int64 {
        if number.isNaN { return 0 }
        if number >= 0x1p63 { return .max }
        if number <= -0x1p63 { return .min }
        return Int64(number.rounded(.towardZero))
    }

    // MARK: - The day, through DateFormatter

    private static let formatters = FormatterCache()

    private static func dayMs(_ dayStr: String, zone: String) -> Int64? {
        guard let formatter = formatters.formatter(zone), let date = formatter.date(from: dayStr) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// One `DateFormatter` per zone, made once (making one per call would cost far more than
    /// the decode; even the obvious port keeps it in a static).
    final class FormatterCache: @unchecked Sendable {
        private let lock = NSLock()
        private var formatters: [String: DateFormatter?] = [:]

        func formatter(_ zone: String) -> DateFormatter? {
            lock.lock()
            defer { lock.unlock() }
            if let cached = formatters[zone] { return cached }
            var made: DateFormatter?
            if let timeZone = TimeZone(identifier: zone) {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                formatter.calendar = calendar
                formatter.timeZone = timeZone
                formatter.dateFormat = "yyyy-MM-dd"
                formatter.isLenient = false
                made = formatter
            }
            formatters[zone] = made
            return made
        }
    }
}
