import Foundation
import HarnessCorpus

/// What the fuzz tests of org.json testees share (OrgJSONTesteeFuzzTests,
/// BorrowedDepartureFuzzTests): declaring a testee's platform, and reading a reader's
/// signature lines out of the summary.
enum OrgJSONTesteeSupport {
    /// golden/divergences/NAME.txt: `# platform: org.json`, then the tree's kotlin.txt (README's recipe).
    static func declare(_ name: String, in paths: HarnessPaths) throws {
        let lists = paths.root.appendingPathComponent("golden/divergences")
        let kotlin = try String(contentsOf: lists.appendingPathComponent("kotlin.txt"), encoding: .utf8)
        try Data(("# platform: org.json\n" + kotlin).utf8).write(to: lists.appendingPathComponent("\(name).txt"))
    }

    /// The summary's signature lines of one reader: `c/NAME field`.
    static func signatures(_ reader: String, in out: String) -> Set<String> {
        Set(out.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("c/\(reader) ") else { return nil }
            return trimmed.components(separatedBy: "  ").first
        })
    }
}
