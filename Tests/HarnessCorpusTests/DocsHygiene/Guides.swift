import Foundation

/// Which files are guides, and what of a guide is prose: the docs hygiene rules read the same
/// files and skip the same generated blocks, so they are chosen once, here.
enum Guides {
    /// README.md, every other Markdown file at the root but CONTRACT.md (the contract, held to its
    /// own rules), and docs/*.md; not docs/reports/ (generated) nor docs/evidence/ (probes).
    static func files(root: URL) throws -> [String] {
        let top = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".md") && $0 != "CONTRACT.md" }
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        return top.sorted() + docs.sorted()
    }

    /// The lines a person wrote: outside `<!-- BEGIN GENERATED … -->` … `<!-- END GENERATED … -->`
    /// (a command writes those, with its own stamp).
    static func proseLines(_ text: String) -> [String] {
        var inside = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("<!-- BEGIN GENERATED") { inside = true; continue }
            if line.hasPrefix("<!-- END GENERATED") { inside = false; continue }
            if !inside { lines.append(line) }
        }
        return lines
    }

    private static let link = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)

    /// The targets of the relative Markdown links (`[text](target)`) outside fenced code, each
    /// without its `#anchor`; web and mail links and bare anchors are not files.
    static func relativeLinks(_ text: String) -> [String] {
        var fenced = false
        var targets: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced else { continue }
            for match in link.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                guard let range = Range(match.range(at: 1), in: line) else { continue }
                let target = String(line[range].prefix { $0 != "#" })
                if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") { continue }
                targets.append(target)
            }
        }
        return targets
    }

    /// `file`'s relative links that name nothing in the repository (a file or a folder).
    static func brokenLinks(in text: String, of file: String, root: URL) -> [String] {
        let folder = root.appendingPathComponent(file).deletingLastPathComponent()
        let base = root.standardizedFileURL.path
        return relativeLinks(text).filter { target in
            let path = folder.appendingPathComponent(target.removingPercentEncoding ?? target).standardizedFileURL.path
            return !(path == base || path.hasPrefix(base + "/")) || !FileManager.default.fileExists(atPath: path)
        }.map { "\(file) links to \($0), which is not in the repository" }
    }
}
