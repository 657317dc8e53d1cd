import ContractModel
import Foundation

/// The project dots a person would see, side by side (issue 24): for a case whose display
/// differs, one column per reader and one line per row on screen, each dot painted as a
/// swatch over a checkerboard (so alpha shows) with its `#AARRGGBB` beside it, or "no dot".
/// Built from the view's field values only (`display.rows[].id` and `.dot`), never from a
/// reader's own code, so any testee's dots can be drawn.
package enum HTMLSwatches {
    /// One reader's rows on screen: each row's id and dot text (nil: no dot). `rows` nil: the
    /// reader gave no display (not implemented, crashed, no view).
    package struct Column: Sendable {
        package var reader: String
        package var rows: [(id: String, dot: String?)]?

        package init(reader: String, rows: [(id: String, dot: String?)]?) {
            self.reader = reader
            self.rows = rows
        }
    }

    /// The swatch table, `""` when no column has a row to show.
    package static func render(_ columns: [Column]) -> String {
        let depth = columns.map { $0.rows?.count ?? 0 }.max() ?? 0
        guard depth > 0 else { return "" }
        var out = "<h4>dots on screen</h4>\n<table class=\"swatches\">\n<tr><th>row</th>"
        for column in columns { out += "<th>\(HTMLText.escape(column.reader))</th>" }
        out += "</tr>\n"
        for index in 0..<depth {
            out += "<tr><td class=\"num\">\(index + 1)</td>"
            for column in columns {
                guard let rows = column.rows else {
                    out += "<td class=\"same\">no display</td>"
                    continue
                }
                guard index < rows.count else {
                    out += "<td class=\"same\">not shown</td>"
                    continue
                }
                let row = rows[index]
                out += "<td>\(swatch(row.dot)) <code>\(HTMLText.escape(row.id))</code></td>"
            }
            out += "</tr>\n"
        }
        return out + "</table>\n"
    }

    /// One dot: a painted circle and its text when the text is exactly `#AARRGGBB`; any other
    /// text (a hostile testee's) is shown escaped, unpainted.
    static func swatch(_ dot: String?) -> String {
        guard let dot else { return "<span class=\"swatch none\" title=\"no dot\"></span><span class=\"same\">no dot</span>" }
        guard let argb = argb(dot) else { return "<span class=\"swatch none\"></span><code>\(HTMLText.escape(dot))</code>" }
        let (a, r, g, b) = (argb >> 24, (argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF)
        let alpha = String(format: "%.3f", Double(a) / 255)
        return "<span class=\"swatch\"><span style=\"background:rgba(\(r),\(g),\(b),\(alpha))\"></span></span><code>\(dot)</code>"
    }

    /// The colour of exactly `#` and eight upper-case or lower-case hex digits.
    static func argb(_ text: String) -> UInt32? {
        let bytes = Array(text.utf8)
        guard bytes.count == 9, bytes[0] == UInt8(ascii: "#"),
              bytes.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0)
                  || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) else { return nil }
        return UInt32(String(decoding: bytes.dropFirst(), as: UTF8.self), radix: 16)
    }

    /// A reader's rows on screen from its view's `display` value; nil when it has none.
    package static func rows(of outcome: ReaderOutcome?) -> [(id: String, dot: String?)]? {
        let description = ContractDescription.current
        guard case .view(let view)? = outcome, case .object(let display)? = view.added["display"],
              let rowsAt = description.objectMembers(at: "display")?.firstIndex(where: { $0.name == "rows" }), rowsAt < display.count,
              case .list(let rows) = display[rowsAt], let members = description.objectMembers(at: "display.rows[]"),
              let idAt = members.firstIndex(where: { $0.name == "id" }), let dotAt = members.firstIndex(where: { $0.name == "dot" })
        else { return nil }
        return rows.map { row in
            guard case .object(let values) = row, idAt < values.count, dotAt < values.count else { return (id: "?", dot: nil) }
            var id = "?", dot: String?
            if case .text(let text) = values[idAt] { id = text }
            if case .text(let text) = values[dotAt] { dot = text }
            return (id: id, dot: dot)
        }
    }
}
