import Foundation
import ContractModel

/// Text made safe for the HTML pages (`report --html`, `explain --html`): blobs are hostile
/// input (markup, NULs, raw controls, invalid UTF-8), so every string goes through here and
/// nothing a case carries can become markup or vanish silently.
package enum HTMLText {
    /// Text content: escapes `& < >`; shows C0 controls other than tab and newline as their
    /// control pictures (U+2400…), DEL as ␡ and C1 controls, line separators, invisible format characters (bidi overrides, zero-width, BOM) and noncharacters as `⟨U+0085⟩`, which an HTML
    /// parser would otherwise drop or remap. Quotes stay as they are (JSON is full of them).
    package static func escape(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// An attribute value (always written in double quotes): `escape` plus `"` and `'`.
    package static func attribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        // Most texts are plain printable ASCII with nothing to escape: returned as they are.
        let plain = text.utf8.allSatisfy { byte in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && !(quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")))
        }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                switch scalar.value {
                case 0x00..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
                case 0x7F: out += "\u{2421}"
                case 0x20..<0x7F: out.unicodeScalars.append(scalar)  // printable ASCII: never invisible
                case 0x80..<0xA0, 0x2028, 0x2029: out += "⟨U+" + String(format: "%04X", scalar.value) + "⟩"
                default:
                    // Bidi overrides, zero-width characters, BOM, tags, noncharacters: shown, never obeyed.
                    if UntrustedText.isInvisible(scalar) {
                        out += "⟨U+" + String(format: "%04X", scalar.value) + "⟩"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out
    }

    /// A value for an `id` attribute or fragment: `[a-z0-9-]` only (case ids are close to
    /// that already; anything else becomes `-`).
    package static func anchor(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "0"..."9", "-": return Character(scalar)
            default: return "-"
            }
        })
    }

    /// `2026-07-17T22:00:00.000Z`, for epoch milliseconds shown next to the number.
    /// (A page shows the same few instants thousands of times: each is formatted once.)
    package static func instant(_ epochMs: Int64) -> String {
        InstantTexts.shared.text(epochMs)
    }
}

/// `HTMLText.instant`'s formatter, made once, and the texts it gave, behind one lock (a
/// formatter is not to be shared between threads unguarded).
private final class InstantTexts: @unchecked Sendable {
    static let shared = InstantTexts()
    private let lock = NSLock()
    private let formatter: ISO8601DateFormatter
    private var texts: [Int64: String] = [:]

    private init() {
        formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
    }

    func text(_ epochMs: Int64) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let text = texts[epochMs] { return text }
        let text = formatter.string(from: Date(timeIntervalSince1970: Double(epochMs) / 1000))
        texts[epochMs] = text
        return text
    }
}
