import ContractModel
import Foundation

/// View lines from wherever a script keeps them, for `contract-harness tool compare`: a file of
/// lines (a testee's stdout, a recording made with `--out`), a golden folder of
/// `<fixture>.jsonl` files (`golden/expected`, `golden/kotlin`), or one line read from a
/// stream. A golden line's provenance (`"case"`, `"seal"`) is stripped, never compared; a
/// line may leave out fields its reader does not implement (CONTRACT §6).
package enum ViewLineFile {
    /// One view line with where it was read.
    package struct Line: Sendable {
        package var id: String
        package var outcome: ReaderOutcome
        package var lineNumber: Int
    }

    /// Every line of a file, or of every `.jsonl` file of a folder (file by file), in order.
    /// An unreadable path, a line that is not a view or a case id given twice is bad input
    /// naming the file and line. The path is the caller's; inside a folder, links must stay
    /// inside it (`TreeBoundary`).
    package static func read(_ path: String) throws(HarnessInputError) -> [Line] {
        let url = URL(fileURLWithPath: path)
        let tree = TreeBoundary(root: url.deletingLastPathComponent())
        switch try GoldenText.presence(url, displayName: path, tree: tree) {
        case .missing:
            throw HarnessInputError(file: path, message: "missing")
        case .folder:
            let store = ViewStore(folder: url, displayName: path, allowsNotImplemented: true, tree: TreeBoundary(root: url))
            do {
                return try store.loadLines().sorted { ($0.value.file, $0.value.lineNumber) < ($1.value.file, $1.value.lineNumber) }
                    .map { Line(id: $0.key, outcome: $0.value.outcome, lineNumber: $0.value.lineNumber) }
            } catch let error as HarnessInputError {
                throw error
            } catch {
                throw HarnessInputError(file: path, message: "\(error)")
            }
        case .file:
            var lines: [Line] = []
            var seen: [String: Int] = [:]
            for (index, bytes) in try GoldenText.lines(try GoldenText.require(url, displayName: path, tree: tree, special: true), file: path).enumerated() where !bytes.isEmpty {
                let line = try parse(bytes, file: path, lineNumber: index + 1)
                if let earlier = seen.updateValue(line.lineNumber, forKey: line.id) {
                    throw HarnessInputError(file: path, line: line.lineNumber, field: "id", message: "case \(line.id) again (first on line \(earlier))")
                }
                lines.append(line)
            }
            return lines
        }
    }

    /// One line of a views stream.
    package static func parse(_ bytes: some Collection<UInt8>, file: String, lineNumber: Int) throws(HarnessInputError) -> Line {
        let (view, provenance) = GoldenLine.open(bytes)
        let (id, outcome) = try ViewLine.parse(view, file: file, lineNumber: lineNumber, allowingNotImplemented: true)
        // A sealed line is a golden line: a text there beginning `sha256:` is a stored digest.
        return Line(id: id, outcome: outcome.compacted(storedDigests: provenance != .none), lineNumber: lineNumber)
    }
}
