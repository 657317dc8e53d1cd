import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// Every list in `golden/divergences/` belongs to a reader the gate runs, so a list whose
/// name is a typo (`swfit.txt`) or whose reader was renamed is refused (exit 2, naming the
/// file) instead of excusing nothing in silence while a reviewer reads it as applied. A
/// list's owner is a reader of the roster, a `--testee` of this run, or a testee the list
/// declares itself for with a comment line `# testee: NAME` (its own name): a testee's list
/// stays in the tree on runs without that testee (`ios-example.txt`).
enum ListOwners {
    static let declaration = "# testee:"

    /// Refuses the first list (in name order) that has no owner.
    static func check(_ paths: HarnessPaths, known names: [String]) throws(HarnessInputError) {
        try check(paths.golden.appendingPathComponent("divergences"), shown: "golden/divergences", tree: paths.tree, known: names) { name, near in
            "no reader is named `\(name)`\(near): a list belongs to a reader of the roster (\(names.uniqued.joined(separator: ", "))) or to a testee, and excuses nothing otherwise; rename it, remove it, or, for a testee run with `--testee \(name)=…`, declare it with a comment line `\(declaration) \(name)`"
        }
    }

    /// The same for an app's contract folder: every `lists/NAME.txt` belongs to a reader its
    /// config names (`known`), run or not; a list named like one of the harness's own readers
    /// is refused too (their lists are the installed harness's).
    static func check(_ contract: ContractFolder, known names: [String]) throws(HarnessInputError) {
        let config = contract.shown(ContractFolder.configFile)
        let folder = contract.root.appendingPathComponent(ContractFolder.listsFolder)
        try check(folder, shown: contract.shown(ContractFolder.listsFolder), tree: contract.tree, known: names, declarations: false) { name, near in
            if ReaderRoster.standard.entries.contains(where: { $0.name == name }) {
                return "`\(name)` is one of the harness's own readers, whose list is the installed harness's: name your reader otherwise (in \(config) and here)"
            }
            return "no reader of \(config) is named `\(name)`\(near): a list belongs to a reader the config names (\(names.uniqued.joined(separator: ", "))), and excuses nothing otherwise; rename it or remove it"
        }
    }

    private static func check(_ folder: URL, shown display: String, tree: TreeBoundary, known names: [String], declarations: Bool = true,
                              message: (_ name: String, _ near: String) -> String) throws(HarnessInputError) {
        let known = names.uniqued
        // (A folder that cannot be listed is reported by the lists' own reads, naming the list.)
        guard let listed = try? GoldenText.list(folder, displayName: display, tree: tree) else { return }
        let names = listed.filter { $0.hasSuffix(".txt") }.sorted()
        for file in names {
            let name = String(file.dropLast(".txt".count))
            if known.contains(name) { continue }
            let shown = "\(display)/\(file)"
            if declarations {
                let bytes = try GoldenText.read(folder.appendingPathComponent(file), displayName: shown, tree: tree,
                                                maximumBytes: InputLimits.listFileBytes) ?? []
                if declares(bytes, name: name) { continue }
            }
            let near = known.first { isTypo(name, of: $0) }.map { " (did you mean \($0).txt?)" } ?? ""
            throw HarnessInputError(file: shown, message: message(UntrustedText.escape(name), near))
        }
    }

    /// True when a comment line before the first entry reads `# testee: NAME`.
    static func declares(_ bytes: [UInt8], name: String) -> Bool {
        // (Split on the bytes: in a String, CR LF is one Character and no "\n" would be found.)
        for line in GoldenText.withoutBOM(bytes).split(separator: UInt8(ascii: "\n")) {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            guard text.hasPrefix("#") else { return false }
            if text.hasPrefix(declaration), text.dropFirst(declaration.count).trimmingCharacters(in: .whitespaces) == name { return true }
        }
        return false
    }

    /// Same letters in another case, or at most two edits apart (a swap counts as two).
    private static func isTypo(_ name: String, of reader: String) -> Bool {
        if name.lowercased() == reader.lowercased() { return true }
        let a = Array(name.lowercased()), b = Array(reader.lowercased())
        guard abs(a.count - b.count) <= 2, a.count < 64 else { return false }
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            row = next
        }
        return row[b.count] <= 2
    }
}

private extension Array where Element == String {
    /// The names once each, in first-seen order.
    var uniqued: [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
