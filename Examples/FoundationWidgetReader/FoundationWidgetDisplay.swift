import Foundation
import WidgetSnapshot

/// A comparison reader only — never a product: what the app's iOS port paints, its
/// presentation decisions kept out of SwiftUI (which does not build here) so that they can be
/// a testee (`Examples/ios-testee`, the display part of CONTRACT.md §9). It answers the way a
/// JSONSerialization-era iOS widget typically does, on `FoundationReader`'s rows and stamp:
/// - its own colour parser (`IOSColor`): `#RGB`, `#RRGGBB`, `#AARRGGBB` (so a CSS `#RRGGBBAA`
///   shifts its channels, as on Android), `rgb()` and `rgba()`, trimmed of whitespace, no names;
/// - a widget that cannot scroll: 3 rows on a medium family, 9 on a large one (the large one
///   when the asked capacity holds 9 rows), then "+N more";
/// - an expired snapshot — one whose `validUntil` has passed, and one without a `validUntil`
///   (CONTRACT.md §9.7) — shows no rows: the empty view asks the user to open the app;
/// - its header always reads "Today": the port labels no snapshot outdated and prints no date
///   (the app's iOS README at e7d8f57441: "it hides expired rows and shows the existing refresh
///   prompt instead");
/// - no project widget: a selection is ignored (Today's rows, the stamp's header).
public enum FoundationWidgetDisplay {
    /// The widget families the port ships and the rows each shows.
    public enum Family: Int, Sendable {
        case medium = 3
        case large = 9

        /// The family a widget of `capacity` rows is: large when 9 rows fit, else medium.
        public init(capacity: Int) {
            self = capacity >= Family.large.rawValue ? .large : .medium
        }
    }

    public static func display(_ snapshot: FoundationReader.Snapshot, capacity: Int) -> WidgetDisplay {
        let family = Family(capacity: capacity)
        var listed: [WidgetTaskRow] = []
        if case .success(let rows) = snapshot.rows, !snapshot.stale { listed = rows }
        let shown = listed.prefix(family.rawValue).map { row in
            WidgetDisplayRow(id: row.id, title: row.title, isDone: row.isDone, dot: row.projectColor.flatMap(IOSColor.parse))
        }
        return WidgetDisplay(rows: shown, moreCount: listed.count - shown.count, header: .today, showsEmptyView: shown.isEmpty)
    }
}

/// The port's colour parser (the app's iOS `WidgetColor` is plain Foundation): CSS-ish texts,
/// no colour names.
public enum IOSColor {
    public static func parse(_ text: String) -> WidgetDotColor? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if trimmed.hasPrefix("#") { return hex(String(trimmed.dropFirst())) }
        for prefix in ["rgba(", "rgb("] where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(")") {
            return components(String(trimmed.dropFirst(prefix.count).dropLast()), withAlpha: prefix == "rgba(")
        }
        return nil
    }

    private static func hex(_ digits: String) -> WidgetDotColor? {
        guard let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let (r, g, b) = ((value >> 8) & 0xF, (value >> 4) & 0xF, value & 0xF)
            return WidgetDotColor(argb: 0xFF00_0000 | (r * 0x11) << 16 | (g * 0x11) << 8 | b * 0x11)
        case 6: return WidgetDotColor(argb: 0xFF00_0000 | value)
        case 8: return WidgetDotColor(argb: value)
        default: return nil
        }
    }

    private static func components(_ list: String, withAlpha: Bool) -> WidgetDotColor? {
        let parts = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == (withAlpha ? 4 : 3) else { return nil }
        var channels: [UInt32] = []
        for part in parts.prefix(3) {
            guard let channel = UInt32(part), channel <= 255 else { return nil }
            channels.append(channel)
        }
        var alpha: UInt32 = 255
        if withAlpha {
            guard let opacity = Double(parts[3]), opacity >= 0, opacity <= 1 else { return nil }
            alpha = UInt32((opacity * 255).rounded())
        }
        return WidgetDotColor(argb: alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2])
    }
}
