import ContractModel
import Foundation
import WidgetSnapshot

/// One line of `golden/states/*.jsonl` (CONTRACT.md §7.1): the exact bytes the writer end
/// gets, where it came from, and what the gate reads from it itself (`WriterState`). The
/// writer end reads the line strictly; the harness checks only what names the state.
package struct StateLine: Sendable {
    /// `<file>/<name>`.
    package var id: String
    /// `golden/states/<file>.jsonl`.
    package var file: String
    package var lineNumber: Int
    package var bytes: [UInt8]
    /// What the state means, read by the harness (nil when the line's fields cannot be read:
    /// the writer end's crash line then says which).
    package var state: WriterState?

    package init(id: String, file: String, lineNumber: Int, bytes: [UInt8], state: WriterState?) {
        self.id = id
        self.file = file
        self.lineNumber = lineNumber
        self.bytes = bytes
        self.state = state
    }

    /// `golden/states/colours.jsonl:3`.
    package var location: String { "\(file):\(lineNumber)" }
}

/// Reads `golden/states/`: every `*.jsonl` file in name order, every non-blank line a state.
/// A line that is not a JSON object with an id `<file>/<name>` of `[a-z0-9.-]`, or an id
/// given twice, stops the run naming the file and line.
package enum StateLines {
    package static let directory = "golden/states"

    /// Nil when the tree has no `golden/states` (an older tree, a test's tree: no writer family).
    package static func load(root: URL) throws(HarnessInputError) -> [StateLine]? {
        try load(folder: root.appendingPathComponent(directory), shown: directory, tree: TreeBoundary(root: root))
    }

    /// The states of the `*.jsonl` files in `folder` (shown as `shown`, read inside `tree`) by
    /// the rules above; `seen` carries the ids of states read from another folder, so an id
    /// is one state across both (an app's states beside the harness's). Nil without the folder.
    package static func load(folder: URL, shown: String, tree: TreeBoundary,
                             seen: inout [String: String]) throws(HarnessInputError) -> [StateLine]? {
        guard let entries = try GoldenText.list(folder, displayName: shown, tree: tree) else { return nil }
        try StrayEntries.refuse(entries, folder: shown, suffix: ".jsonl", alsoKept: ["README.md", "fixture-findings.txt"],
                                what: "a state file")
        var lines: [StateLine] = []
        let names = entries.filter({ $0.hasSuffix(".jsonl") }).sorted()
        let total = names.reduce(0) { $0 + GoldenText.size(folder.appendingPathComponent($1)) }
        guard total <= MadeLimits.stateBytes else {
            throw HarnessInputError(file: shown, message: "the state files hold \(total) bytes together, over the limit of \(InputLimits.shown(MadeLimits.stateBytes)) "
                                    + "(MadeLimits.stateBytes, docs/threat-model.md): each state is a writer answer and several cases")
        }
        for name in names {
            let file = "\(shown)/\(name)"
            let stem = String(name.dropLast(".jsonl".count))
            let bytes = try GoldenText.require(folder.appendingPathComponent(name), displayName: file, tree: tree,
                                               maximumBytes: InputLimits.fixtureFileBytes)
            for (index, raw) in try GoldenText.lines(GoldenText.withoutBOM(bytes), file: file).enumerated() {
                let line = Array(raw)
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                let where_ = HarnessInputError(file: file, line: index + 1, message: "")
                guard case .object(let object)? = try? JSONParser().parse(line) else {
                    throw HarnessInputError(file: file, line: where_.line, message: "not a JSON object (an app-state line, CONTRACT.md §7.1)")
                }
                guard case .string(let idText)? = object["id"], isStateId(idText.string, file: stem) else {
                    throw HarnessInputError(file: file, line: where_.line, field: "id", message: "expected `\(stem)/<name>` of [a-z0-9.-]")
                }
                let id = idText.string
                if let first = seen[id] {
                    throw HarnessInputError(file: file, line: where_.line, field: "id", message: "state \(id) is also at \(first)")
                }
                seen[id] = "\(file):\(index + 1)"
                guard seen.count <= MadeLimits.states else {
                    throw HarnessInputError(file: file, line: index + 1, message: "more than \(MadeLimits.states) app states in \(directory), the limit "
                                            + "(MadeLimits.states, docs/threat-model.md): each is a writer answer and several cases")
                }
                lines.append(StateLine(id: id, file: file, lineNumber: index + 1, bytes: line, state: WriterState(object)))
            }
        }
        return lines
    }

    private static func load(folder: URL, shown: String, tree: TreeBoundary) throws(HarnessInputError) -> [StateLine]? {
        var seen: [String: String] = [:]
        return try load(folder: folder, shown: shown, tree: tree, seen: &seen)
    }

    /// `<file>/<name>`, the name non-empty `[a-z0-9.-]`.
    static func isStateId(_ id: String, file: String) -> Bool {
        guard id.hasPrefix(file + "/") else { return false }
        let name = id.dropFirst(file.count + 1)
        return !name.isEmpty && CaseID.isWord(name) && !name.contains("_")
    }
}
