import ContractModel

/// A folder the harness reads by extension (`golden/fixtures/*.json`, `golden/states/*.jsonl`)
/// must not hold anything else that looks like input: a fixture or state file saved as
/// `x.JSON`, `x.jsonc`, `x.json~` or in a subfolder would silently never run, and the gate
/// would pass without it. Found attacking the CLI with broken trees.
package enum StrayEntries {
    /// Throws for the first entry (by name) that neither ends in `suffix` nor is one of `alsoKept`
    /// (a README, a list the folder documents) nor is hidden (`.DS_Store`, an editor's swap
    /// file), naming it as `folder/entry`.
    package static func refuse(_ entries: [String], folder: String, suffix: String, alsoKept: Set<String>,
                               what: String) throws(HarnessInputError) {
        for entry in entries.sorted() where !entry.hasSuffix(suffix) && !alsoKept.contains(entry) && !entry.hasPrefix(".") {
            throw HarnessInputError(file: "\(folder)/\(entry)", message: "not \(what): only `<name>\(suffix)` files (and \(alsoKept.sorted().joined(separator: ", "))) belong in \(folder)/, and this one would never be read; rename it to end in `\(suffix)`, or move it out")
        }
    }
}
