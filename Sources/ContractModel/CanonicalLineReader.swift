import WidgetSnapshot

/// The strict reader of the canonical line (the writer is `CanonicalLineWriter.swift`):
/// one line of a views stream (a testee's stdout, `golden/expected/*.jsonl`,
/// `golden/kotlin/*.jsonl`) is a decoded view (CONTRACT.md §6), or a testee's
/// `{"id":…,"crash":"…"}` for a case it could not decode. A lone surrogate a reader kept
/// (`\ud800`) is read as that escape text, so that it compares unequal to U+FFFD.
package enum ViewLine {
    /// `allowingNotImplemented`: a testee's line may leave out `meta`, `stale`, `header` or
    /// one of their subfields, or a field a feature after the base adds (CONTRACT §6); the view
    /// then names them in `notImplemented`. Golden files are read without it: their base fields
    /// are always there, and a feature's field only where their reader implements it.
    package static func parse(_ line: some Collection<UInt8>, file: String, lineNumber: Int,
                             allowingNotImplemented: Bool = false) throws(HarnessInputError) -> (id: String, outcome: ReaderOutcome) {
        let value: JSONValue
        do {
            value = try JSONParser(loneSurrogates: .keepAsEscapeText).parse(Array(line))
        } catch {
            throw HarnessInputError(file: file, line: lineNumber, message: "not a JSON view line: \(error)")
        }
        guard case .object(let object) = value else {
            throw HarnessInputError(file: file, line: lineNumber, message: "a view line must be a JSON object")
        }
        let fields = JSONFieldReader(object, file: file, line: lineNumber)
        let id = try fields.string("id").string
        if fields.has("crash") {
            return (id, .failure("crash: " + (try fields.string("crash").string)))
        }
        try fields.rejectUnknownKeys(allowed: Keys.view)
        var omitted: Set<FieldPath.Name> = []
        let (parse, rowValues) = try parse(fields.nested("parse"), allowingNotImplemented: allowingNotImplemented, omitted: &omitted)
        let added = try addedValues(fields, ContractDescription.current.addedMembers, allowingNotImplemented: allowingNotImplemented,
                                    omitted: &omitted)
        guard allowingNotImplemented else {
            let view = DecodedView(id: id, parse: parse, meta: try meta(fields.nested("meta")),
                                   stale: try fields.bool("stale"), header: try header(fields.nested("header")),
                                   added: added, addedRowValues: rowValues)
            return (id, .view(view))
        }
        var meta = SnapshotMeta(dayStr: nil, validUntil: nil)
        if fields.has("meta") {
            let members = try fields.nested("meta")
            try members.rejectUnknownKeys(allowed: Keys.meta)
            if members.has("dayStr") { meta.dayStr = try optionalString(members, "dayStr") } else { omitted.insert(.dayStr) }
            if members.has("validUntil") { meta.validUntil = try optionalInteger(members, "validUntil") } else { omitted.insert(.validUntil) }
        } else {
            omitted.formUnion([.dayStr, .validUntil])
        }
        var stale = false
        if fields.has("stale") { stale = try fields.bool("stale") } else { omitted.insert(.stale) }
        var header = WidgetHeader.today
        if fields.has("header") {
            let members = try fields.nested("header")
            if try members.string("kind").string == "outdated" && !members.has("dayMs") {
                try members.rejectUnknownKeys(allowed: Keys.today)
                header = .outdated(dayMs: nil)
                omitted.insert(.headerDayMs)
            } else {
                header = try self.header(members)
            }
        } else {
            omitted.formUnion([.headerKind, .headerDayMs])
        }
        let view = DecodedView(id: id, parse: parse, meta: meta, stale: stale, header: header,
                               notImplemented: omitted, added: added, addedRowValues: rowValues)
        return (id, .view(view))
    }

    private static func parse(_ fields: JSONFieldReader, allowingNotImplemented: Bool,
                              omitted: inout Set<FieldPath.Name>) throws(HarnessInputError) -> (DecodedView.Parse, [AddedValues]) {
        if fields.has("error") {
            try fields.rejectUnknownKeys(allowed: Keys.parseError)
            return (.error(try fields.string("error").string), [])
        }
        try fields.rejectUnknownKeys(allowed: Keys.parseTasks)
        var rows: [WidgetTaskRow] = []
        var rowValues: [AddedValues] = []
        let addedRowMembers = ContractDescription.current.addedRowMembers
        for (index, element) in try fields.array("tasks").enumerated() {
            guard case .object(let object) = element else { throw fields.failure("tasks[\(index)]", "expected an object") }
            let row = fields.element(object, of: "tasks", at: index)
            try row.rejectUnknownKeys(allowed: Keys.task)
            rows.append(WidgetTaskRow(id: try row.string("id").string, title: try row.string("title").string,
                                      isDone: try row.bool("isDone"), projectColor: try optionalString(row, "projectColor")))
            if !addedRowMembers.isEmpty {
                rowValues.append(try addedValues(row, addedRowMembers, allowingNotImplemented: allowingNotImplemented, omitted: &omitted))
            }
        }
        return (.tasks(rows), rowValues)
    }

    /// The described members of `fields` (features after the base add them), by name: each one
    /// present is read by its type; one absent is left out of the view, and with
    /// `allowingNotImplemented` named in `omitted` (a field the reader does not produce). A golden
    /// line may lack a feature's field its reader does not implement; one it declares and lacks
    /// differs from the expected view as "not implemented", which no list entry excuses.
    private static func addedValues(_ fields: JSONFieldReader, _ members: [ViewMember], allowingNotImplemented: Bool,
                                    omitted: inout Set<FieldPath.Name>) throws(HarnessInputError) -> AddedValues {
        var values: AddedValues = [:]
        for member in members {
            guard let json = fields.object[member.name] else {
                guard allowingNotImplemented else { continue }
                for name in member.topFieldNames { if let known = FieldPath.Name(rawValue: name) { omitted.insert(known) } }
                continue
            }
            var inner: Set<FieldPath.Name>? = allowingNotImplemented ? [] : nil
            values[member.name] = try member.readValue(json, in: fields, omitted: &inner)
            if let inner { omitted.formUnion(inner) }
        }
        return values
    }

    private static func meta(_ fields: JSONFieldReader) throws(HarnessInputError) -> SnapshotMeta {
        try fields.rejectUnknownKeys(allowed: Keys.meta)
        return SnapshotMeta(dayStr: try optionalString(fields, "dayStr"), validUntil: try optionalInteger(fields, "validUntil"))
    }

    private static func header(_ fields: JSONFieldReader) throws(HarnessInputError) -> WidgetHeader {
        switch try fields.string("kind").string {
        case "today":
            try fields.rejectUnknownKeys(allowed: Keys.today)
            return .today
        case "outdated":
            try fields.rejectUnknownKeys(allowed: Keys.outdated)
            return .outdated(dayMs: try optionalInteger(fields, "dayMs"))
        case let other:
            throw fields.failure("kind", "expected \"today\" or \"outdated\", got \"\(other)\"")
        }
    }

    /// The members each object of a view line may have, built once (not per line and row).
    /// Besides revision 1's, the members the contract description adds.
    private enum Keys {
        static let view = Set(["id", "parse", "meta", "stale", "header"] + ContractDescription.current.addedMembers.map(\.name))
        static let meta: Set<String> = ["dayStr", "validUntil"]
        static let parseError: Set<String> = ["error"]
        static let parseTasks: Set<String> = ["tasks"]
        static let task = Set(["id", "title", "isDone", "projectColor"] + ContractDescription.current.addedRowMembers.map(\.name))
        static let today: Set<String> = ["kind"]
        static let outdated: Set<String> = ["kind", "dayMs"]
    }

    private static func optionalString(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> String? {
        if case .null = try fields.value(key) { return nil }
        return try fields.string(key).string
    }

    private static func optionalInteger(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> Int64? {
        if case .null = try fields.value(key) { return nil }
        return try fields.integer(key)
    }
}
