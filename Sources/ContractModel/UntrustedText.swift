/// The one escaping rule for text that came from a tree or a testee (titles, ids, reasons,
/// error texts, a testee's stderr, sealed golden/kotlin error texts) on its way into a text
/// output (`check`, `explain`, progress lines, error messages): a pull request must not be
/// able to start a line of its own in a CI log — GitHub Actions reads a line starting `::`
/// as a workflow command (`::error …`, `::add-mask::`) — nor send a terminal control sequence.
///
/// - newline, carriage return and tab are shown as `\n`, `\r`, `\t`;
/// - every other control character (C0, DEL, C1), the line and paragraph separators, the
///   bidirectional overrides and isolates, every other invisible format character (U+200B,
///   U+200D, U+00AD, U+FEFF, tags) and the noncharacters (U+FFFE, U+10FFFF, …) are shown as
///   `\u` and four hex digits (`\u001b`, `\u0001`, `\u2028`, `\ufffe`);
/// - a text that would start with `::` (after spaces or tabs) has its first colon shown as `\u003a`.
///
/// A backslash is kept as it is, so JSON values (already escaped) read as they always did.
/// HTML, JUnit XML, JSON and Markdown have their own escaping on top (`HTMLText`,
/// `JUnitReport.escape`, `JSONWriter`, `MarkdownText`).
package enum UntrustedText {
    /// One piece of untrusted text, for the middle (or start) of a line.
    package static func escape(_ text: String) -> String {
        escape(text, keepingTabs: false)
    }

    private static func escape(_ text: String, keepingTabs: Bool) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) || startsWithCommand(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += keepingTabs ? "\t" : "\\t"
            default:
                if needsEscape(scalar) { out += hex(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return neutralizeCommand(out)
    }

    /// A whole text output whose line breaks are its own (a report, an error message): each
    /// line gets the same rule, so whatever piece was put in unescaped, no line of the output
    /// starts with `::` and no control character reaches the log raw.
    package static func guardLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && needsEscape($0) })
              || text.contains("::") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escape(String($0), keepingTabs: true) }
            .joined(separator: "\n")
    }

    /// True for the scalars shown as `\uXXXX` (newline, return and tab have short forms).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        case 0xFFFE, 0xFFFF: return true
        default: return isInvisible(scalar)
        }
    }

    /// Invisible format characters (zero-width space and joiners, soft hyphen, BOM, tags, …) and
    /// noncharacters (U+10FFFF, U+FDD0…): they let two different ids or titles look the same.
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || scalar.properties.isNoncharacterCodePoint
    }

    /// A JSON text (a report) with every non-ASCII scalar `needsEscape` names written as a
    /// `\uXXXX` escape (a surrogate pair above U+FFFF; a lone surrogate a string kept as WTF-8
    /// as its own escape): a JSON parser reads the same values, and whoever opens the raw file
    /// sees no bidi override, line separator, C1 control or invisible character a pull request
    /// put in a title, id or reason. ASCII is left alone (a JSON writer escapes its controls,
    /// and outside strings a JSON text is ASCII), and so is a byte that starts no sequence.
    package static func escapingJSON(_ json: [UInt8]) -> [UInt8] {
        guard json.contains(where: { $0 >= 0x80 }) else { return json }
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 64)
        var index = 0
        while index < json.count {
            let lead = json[index]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            guard length > 1, index + length <= json.count,
                  json[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) else {
                out.append(lead)
                index += 1
                continue
            }
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for byte in json[(index + 1)..<(index + length)] { value = value << 6 | UInt32(byte & 0x3F) }
            if (0xD800...0xDFFF).contains(value) {
                out.append(contentsOf: hexUnit(UInt16(value)).utf8)
            } else if let scalar = Unicode.Scalar(value), needsEscape(scalar) {
                for unit in scalar.utf16 { out.append(contentsOf: hexUnit(unit).utf8) }
            } else {
                out.append(contentsOf: json[index..<(index + length)])
            }
            index += length
        }
        return out
    }

    private static func hexUnit(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func startsWithCommand(_ text: String) -> Bool {
        text.drop { $0 == " " || $0 == "\t" }.hasPrefix("::")
    }

    /// `::x` → `\u003a:x` (leading spaces kept).
    private static func neutralizeCommand(_ text: String) -> String {
        guard startsWithCommand(text) else { return text }
        let spaces = text.prefix { $0 == " " || $0 == "\t" }
        return spaces + "\\u003a" + text.dropFirst(spaces.count + 1)
    }
}
