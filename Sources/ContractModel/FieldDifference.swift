import Foundation
import WidgetSnapshot

/// One compared field on which two outcomes disagree (CONTRACT §6: parse kind and rows,
/// meta, stale, header, and every field the contract description adds — never error texts),
/// with both sides as short text.
///
/// `FieldDifference.between` is *the* comparison: the gate, `diff`, the fuzzers, the
/// libFuzzer target and the benchmark all ask it whether two views agree.
package struct FieldDifference: Equatable, Sendable {
    package var path: FieldPath
    package var expected: String
    package var got: String

    package init(path: FieldPath, expected: String, got: String) {
        self.path = path
        self.expected = expected
        self.got = got
    }

    /// `got` of a field the reader's view line leaves out (a reader that does not implement it).
    package static let notImplemented = "not implemented"

    /// The field as written in reports: `parse.tasks[2].isDone`, `header.kind`, `crash`.
    package var field: String { path.description }

    /// Every compared field where `got` differs from `expected`; empty when they agree.
    package static func between(expected: ReaderOutcome, got: ReaderOutcome) -> [FieldDifference] {
        switch (expected, got) {
        case (.view(let expected), .view(let got)):
            // Most views of a run equal their expected ones: equal complete views differ in nothing.
            if got.notImplemented.isEmpty, expected == got { return [] }
            return between(expected: expected, got: got)
        case (.view, .failure(let reason)):
            return [FieldDifference(path: FieldPath(got.noViewField ?? .crash), expected: "a view", got: "failure: \(reason)")]
        case (.failure(let reason), .view):
            // No expected view for the case: the expected output is what is missing.
            return [FieldDifference(path: FieldPath(.missing), expected: "failure: \(reason)", got: "a view")]
        case (.failure, .failure):
            return []
        }
    }

    /// Every compared field of two views where `got` differs from `expected`: revision 1's
    /// typed fields, then every field the contract description adds, in its order.
    package static func between(expected: DecodedView, got: DecodedView) -> [FieldDifference] {
        var differences: [FieldDifference] = []
        parseDifferences(expected, got, into: &differences)
        if !got.notImplemented.isEmpty {
            notImplementedDifferences(expected: expected, got: got, into: &differences)
        } else {
            revisionOneDifferences(expected: expected, got: got, into: &differences)
        }
        addedDifferences(expected: expected, got: got, into: &differences)
        return differences
    }

    /// The fields revisions after 1 add at the top level, generically by their description:
    /// one `got` leaves out differs as "not implemented"; one only `got` has differs with
    /// `expected` "not implemented" (an older recording, the base of a diff).
    private static func addedDifferences(expected: DecodedView, got: DecodedView, into differences: inout [FieldDifference]) {
        guard !expected.added.isEmpty || !got.added.isEmpty else { return }
        for member in ContractDescription.current.addedMembers {
            guard let want = expected.added[member.name] else {
                if let have = got.added[member.name] { differences += member.appeared(got: have) }
                continue
            }
            guard let have = got.added[member.name] else {
                differences += member.notImplemented(expected: want)
                continue
            }
            member.differences(expected: want, got: have, into: &differences)
        }
    }

    /// Meta, stale and header of two complete views.
    private static func revisionOneDifferences(expected: DecodedView, got: DecodedView, into differences: inout [FieldDifference]) {
        if !sameText(expected.meta.dayStr, got.meta.dayStr) {
            differences.append(FieldDifference(path: FieldPath(.dayStr), expected: text(expected.meta.dayStr), got: text(got.meta.dayStr)))
        }
        if expected.meta.validUntil != got.meta.validUntil {
            differences.append(FieldDifference(path: FieldPath(.validUntil), expected: text(expected.meta.validUntil),
                                               got: text(got.meta.validUntil)))
        }
        if expected.stale != got.stale {
            differences.append(FieldDifference(path: FieldPath(.stale), expected: String(expected.stale), got: String(got.stale)))
        }
        switch (expected.header, got.header) {
        case (.today, .today):
            break
        case (.outdated(let want), .outdated(let have)):
            if want != have { differences.append(FieldDifference(path: FieldPath(.headerDayMs), expected: text(want), got: text(have))) }
        default:
            differences.append(FieldDifference(path: FieldPath(.headerKind), expected: text(expected.header), got: text(got.header)))
        }
    }

    /// The comparison of meta, stale and header when `got` leaves some of them out: an
    /// omitted field differs as "not implemented" (it agrees with nothing); `header.dayMs`
    /// exists only where the expected header is outdated. The fields it has are compared.
    private static func notImplementedDifferences(expected: DecodedView, got: DecodedView, into differences: inout [FieldDifference]) {
        let missing = got.notImplemented
        func omitted(_ name: FieldPath.Name, _ expectedText: String) {
            differences.append(FieldDifference(path: FieldPath(name), expected: expectedText, got: notImplemented))
        }
        if missing.contains(.dayStr) {
            omitted(.dayStr, text(expected.meta.dayStr))
        } else if !sameText(expected.meta.dayStr, got.meta.dayStr) {
            differences.append(FieldDifference(path: FieldPath(.dayStr), expected: text(expected.meta.dayStr), got: text(got.meta.dayStr)))
        }
        if missing.contains(.validUntil) {
            omitted(.validUntil, text(expected.meta.validUntil))
        } else if expected.meta.validUntil != got.meta.validUntil {
            differences.append(FieldDifference(path: FieldPath(.validUntil), expected: text(expected.meta.validUntil), got: text(got.meta.validUntil)))
        }
        if missing.contains(.stale) {
            omitted(.stale, String(expected.stale))
        } else if expected.stale != got.stale {
            differences.append(FieldDifference(path: FieldPath(.stale), expected: String(expected.stale), got: String(got.stale)))
        }
        var expectedDayMs: Int64?? = nil
        if case .outdated(let dayMs) = expected.header { expectedDayMs = .some(dayMs) }
        if missing.contains(.headerKind) {
            omitted(.headerKind, expectedDayMs == nil ? "today" : "outdated")
            if let dayMs = expectedDayMs, missing.contains(.headerDayMs) { omitted(.headerDayMs, text(dayMs)) }
            return
        }
        switch (expected.header, got.header) {
        case (.today, .today):
            break
        case (.outdated(let want), .outdated(let have)):
            if missing.contains(.headerDayMs) {
                omitted(.headerDayMs, text(want))
            } else if want != have {
                differences.append(FieldDifference(path: FieldPath(.headerDayMs), expected: text(want), got: text(have)))
            }
        default:
            let gotText = missing.contains(.headerDayMs) ? "outdated" : text(got.header)
            differences.append(FieldDifference(path: FieldPath(.headerKind), expected: text(expected.header), got: gotText))
        }
    }

    /// True when every compared field agrees (error texts are never compared).
    package static func agree(_ expected: DecodedView, _ got: DecodedView) -> Bool {
        between(expected: expected, got: got).isEmpty
    }

    private static func parseDifferences(_ expectedView: DecodedView, _ gotView: DecodedView, into differences: inout [FieldDifference]) {
        switch (expectedView.parse, gotView.parse) {
        case (.error, .error):
            return
        case (.error(let reason), .tasks(let rows)):
            differences.append(FieldDifference(path: FieldPath(.parse), expected: "error (\(reason))", got: "\(rows.count) rows"))
        case (.tasks(let rows), .error(let reason)):
            differences.append(FieldDifference(path: FieldPath(.parse), expected: "\(rows.count) rows", got: "error (\(reason))"))
        case (.tasks(let expectedRows), .tasks(let gotRows)):
            guard expectedRows.count == gotRows.count else {
                differences.append(FieldDifference(path: FieldPath(.tasks), expected: "\(expectedRows.count) rows", got: "\(gotRows.count) rows"))
                return
            }
            let addedRowMembers = expectedView.addedRowValues.isEmpty && gotView.addedRowValues.isEmpty
                ? [] : ContractDescription.current.addedRowMembers
            for (row, (want, have)) in zip(expectedRows, gotRows).enumerated() {
                if !sameText(want.id, have.id) {
                    differences.append(FieldDifference(path: FieldPath(.taskId, row: row), expected: quoted(want.id), got: quoted(have.id)))
                }
                if !sameText(want.title, have.title) {
                    differences.append(FieldDifference(path: FieldPath(.taskTitle, row: row), expected: quoted(want.title), got: quoted(have.title)))
                }
                if want.isDone != have.isDone {
                    differences.append(FieldDifference(path: FieldPath(.taskIsDone, row: row), expected: String(want.isDone), got: String(have.isDone)))
                }
                if !sameText(want.projectColor, have.projectColor) {
                    differences.append(FieldDifference(path: FieldPath(.taskProjectColor, row: row), expected: text(want.projectColor),
                                                       got: text(have.projectColor)))
                }
                for member in addedRowMembers {
                    guard let wantValue = expectedView.addedValue(member, row: row) else {
                        if let haveValue = gotView.addedValue(member, row: row) { differences += member.appeared(got: haveValue, row: row) }
                        continue
                    }
                    guard let haveValue = gotView.addedValue(member, row: row) else {
                        differences += member.notImplemented(expected: wantValue, row: row)
                        continue
                    }
                    member.differences(expected: wantValue, got: haveValue, row: row, into: &differences)
                }
            }
        }
    }

    /// Code-point (UTF-8 byte) equality (`SameText`).
    private static func sameText(_ lhs: String?, _ rhs: String?) -> Bool { SameText.same(lhs, rhs) }

    /// A string as JSON text, cut after 120 bytes.
    package static func quoted(_ text: String) -> String {
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
