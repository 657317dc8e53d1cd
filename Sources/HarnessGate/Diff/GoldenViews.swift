import ContractModel
import Foundation
import HarnessCorpus

/// One folder of golden views (`golden/expected` or `golden/kotlin`) as it is in the work
/// tree or was at a git revision: every case's outcome and exact line, in file order.
/// `diff --base` compares two of these.
package struct GoldenViews: Sendable {
    /// One case's line; its outcome is parsed only when it is needed (a line equal to the
    /// other side's needs none, which keeps a diff of ~20,000 lines quick).
    package struct Entry: Sendable {
        package var id: String
        /// The view line, provenance stripped (`GoldenLine`).
        package var line: [UInt8]
        /// `golden/expected/x.jsonl` (prefixed by the revision), for errors.
        package var file: String
        package var lineNumber: Int

        package func outcome() throws(HarnessInputError) -> ReaderOutcome {
            // Lenient on omitted fields: the gate, not `diff`, holds golden/expected complete.
            try ViewLine.parse(line, file: file, lineNumber: lineNumber, allowingNotImplemented: true).outcome
                .compacted(storedDigests: true)
        }
    }

    package var entries: [Entry]
    private var index: [String: Int]

    package init(entries: [Entry]) {
        self.entries = entries
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() { index[entry.id] = position }
        self.index = index
    }

    package subscript(id: String) -> Entry? { index[id].map { entries[$0] } }

    /// Splits `<fixture>.jsonl` files (name → bytes), in name order, into lines and reads
    /// each line's id. `displayName` names the folder in errors (`HEAD~1:golden/expected`).
    /// A repeated id is an error, as in `ViewStore`.
    package static func parse(files: [(name: String, bytes: [UInt8])], displayName: String) throws(HarnessInputError) -> GoldenViews {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for file in files.sorted(by: { $0.name < $1.name }) where file.name.hasSuffix(".jsonl") {
            let name = "\(displayName)/\(file.name)"
            let lines = try GoldenText.lines(GoldenText.withoutBOM(file.bytes), file: name)
            for (number, line) in lines.enumerated() where !line.isEmpty {
                let id = try caseId(Array(line), file: name, lineNumber: number + 1)
                guard seen.insert(id).inserted else {
                    throw HarnessInputError(file: name, line: number + 1, field: "id", message: "duplicate case \(id)")
                }
                entries.append(Entry(id: id, line: GoldenLine.view(Array(line)), file: name, lineNumber: number + 1))
            }
        }
        return GoldenViews(entries: entries)
    }

    /// The id of a view line: read straight from a canonical line's `{"id":"…",` prefix
    /// when the id has no escapes (case ids never do), else by parsing the line.
    static func caseId(_ line: [UInt8], file: String, lineNumber: Int) throws(HarnessInputError) -> String {
        let prefix = Array(#"{"id":""#.utf8)
        if line.starts(with: prefix) {
            var end = prefix.count
            while end < line.count, line[end] != UInt8(ascii: "\""), line[end] != UInt8(ascii: "\\"), line[end] >= 0x20 { end += 1 }
            if end < line.count, line[end] == UInt8(ascii: "\""), let id = String(validating: line[prefix.count..<end], as: UTF8.self) {
                return id
            }
        }
        return try ViewLine.parse(line, file: file, lineNumber: lineNumber).id
    }

    /// The folder in the work tree (`folder` relative to `paths.root`); empty when missing.
    package static func workTree(_ paths: HarnessPaths, folder: String) throws -> GoldenViews {
        let url = paths.root.appendingPathComponent(folder)
        let names = try GoldenText.list(url, displayName: folder, tree: paths.tree) ?? []
        let files = try names.filter { $0.hasSuffix(".jsonl") }.map { name in
            (name: name, bytes: try GoldenText.require(url.appendingPathComponent(name), displayName: "\(folder)/\(name)", tree: paths.tree,
                                                     maximumBytes: InputLimits.goldenViewFileBytes))
        }
        return try parse(files: files, displayName: folder)
    }

    /// The folder as it was at `revision`; empty when it did not exist then.
    package static func at(_ revision: GitRevision, folder: String) throws -> GoldenViews {
        let files = try revision.files(in: folder).filter { $0.hasSuffix(".jsonl") }.map { name in
            (name: name, bytes: try revision.contents(of: "\(folder)/\(name)"))
        }
        return try parse(files: files, displayName: "\(revision.name):\(folder)")
    }
}
