/// One compared field of a decoded view, or an outcome that is not a view: the names
/// reports, divergence lists, findings and the comparison share, so that a field is spelt
/// one way everywhere (`parse.tasks[2].title`; with the row dropped, `parse.tasks[].title`).
package struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The field without a row number; `rawValue` is its name in every file and report.
    package enum Name: String, CaseIterable, Sendable {
        /// The kind of the parse: rows or an error.
        case parse = "parse"
        /// The row count.
        case tasks = "parse.tasks"
        case taskId = "parse.tasks[].id"
        case taskTitle = "parse.tasks[].title"
        case taskIsDone = "parse.tasks[].isDone"
        case taskProjectColor = "parse.tasks[].projectColor"
        case dayStr = "meta.dayStr"
        case validUntil = "meta.validUntil"
        case stale = "stale"
        case headerKind = "header.kind"
        case headerDayMs = "header.dayMs"
        /// The reader produced no view (crash, hang, a line that is not a view).
        case crash = "crash"
        /// A recording has no output for the case.
        case missing = "missing"

        /// True for the fields of one row (`parse.tasks[].…`), which carry a row number.
        package var isRowField: Bool { rawValue.hasPrefix("parse.tasks[]") }

        /// The field's top-level group: `parse`, `meta`, `stale`, `header`, `crash`, `missing`.
        package var family: String { String(rawValue.prefix { $0 != "." && $0 != "[" }) }
    }

    package var name: Name
    /// The row (from 0) of a row field; nil for the other fields, and for a row field named
    /// without its row (`parse.tasks[].title`, as divergence lists and findings name it).
    package var row: Int?

    package init(_ name: Name, row: Int? = nil) {
        precondition(row == nil || name.isRowField, "a row number goes with the row fields only")
        self.name = name
        self.row = row
    }

    /// Reads a field as reports and findings write it: `parse.tasks[3].title`, or with the
    /// row left out, `parse.tasks[].title` (then `row` is nil). Nil for any other text.
    package init?(_ text: String) {
        if let name = Name(rawValue: text) {
            self.name = name
            self.row = nil
            return
        }
        let prefix = "parse.tasks["
        guard text.hasPrefix(prefix), let close = text.firstIndex(of: "]") else { return nil }
        let digits = text[text.index(text.startIndex, offsetBy: prefix.count)..<close]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              digits.count == 1 || digits.first != "0", let row = Int(digits),
              let name = Name(rawValue: prefix + text[close...]), name.isRowField else { return nil }
        self.name = name
        self.row = row
    }

    /// `parse.tasks[3].title`; `meta.dayStr`.
    package var description: String {
        guard let row else { return name.rawValue }
        return "parse.tasks[\(row)]" + name.rawValue.dropFirst("parse.tasks[]".count)
    }

    /// The field with its row number dropped (`parse.tasks[].title`): what groups the same
    /// disagreement across rows in reports, findings and the shrinker.
    package var key: String { name.rawValue }

    /// `parse`, `meta`, `stale`, `header`, `crash` or `missing`.
    package var family: String { name.family }
}
