/// One compared field of a decoded view, or an outcome that is not a view: the names
/// reports, divergence lists, findings and the comparison share, so that a field is spelt
/// one way everywhere (`parse.tasks[2].title`; with the row dropped, `parse.tasks[].title`).
/// The names come from the contract description (`ContractDescription.fieldNames`).
package struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The field without a row number; `rawValue` is its name in every file and report. The
    /// known names are the description's fields (revision 1's as static members) and the two
    /// outcomes `crash` and `missing`.
    package struct Name: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String

        /// A known name; nil for any other text.
        package init?(rawValue: String) {
            guard Self.known.contains(rawValue) else { return nil }
            self.rawValue = rawValue
        }

        private init(known rawValue: String) { self.rawValue = rawValue }

        /// The kind of the parse: rows or an error.
        package static let parse = Name(known: "parse")
        /// The row count.
        package static let tasks = Name(known: "parse.tasks")
        package static let taskId = Name(known: "parse.tasks[].id")
        package static let taskTitle = Name(known: "parse.tasks[].title")
        package static let taskIsDone = Name(known: "parse.tasks[].isDone")
        package static let taskProjectColor = Name(known: "parse.tasks[].projectColor")
        package static let dayStr = Name(known: "meta.dayStr")
        package static let validUntil = Name(known: "meta.validUntil")
        package static let stale = Name(known: "stale")
        package static let headerKind = Name(known: "header.kind")
        package static let headerDayMs = Name(known: "header.dayMs")
        /// The reader produced no view (crash, hang, a line that is not a view).
        package static let crash = Name(known: "crash")
        /// A recording has no output for the case.
        package static let missing = Name(known: "missing")

        /// Every name: the description's view fields in canonical order, then the outcomes.
        package static let allCases: [Name] = ContractDescription.current.fieldNames.map { Name(known: $0.name) } + [.crash, .missing]
        private static let known = Set(allCases.map(\.rawValue))

        /// True for the fields of one list element (`parse.tasks[].…`, `projects[].…`), which
        /// carry a row number.
        package var isRowField: Bool { rawValue.contains("[]") }

        /// The field's top-level group: `parse`, `meta`, `stale`, `header`, `projects`, `crash` …
        package var family: String { String(rawValue.prefix { $0 != "." && $0 != "[" }) }

        /// The feature of the contract that added the field; the base for the outcomes.
        package var feature: String { ContractDescription.current.feature(ofField: rawValue) ?? ContractDescription.current.base.name }

        package var description: String { rawValue }
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
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return nil }
        let digits = text[text.index(after: open)..<close]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              digits.count == 1 || digits.first != "0", let row = Int(digits),
              let name = Name(rawValue: text[..<open] + "[" + text[close...]), name.isRowField else { return nil }
        self.name = name
        self.row = row
    }

    /// `parse.tasks[3].title`; `meta.dayStr`.
    package var description: String {
        guard let row, let open = name.rawValue.range(of: "[]") else { return name.rawValue }
        return name.rawValue[..<open.lowerBound] + "[\(row)]" + name.rawValue[open.upperBound...]
    }

    /// The field with its row number dropped (`parse.tasks[].title`): what groups the same
    /// disagreement across rows in reports, findings and the shrinker.
    package var key: String { name.rawValue }

    /// `parse`, `meta`, `stale`, `header`, `crash`, `missing`, or a later revision's top-level field.
    package var family: String { name.family }
}
