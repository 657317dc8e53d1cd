/// `diff --base REV` on a terminal: per reader the counts (changed, added, removed, error
/// text only) and the changed fields, then a few examples with before → after.
package enum GoldenDiffText {
    package static func render(_ diff: GoldenDiff, examples: Int = 5) -> String {
        var out = "golden outputs: work tree vs \(diff.baseName) (\(diff.baseCommit.prefix(10)))\n"
        if diff.isEmpty { return out + "\nno case's expected or recorded output changed\n" }
        out += "\n" + row(["reader", "changed", "added", "removed", "error text only"])
        for reader in diff.readers {
            out += row(["\(reader.name) (\(reader.role))", "\(reader.changed.count)", "\(reader.added.count)",
                        "\(reader.removed.count)", "\(reader.errorTextOnly.count)"])
        }
        for reader in diff.readers where !reader.isEmpty {
            out += "\n\(reader.name) (\(reader.folder)):\n"
            for group in reader.byField {
                out += "  " + TextSummary.pad(group.field, 28) + "\(group.cases) cases\n"
            }
            let families = reader.byFamily
            out += "  by fixture/family: " + families.prefix(8).map { "\($0.family) \($0.cases)" }.joined(separator: ", ")
            out += families.count > 8 ? ", … (\(families.count) in all)\n" : "\n"
            for (label, ids) in [("added", reader.added), ("removed", reader.removed), ("error text only", reader.errorTextOnly)] where !ids.isEmpty {
                out += "  \(label): " + ids.prefix(examples).joined(separator: ", ") + (ids.count > examples ? ", … (\(ids.count) in all)" : "") + "\n"
            }
            let picked = reader.examples(examples)
            if !picked.isEmpty {
                out += "  examples (\(picked.count) of \(reader.changed.count) changed cases):\n"
                for example in picked {
                    out += "    \(example.caseId)  \(example.difference.field): \(example.difference.expected) → \(example.difference.got)\n"
                }
            }
        }
        return out
    }

    private static func row(_ cells: [String]) -> String {
        cells.enumerated().map { $0.offset == 0 ? TextSummary.pad($0.element, 30) : TextSummary.pad($0.element, 10) }
            .joined().trimmingTrailingSpaces() + "\n"
    }
}
