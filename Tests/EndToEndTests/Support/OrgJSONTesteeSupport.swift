import Foundation
import HarnessCorpus
import HarnessReaders
import HarnessTestSupport
import XCTest

/// What the fuzz tests of org.json testees share (OrgJSONTesteeFuzzTests,
/// BorrowedDepartureFuzzTests): declaring a testee's platform, one seeded fuzz run on a small
/// tree, and reading a reader's signature lines out of the summary.
enum OrgJSONTesteeSupport {
    /// golden/divergences/NAME.txt: the tree's kotlin.txt copied whole, its `# platform: org.json` line included.
    static func declare(_ name: String, in paths: HarnessPaths) throws {
        let lists = paths.root.appendingPathComponent("golden/divergences")
        let kotlin = try String(contentsOf: lists.appendingPathComponent("kotlin.txt"), encoding: .utf8)
        XCTAssertTrue(kotlin.contains("\n\(ReaderPlatform.declaration) org.json\n"), "kotlin.txt declares its platform")
        try Data(kotlin.utf8).write(to: lists.appendingPathComponent("\(name).txt"))
    }

    /// `fuzz --seed 5 --cases N` on `paths` with these testees (and `more` options), one batch,
    /// one shrink per signature; the finding files that were already there.
    static func fuzz(_ paths: HarnessPaths, cases: Int, shrinkBudget: Int, testees: [String], more: [String] = []) throws
        -> (run: (status: Int32, out: String, err: String), before: Set<String>) {
        let findings = paths.root.appendingPathComponent("golden/findings")
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: findings.path))
        let run = try GateTestSupport.runCLI([
            "fuzz", "--root", paths.root.path, "--seed", "5", "--cases", "\(cases)", "--jobs", "2", "--batch", "\(cases)",
            "--shrinks-per-signature", "1", "--shrink-budget", "\(shrinkBudget)", "--start-timeout", "60", "--quiet",
        ] + more + testees.flatMap { ["--testee", $0] })
        return (run, before)
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
