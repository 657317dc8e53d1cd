/// `diff --base REV --markdown FILE`: the same as `GoldenDiffText`, shaped for a pull-request
/// comment — a counts table first, the changed fields per reader, then at most N examples
/// per reader (before/after) folded in `<details>`.
package enum GoldenDiffMarkdown {
    package static func render(_ diff: GoldenDiff, examples: Int = 5) -> String {
        var out = "## Golden output changes vs \(MarkdownText.code(diff.baseName)) (\(MarkdownText.code(String(diff.baseCommit.prefix(10)))))\n\n"
        if diff.isEmpty { return out + "No case's expected or recorded output changed.\n" }
        out += "| reader | changed | added | removed | error text only |\n|---|---:|---:|---:|---:|\n"
        for reader in diff.readers {
            out += "| \(MarkdownText.plain(reader.name)) (\(reader.role)) | \(reader.changed.count) | \(reader.added.count) | \(reader.removed.count) | \(reader.errorTextOnly.count) |\n"
        }
        for reader in diff.readers where !reader.isEmpty {
            out += "\n### \(MarkdownText.plain(reader.name)) (\(MarkdownText.code(reader.folder)))\n\n"
            if !reader.changed.isEmpty {
                out += "| field | cases |\n|---|---:|\n"
                for group in reader.byField { out += "| \(MarkdownText.cell(group.field)) | \(group.cases) |\n" }
            }
            let families = reader.byFamily
            out += "\nBy fixture/family: " + families.prefix(8).map { "\(MarkdownText.code($0.family)) \($0.cases)" }.joined(separator: ", ")
            out += families.count > 8 ? ", … (\(families.count) in all)\n" : "\n"
            for (label, ids) in [("Added", reader.added), ("Removed", reader.removed), ("Error text only", reader.errorTextOnly)] where !ids.isEmpty {
                out += "\n\(label) (\(ids.count)): " + ids.prefix(examples).map { MarkdownText.code($0) }.joined(separator: ", ")
                out += ids.count > examples ? ", …\n" : "\n"
            }
            let picked = reader.examples(examples)
            if !picked.isEmpty {
                out += "\n<details><summary>\(picked.count) of \(reader.changed.count) changed cases</summary>\n\n"
                out += "| case | field | before | after |\n|---|---|---|---|\n"
                for example in picked {
                    out += "| \(MarkdownText.cell(example.caseId)) | \(MarkdownText.cell(example.difference.field)) | \(MarkdownText.cell(example.difference.expected)) | \(MarkdownText.cell(example.difference.got)) |\n"
                }
                out += "\n</details>\n"
            }
        }
        return out
    }
}
