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
        var seen = Set<String>()
        let known = names.filter { seen.insert($0).inserted }
        let folder = paths.golden.appendingPathComponent("divergences")
        let display = "golden/divergences"
        // (A folder that cannot be listed is reported by the lists' own reads, naming the list.)
        guard let listed = try? GoldenText.list(folder, displayName: display, tree: paths.tree) else { return }
        let names = listed.filter { $0.hasSuffix(".txt") }.sorted()
        for file in names {
            let name = String(file.dropLast(".txt".count))
            if known.contains(name) { continue }
            let shown = "\(display)/\(file)"
            let bytes = try GoldenText.read(folder.appendingPathComponent(file), displayName: shown, tree: paths.tree,
                                            maximumBytes: InputLimits.listFileBytes) ?? []
            if declares(bytes, name: name) { continue }
            let near = known.first { isTypo(name, of: $0) }.map { " (did you mean \($0).txt?)" } ?? ""
            throw HarnessInputError(file: shown, message: "no reader is named `\(UntrustedText.escape(name))`\(near): a list belongs to a reader of the roster (\(known.joined(separator: ", "))) or to a testee, and excuses nothing otherwise; rename it, remove it, or, for a testee run with `--testee \(UntrustedText.escape(name))=…`, declare it with a comment line `\(declaration) \(UntrustedText.escape(name))`")
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
