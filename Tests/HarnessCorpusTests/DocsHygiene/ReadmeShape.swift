import Foundation

/// README is the front door, read in ten minutes: it once ran to 954 lines and 10,576 words, opened
/// on shard details and used the harness's words (listed, pending, deviation, …) without saying what
/// they mean. It stays short, explains its words in a glossary, and answers "I want to…" with the
/// command, the file and the guide.
enum ReadmeShape {
    static let maxLines = 250
    static let maxWords = 2_500

    /// The words a newcomer meets first, which the glossary must explain.
    static let glossaryWords = ["listed", "pending", "users see this", "departure", "divergence", "deviation",
                                "disagreement", "finding"]
    /// What a team comes to do, which the "I want to…" table must answer.
    static let wants = ["gate my", "change the contract", "fixture", "fuzz", "review"]

    static func problems(_ readme: String) -> [String] {
        var problems: [String] = []
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        if lines.count > maxLines { problems.append("README.md has \(lines.count) lines, over \(maxLines)") }
        let words = readme.split(whereSeparator: { $0.isWhitespace }).count
        if words > maxWords { problems.append("README.md has \(words) words, over \(maxWords)") }
        let glossary = firstColumn(ofTableIn: section("Glossary", of: readme))
        if glossary.isEmpty { problems.append("README.md has no glossary (a `## Glossary` section with a table)") }
        for word in glossaryWords where !glossary.contains(where: { $0.lowercased().contains(word) }) && !glossary.isEmpty {
            problems.append("README.md's glossary does not explain \"\(word)\"")
        }
        let wanted = firstColumn(ofTableIn: section("I want to", of: readme))
        if wanted.isEmpty { problems.append("README.md has no \"I want to…\" table (a `## I want to…` section with a table)") }
        for want in wants where !wanted.contains(where: { $0.lowercased().contains(want) }) && !wanted.isEmpty {
            problems.append("README.md's \"I want to…\" table has no row for \"\(want)\"")
        }
        return problems
    }

    /// The guides of docs/ (and its generated reports' folder) README does not link to: each must
    /// be found from the front door where a reader would look for it.
    static func unlinked(readme: String, root: URL) throws -> [String] {
        let linked = Set(Guides.relativeLinks(readme).map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL.path })
        let docs = root.appendingPathComponent("docs")
        let wanted = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["docs/reports/"]
        return wanted.sorted().filter { path in
            let target = root.appendingPathComponent(path).standardizedFileURL.path
            return !linked.contains(target) && !(path.hasSuffix("/") && linked.contains { $0.hasPrefix(target + "/") })
        }.map { "README.md does not link to \($0)" }
    }

    /// The text of the `## TITLE…` section, up to the next `## `.
    private static func section(_ title: String, of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## " + title) }) else { return "" }
        let rest = lines[(start + 1)...]
        return rest.prefix { !$0.hasPrefix("## ") }.joined(separator: "\n")
    }

    /// The first cell of each body row of the section's table (below its `|---|` line).
    private static func firstColumn(ofTableIn section: String) -> [String] {
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("|") }
        guard let rule = rows.firstIndex(where: { $0.hasPrefix("|---") || $0.hasPrefix("| ---") }) else { return [] }
        return rows[(rule + 1)...].compactMap { $0.split(separator: "|", omittingEmptySubsequences: true).first }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
