import WidgetSnapshot

/// One compared field on which two views disagree (CONTRACT §6: parse kind and rows,
/// meta, stale, header — never error texts), with both sides as short text.
public struct FieldDifference: Equatable, Sendable {
    /// `parse`, `parse.tasks[2].isDone`, `meta.validUntil`, `stale`, `header`, or `outcome`
    /// when a reader failed to produce a view at all.
    public var field: String
    public var expected: String
    public var got: String

    /// `got` of a field the reader's view line leaves out (a reader that does not implement it).
    public static let notImplemented = "not implemented"

    /// The family of the field, for grouping: `parse`, `meta`, `stale`, `header`, `outcome`.
    public var fieldFamily: String { String(field.prefix { $0 != "." && $0 != "[" }) }

    /// Every compared field where `got` differs from `expected`.
    public static func between(expected: ReaderOutcome, got: ReaderOutcome) -> [FieldDifference] {
        switch (expected, got) {
        case (.view(let expected), .view(let got)):
            return between(expected: expected, got: got)
        case (.failure(let reason), .view):
            return [FieldDifference(field: "outcome", expected: "failure: \(reason)", got: "a view")]
        case (.view, .failure(let reason)):
            return [FieldDifference(field: "outcome", expected: "a view", got: "failure: \(reason)")]
        case (.failure, .failure):
            return []
        }
    }

    public static func between(expected: DecodedView, got: DecodedView) -> [FieldDifference] {
        var differences: [FieldDifference] = []
        differences += parseDifferences(expected.parse, got.parse)
        if !sameText(expected.meta.dayStr, got.meta.dayStr) {
            differences.append(FieldDifference(field: "meta.dayStr", expected: text(expected.meta.dayStr), got: text(got.meta.dayStr)))
        }
        if expected.meta.validUntil != got.meta.validUntil {
            differences.append(FieldDifference(field: "meta.validUntil", expected: text(expected.meta.validUntil), got: text(got.meta.validUntil)))
        }
        if expected.stale != got.stale {
            differences.append(FieldDifference(field: "stale", expected: String(expected.stale), got: String(got.stale)))
        }
        if expected.header != got.header {
            differences.append(FieldDifference(field: "header", expected: text(expected.header), got: text(got.header)))
        }
        return differences
    }

    private static func parseDifferences(_ expected: DecodedView.Parse, _ got: DecodedView.Parse) -> [FieldDifference] {
        switch (expected, got) {
        case (.error, .error):
            return []
        case (.error(let reason), .tasks(let rows)):
            return [FieldDifference(field: "parse", expected: "error (\(reason))", got: "\(rows.count) rows")]
        case (.tasks(let rows), .error(let reason)):
            return [FieldDifference(field: "parse", expected: "\(rows.count) rows", got: "error (\(reason))")]
        case (.tasks(let expectedRows), .tasks(let gotRows)):
            if expectedRows.count != gotRows.count {
                return [FieldDifference(field: "parse.tasks", expected: "\(expectedRows.count) rows", got: "\(gotRows.count) rows")]
            }
            var differences: [FieldDifference] = []
            for (index, (want, have)) in zip(expectedRows, gotRows).enumerated() where want != have {
                let prefix = "parse.tasks[\(index)]"
                if !sameText(want.id, have.id) { differences.append(FieldDifference(field: prefix + ".id", expected: quoted(want.id), got: quoted(have.id))) }
                if !sameText(want.title, have.title) { differences.append(FieldDifference(field: prefix + ".title", expected: quoted(want.title), got: quoted(have.title))) }
                if want.isDone != have.isDone { differences.append(FieldDifference(field: prefix + ".isDone", expected: String(want.isDone), got: String(have.isDone))) }
                if !sameText(want.projectColor, have.projectColor) {
                    differences.append(FieldDifference(field: prefix + ".projectColor", expected: text(want.projectColor), got: text(have.projectColor)))
                }
            }
            return differences
        }
    }

    private static func sameText(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let lhs?, let rhs?): return lhs.utf8.elementsEqual(rhs.utf8)
        default: return false
        }
    }

    static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        JSONWriter.appendString(Array(text.utf8.prefix(120)), to: &out)
        return String(decoding: out, as: UTF8.self) + (text.utf8.count > 120 ? "…" : "")
    }

    private static func text(_ value: String?) -> String { value.map(quoted) ?? "null" }
    private static func text(_ value: Int64?) -> String { value.map(String.init) ?? "null" }
    private static func text(_ header: WidgetHeader) -> String {
        switch header {
        case .today: return "today"
        case .outdated(let dayMs): return "outdated(\(text(dayMs)))"
        }
    }
}
