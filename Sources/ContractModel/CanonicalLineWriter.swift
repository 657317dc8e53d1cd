import WidgetSnapshot

/// The canonical one-line JSON of a decoded view (CONTRACT.md §6): fixed key order, no
/// spaces, so that views from different readers compare byte for byte. Revision 1's members
/// first, then every field the contract description adds, in its order (rows' added members
/// after `projectColor`, top-level ones after `header`); a field the view lacks is left out.
extension DecodedView {
    package var canonicalJSON: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        appendCanonicalJSON(to: &out)
        return out
    }

    package var canonicalJSONString: String { String(decoding: canonicalJSON, as: UTF8.self) }

    package func appendCanonicalJSON(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        JSONWriter.appendString(Array(id.utf8), to: &out)
        out.append(contentsOf: #","parse":"#.utf8)
        switch parse {
        case .error(let reason):
            out.append(contentsOf: #"{"error":"#.utf8)
            JSONWriter.appendString(Array(reason.utf8), to: &out)
            out.append(UInt8(ascii: "}"))
        case .tasks(let rows):
            out.append(contentsOf: #"{"tasks":["#.utf8)
            for (position, row) in rows.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: #"{"id":"#.utf8)
                JSONWriter.appendString(Array(row.id.utf8), to: &out)
                out.append(contentsOf: #","title":"#.utf8)
                JSONWriter.appendString(Array(row.title.utf8), to: &out)
                out.append(contentsOf: (row.isDone ? #","isDone":true"# : #","isDone":false"#).utf8)
                out.append(contentsOf: #","projectColor":"#.utf8)
                appendOptionalString(row.projectColor, to: &out)
                if position < addedRowValues.count { appendAdded(addedRowValues[position], ContractDescription.current.addedRowMembers, to: &out) }
                out.append(UInt8(ascii: "}"))
            }
            out.append(contentsOf: "]}".utf8)
        }
        if !notImplemented.isEmpty {
            appendPartial(to: &out)
            appendAdded(added, ContractDescription.current.addedMembers, to: &out)
            out.append(UInt8(ascii: "}"))
            return
        }
        out.append(contentsOf: #","meta":{"dayStr":"#.utf8)
        appendOptionalString(meta.dayStr, to: &out)
        out.append(contentsOf: #","validUntil":"#.utf8)
        appendOptionalInteger(meta.validUntil, to: &out)
        out.append(contentsOf: (stale ? #"},"stale":true,"header":"# : #"},"stale":false,"header":"#).utf8)
        switch header {
        case .today:
            out.append(contentsOf: #"{"kind":"today"}"#.utf8)
        case .outdated(let dayMs):
            out.append(contentsOf: #"{"kind":"outdated","dayMs":"#.utf8)
            appendOptionalInteger(dayMs, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        appendAdded(added, ContractDescription.current.addedMembers, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `,"name":value` for each described member that has a value, in the description's order.
    private func appendAdded(_ values: AddedValues, _ members: [ViewMember], to out: inout [UInt8]) {
        guard !values.isEmpty else { return }
        for member in members {
            guard let value = values[member.name] else { continue }
            out.append(UInt8(ascii: ","))
            JSONWriter.appendString(Array(member.name.utf8), to: &out)
            out.append(UInt8(ascii: ":"))
            member.appendValue(value, to: &out)
        }
    }

    /// The rest of a line from a reader that leaves fields out: exactly the revision-1 fields
    /// it gave, in canonical order (what it wrote, for explain and the reports), unclosed.
    private func appendPartial(to out: inout [UInt8]) {
        let metaFields = [FieldPath.Name.dayStr, .validUntil].filter { !notImplemented.contains($0) }
        if !metaFields.isEmpty {
            out.append(contentsOf: #","meta":{"#.utf8)
            if metaFields.contains(.dayStr) {
                out.append(contentsOf: #""dayStr":"#.utf8)
                appendOptionalString(meta.dayStr, to: &out)
            }
            if metaFields.contains(.validUntil) {
                out.append(contentsOf: (metaFields.count == 2 ? #","validUntil":"# : #""validUntil":"#).utf8)
                appendOptionalInteger(meta.validUntil, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        if !notImplemented.contains(.stale) { out.append(contentsOf: (stale ? #","stale":true"# : #","stale":false"#).utf8) }
        if !notImplemented.contains(.headerKind) {
            switch header {
            case .today:
                out.append(contentsOf: #","header":{"kind":"today"}"#.utf8)
            case .outdated(let dayMs):
                out.append(contentsOf: #","header":{"kind":"outdated""#.utf8)
                if !notImplemented.contains(.headerDayMs) {
                    out.append(contentsOf: #","dayMs":"#.utf8)
                    appendOptionalInteger(dayMs, to: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
        }
    }

    private func appendOptionalString(_ value: String?, to out: inout [UInt8]) {
        if let value { JSONWriter.appendString(Array(value.utf8), to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    private func appendOptionalInteger(_ value: Int64?, to out: inout [UInt8]) {
        if let value { JSONWriter.appendInteger(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }
}

extension ReaderOutcome {
    /// The outcome as one line of a views stream: the view's canonical line, or
    /// `{"id":"…","crash":"…"}` when there is no view (`ViewLine` reads both back).
    package func canonicalLine(id: String) -> [UInt8] {
        switch self {
        case .view(let view):
            return view.canonicalJSON
        case .failure(let reason):
            var out = Array(#"{"id":"#.utf8)
            JSONWriter.appendString(Array(id.utf8), to: &out)
            out.append(contentsOf: #","crash":"#.utf8)
            JSONWriter.appendString(Array(reason.utf8), to: &out)
            out.append(UInt8(ascii: "}"))
            return out
        }
    }
}
