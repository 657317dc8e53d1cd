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

    package static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> QueueList {
        var entries: [Entry] = []
        for (index, raw) in try GoldenText.lines(bytes, file: file).enumerated() {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw HarnessInputError(file: file, line: index + 1, message: "not UTF-8 text")
            }
            let line = text.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard entries.count < InputLimits.listEntries else {
                throw HarnessInputError(file: file, line: index + 1, message: "more than \(InputLimits.listEntries) entries, the limit for a list (README, \"Limits\"): group cases with a glob")
            }
            entries.append(try entry(line, file: file, line: index + 1))
        }
        return QueueList(file: file, entries: entries)
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
