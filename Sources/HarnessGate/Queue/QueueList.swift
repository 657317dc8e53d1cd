import ContractModel
import Foundation
import HarnessCorpus

/// A queue end's reviewed list (`golden/queue/divergences/<name>.txt`, CONTRACT.md §10.8): where
/// it may differ from the queue contract, and why. A line is `PATTERN  [KINDS]  REASON`, as in a
/// reader's list: `PATTERN` a queue case id or a glob, `KINDS` the finding kinds it excuses
/// (`tap`, `peek`, `handoff`, `drain`, `roundTrip`, `dataLoss`, `appliedTwice`, `crash`; `*` all
/// but `crash`), `REASON` why, held to the same rules (three words at least, no placeholder). The
/// first entry matching a finding's case and kind excuses it; an entry that excuses nothing is
/// stale and fails the gate.
package struct QueueList: Sendable {
    package struct Entry: Equatable, Sendable {
        package var pattern: String
        package var kinds: Set<QueueFinding.Kind>
        package var reason: String
        package var line: Int

        package func excuses(_ finding: QueueFinding) -> Bool {
            kinds.contains(finding.kind) && Glob.matches(pattern: Array(pattern.utf8), text: Array(finding.caseId.utf8))
        }
    }

    package var file: String
    package var entries: [Entry]
    /// The end a `# end: NAME` comment line (before the first entry) says the list is for: a
    /// list kept for an end that is not run by every `check` (a testee of the CI's gate step).
    package var declaredEnd: String?

    package init(file: String, entries: [Entry] = []) {
        self.file = file
        self.entries = entries
    }

    package func entry(excusing finding: QueueFinding) -> Entry? {
        entries.first { $0.excuses(finding) }
    }

    package static func load(_ paths: HarnessPaths, file: String) throws -> QueueList {
        guard let bytes = try GoldenText.read(paths.root.appendingPathComponent(file), displayName: file, tree: paths.tree,
                                              maximumBytes: InputLimits.listFileBytes) else { return QueueList(file: file) }
        return try parse(bytes, file: file)
    }

    package static let endDeclaration = "# end:"

    package static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> QueueList {
        var entries: [Entry] = []
        var declared: String?
        for (index, raw) in try GoldenText.lines(bytes, file: file).enumerated() {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw HarnessInputError(file: file, line: index + 1, message: "not UTF-8 text")
            }
            let line = text.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(endDeclaration), entries.isEmpty {
                declared = String(line.dropFirst(endDeclaration.count)).trimmingCharacters(in: .whitespaces)
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard entries.count < InputLimits.listEntries else {
                throw HarnessInputError(file: file, line: index + 1, message: "more than \(InputLimits.listEntries) entries, the limit for a list (README, \"Limits\"): group cases with a glob")
            }
            entries.append(try entry(line, file: file, line: index + 1))
        }
        var list = QueueList(file: file, entries: entries)
        list.declaredEnd = declared
        return list
    }

    /// Every list in `golden/queue/divergences/` belongs to an end of the run, or says which end it
    /// is for (`# end: NAME`): any other — a typo, a renamed end — would excuse nothing in silence.
    package static func checkOwners(_ paths: HarnessPaths, ends: [String]) throws {
        let folder = "golden/queue/divergences"
        guard let names = try GoldenText.list(paths.root.appendingPathComponent(folder), displayName: folder, tree: paths.tree) else { return }
        for name in names.sorted() where name.hasSuffix(".txt") && !name.hasPrefix(".") {
            let end = String(name.dropLast(4))
            if ends.contains(end) { continue }
            let ends = Array(Set(ends)).sorted()
            let list = try load(paths, file: "\(folder)/\(name)")
            if list.declaredEnd == end { continue }
            let near = ends.min { distance($0, end) < distance($1, end) }
            throw HarnessInputError(file: "\(folder)/\(name)", message: "belongs to no queue end of this run (\(ends.joined(separator: ", "))) and declares none: "
                                    + (near.map { "rename it after its end (\($0)?), or " } ?? "") + "start it with `\(endDeclaration) \(end)` when the end is run elsewhere")
        }
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }

    private static func entry(_ line: String, file: String, line number: Int) throws(HarnessInputError) -> Entry {
        func failure(_ message: String) -> HarnessInputError { HarnessInputError(file: file, line: number, message: message) }
        let pattern = String(line.prefix { $0 != " " && $0 != "\t" })
        guard pattern.utf8.allSatisfy(Glob.isAllowed) else { throw failure("pattern `\(pattern)` has characters a queue case id never has") }
        let rest = line.dropFirst(pattern.count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
            throw failure("entry `\(pattern)` has no kind list: write `PATTERN  [KINDS]  REASON` (kinds: \(QueueFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var kinds: Set<QueueFinding.Kind> = []
        for name in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if name == "*" {
                kinds.formUnion(QueueFinding.Kind.allCases.filter { $0 != .crash })
            } else if let kind = QueueFinding.Kind(rawValue: name) {
                guard kinds.insert(kind).inserted else { throw failure("entry `\(pattern)` names `\(name)` twice") }
            } else {
                throw failure("entry `\(pattern)`: `\(name)` is not a finding kind (\(QueueFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ")), or *)")
            }
        }
        guard !kinds.isEmpty else { throw failure("entry `\(pattern)` names no kind") }
        let reason = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        if let problem = EntryParser.placeholderProblem(reason) {
            throw failure("entry `\(pattern)` \(problem): write why this end differs from the queue contract (CONTRACT.md §10)")
        }
        return Entry(pattern: pattern, kinds: kinds, reason: reason, line: number)
    }
}
