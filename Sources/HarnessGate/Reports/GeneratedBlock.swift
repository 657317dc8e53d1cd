import Foundation
import HarnessCorpus

/// A block of a hand-written Markdown guide that one command rewrites (the benchmark results of
/// `docs/benchmarks.md`, one block per measurement): between a BEGIN and an END line naming the
/// block, so the figures a guide cites come from a command and each measurement replaces only its
/// own block. A document without the block gets it appended under `heading`; markers that do not
/// pair up are refused before anything is written, so a stray edit never eats the rest of a guide.
package struct GeneratedBlock: Sendable {
    /// The block's name in its markers (`run`, `fuzz`, `ci-steps`): letters, digits and `-`.
    package var key: String
    /// What writes it, as a user types it (`scripts/bench --only fuzz`).
    package var command: String
    /// The heading a new block is appended under (`### Fuzz`).
    package var heading: String

    package init(key: String, command: String, heading: String) {
        self.key = key
        self.command = command
        self.heading = heading
    }

    package var beginLine: String {
        "<!-- BEGIN GENERATED \(key) by `\(command)`: everything up to the END line is rewritten by it -->"
    }

    package var endLine: String { "<!-- END GENERATED \(key) -->" }

    /// The problem with a document's markers or a body, said with the file, the line and the block.
    package struct Problem: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    /// `document` with this block's body replaced by `body` (the rest byte for byte as it was).
    package func replacing(in document: String, body: String, file: String) throws -> String {
        let block = beginLine + "\n" + (body.hasSuffix("\n") || body.isEmpty ? body : body + "\n") + endLine + "\n"
        if let marker = body.split(separator: "\n", omittingEmptySubsequences: false).first(where: Self.isMarker) {
            throw Problem(description: "the body of block `\(key)` holds a marker line (`\(marker)`): a block cannot hold another")
        }
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begins = lines.indices.filter { lines[$0].hasPrefix("<!-- BEGIN GENERATED \(key) ") }
        let ends = lines.indices.filter { lines[$0] == endLine }
        guard !begins.isEmpty || !ends.isEmpty else {
            var text = document
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            return text + (text.isEmpty ? "" : "\n") + heading + "\n\n" + block
        }
        guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end else {
            let at = (begins + ends).sorted().map { "\($0 + 1)" }.joined(separator: ", ")
            throw Problem(description: "\(file): the markers of block `\(key)` do not pair up (lines \(at)): one BEGIN line, "
                          + "then one `\(endLine)` line; fix them by hand, nothing was written")
        }
        if let inner = lines[(begin + 1)..<end].firstIndex(where: Self.isMarker) {
            throw Problem(description: "\(file):\(inner + 1): a marker inside block `\(key)` (lines \(begin + 1)-\(end + 1)); "
                          + "fix it by hand, nothing was written")
        }
        let blockLines = block.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.replaceSubrange(begin...end, with: blockLines)
        return lines.joined(separator: "\n")
    }

    /// Rewrites the block in the file at `url` (a new file holds only the block), atomically.
    package func write(body: String, into url: URL) throws {
        let existing: String
        if FileManager.default.fileExists(atPath: url.path) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw Problem(description: "\(url.path): cannot be read as UTF-8 text; nothing was written")
            }
            existing = text
        } else {
            existing = ""
        }
        try AtomicFile.write(replacing(in: existing, body: body, file: url.path), to: url)
    }

    private static func isMarker(_ line: Substring) -> Bool {
        line.hasPrefix("<!-- BEGIN GENERATED") || line.hasPrefix("<!-- END GENERATED")
    }

    private static func isMarker(_ line: String) -> Bool { isMarker(Substring(line)) }
}
