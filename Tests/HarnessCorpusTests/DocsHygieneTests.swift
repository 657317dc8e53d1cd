import Foundation
import XCTest
import TestSupport

/// The docs are guides, not lab notebooks, and the house around the code is easy to enter:
/// - README.md is at most 250 lines and 2,500 words, with a glossary and an "I want to…" table, and
///   links every guide of docs/ and the generated reports (docs/reports/);
/// - every relative link in a guide names a file or folder of the repository;
/// - no guide (README.md, the other root *.md but CONTRACT.md, docs/*.md; not docs/reports/ nor
///   docs/evidence/, nor a generated block) carries run notes: a date, a time of day, "(issue NN)",
///   "this session", "Measured on …", or a commit of this project (a hex word git finds among this
///   repository's objects; the app's commits are sources and stay);
/// - no file over 200 KB is a generated report: every file of the tree over the limit (hidden
///   folders and ignored build folders aside) must be data the gate or a test reads, in a place
///   `TreeSizes.data` lists with its reason (golden views, recordings, behaviour tables, the
///   reviewed equivalent mutants); reports go under .build/ or to CI artifacts, with a summary in
///   docs/reports/;
/// - CONTRACT.md names no Swift type of the harness and no command-line flag;
/// - scripts/ holds only scripts (and the data they read), at most 3,000 lines of them.
/// Each rule has a planted case that shows it can fail.
final class DocsHygieneTests: XCTestCase {
    private var root: URL { TestRepository.root }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: README

    func testTheReadmeIsShortWithAGlossaryAndAnIWantToTable() throws {
        XCTAssertEqual(ReadmeShape.problems(try read("README.md")), [])
    }

    /// Planted: a README grown past both limits, one without a glossary, one whose glossary and
    /// table each lost a row.
    func testTheReadmeCheckSeesALongReadmeAndAMissingGlossaryOrRow() throws {
        let readme = try read("README.md")
        let grown = readme + String(repeating: String(repeating: "word ", count: 30) + "\n", count: ReadmeShape.maxLines)
        XCTAssertEqual(ReadmeShape.problems(grown).map { $0.prefix { !$0.isNumber } },
                       ["README.md has ", "README.md has "])
        XCTAssertEqual(ReadmeShape.problems(readme.replacingOccurrences(of: "## Glossary", with: "## Words")),
                       ["README.md has no glossary (a `## Glossary` section with a table)"])
        let pendingRow = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("| pending |") })
        let fuzzRow = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("| fuzz |") })
        XCTAssertEqual(ReadmeShape.problems(readme.replacingOccurrences(of: pendingRow + "\n", with: "")
                                                  .replacingOccurrences(of: fuzzRow + "\n", with: "")),
                       ["README.md's glossary does not explain \"pending\"", "README.md's \"I want to…\" table has no row for \"fuzz\""])
    }

    func testTheReadmeLinksEveryGuideAndTheReports() throws {
        XCTAssertEqual(try ReadmeShape.unlinked(readme: try read("README.md"), root: root), [])
    }

    /// Planted: README without its links to a guide and to the reports.
    func testTheReadmeLinkCheckSeesAGuideLeftOut() throws {
        let readme = try read("README.md")
        XCTAssertTrue(readme.contains("(docs/device-locale.md)") && readme.contains("(docs/reports/adequacy.md)"))
        let without = readme.replacingOccurrences(of: "(docs/device-locale.md)", with: "(docs/gate.md)")
            .replacingOccurrences(of: "(docs/reports/adequacy.md)", with: "(docs/adequacy.md)")
        XCTAssertEqual(try ReadmeShape.unlinked(readme: without, root: root),
                       ["README.md does not link to docs/device-locale.md", "README.md does not link to docs/reports/"])
    }

    // MARK: Links

    func testEveryRelativeLinkOfAGuideResolves() throws {
        var broken: [String] = []
        for file in try Guides.files(root: root) {
            broken += Guides.brokenLinks(in: try read(file), of: file, root: root)
        }
        XCTAssertEqual(broken, [])
    }

    /// Planted: a link to a guide that is not there and one out of the repository; a link with an
    /// anchor, a folder, a web link, an anchor and a link in fenced code are fine.
    func testTheLinkCheckSeesAMissingFileAndALinkOutOfTheRepository() {
        let text = """
        See [the gate](gate.md#lists), [golden](../golden/), [the site](https://example.com), [above](#top).
        Then [changing](changing-the-contract-gone.md) and [passwords](../../../../../../etc/passwd).
        ```
        [not a link](nowhere.md)
        ```
        """
        XCTAssertEqual(Guides.brokenLinks(in: text, of: "docs/guide.md", root: root), [
            "docs/guide.md links to changing-the-contract-gone.md, which is not in the repository",
            "docs/guide.md links to ../../../../../../etc/passwd, which is not in the repository",
        ])
    }

    // MARK: Run notes

    func testNoGuideCarriesRunNotesOrACommitOfThisProject() throws {
        let files = try Guides.files(root: root)
        XCTAssertTrue(files.contains("README.md") && files.contains("docs/gate.md") && !files.contains("CONTRACT.md"), "\(files)")
        XCTAssertFalse(files.contains { $0.hasPrefix("docs/reports/") || $0.hasPrefix("docs/evidence/") }, "\(files)")
        let texts = try files.map { ($0, try read($0)) }
        try XCTSkipUnless(FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path), "no git history to tell this project's commits by")
        let commits = try RepositoryObjects.existing(texts.reduce(into: Set()) { $0.formUnion(RunNotes.hexWords($1.1)) }, root: root)
        for (file, text) in texts {
            XCTAssertEqual(RunNotes.lines(text, isCommit: commits.contains), [], file)
        }
    }

    /// Planted: each kind of run note outside a generated block; nothing inside one, no quoted
    /// date (a case's day), no hash git does not know (the app's), no digest or mutant id.
    func testTheRunNoteCheckSeesEachKindAndOnlyThisProjectsCommits() throws {
        let block = "<!-- BEGIN GENERATED gate by `scripts/bench --only gate`: … -->\n_Made at commit `48db529`, 2026-11-29 21:02 UTC._\n<!-- END GENERATED gate -->\n"
        let fine = "# Guide\n\nThe app's file at b28e0ade reads `\"2026-07-17\"` as expected \"2026-07-17\".\n"
            + "`c.tzif.lookup.boundary.d3262a95`, `e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`, Julian before 1582-10-15.\n"
            + "Throughput is measured on one thread.\n"
        XCTAssertEqual(RunNotes.lines(fine + block, isCommit: { $0 == "48db529" }), [])
        for line in ["Read from the full run above (commit 48db529, load 0.34).",
                     "The 0.5 s target is met on an idle machine (2026-12-01).",
                     "### 6 Dec 2026, second session: the budget with room",
                     "The gate on both cores (issue 21)",
                     "measured at 12:06 UTC, after every helper had stopped",
                     "What this session changed",
                     "Measured on the shared machine, the gate takes 4 s."] {
            XCTAssertEqual(RunNotes.lines(fine + line + "\n" + block, isCommit: { $0 == "48db529" }), [line], line)
        }
        // git tells this project's commits from the app's.
        try XCTSkipUnless(FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path), "no git history")
        let head = try XCTUnwrap(RunNotes.hexWords(try gitShortHead()).first)
        XCTAssertEqual(try RepositoryObjects.existing([head, "c18055a341", "b28e0ade"], root: root), [head])
    }

    /// A short hash of HEAD that has a letter (so it reads as a hash); at most 16 tries.
    private func gitShortHead() throws -> String {
        for length in 7...22 {
            let process = Process(), output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", root.path, "rev-parse", "--short=\(length)", "HEAD"]
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            process.waitUntilExit()
            if !RunNotes.hexWords(text).isEmpty { return text }
        }
        throw XCTSkip("HEAD's hash has no letter in its first 22 digits")
    }

    // MARK: Report sizes

    func testNoFileOverTheLimitIsAReport() throws {
        XCTAssertEqual(try TreeSizes.problems(root: root), [])
    }

    /// Planted: a report at the root, a grown guide, a large file beside the golden views; data over
    /// the limit where it belongs passes, and so does anything under `.build/`.
    func testTheSizeCheckSeesAReportOverTheLimitAndNothingElse() throws {
        let tree = Scratch.folder("report-sizes")
        defer { Scratch.remove(tree) }
        func put(_ path: String, bytes: Int) throws {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x61, count: bytes).write(to: url)
        }
        try put("golden/expected/canonical.jsonl", bytes: TreeSizes.limit * 3)
        try put("tools/adequacy/equivalent.tsv", bytes: TreeSizes.limit + 1)
        try put(".build/adequacy/report/adequacy.json", bytes: TreeSizes.limit * 2)
        try put("docs/reports/adequacy.md", bytes: TreeSizes.limit)
        XCTAssertEqual(try TreeSizes.problems(root: tree), [])

        try put("ADEQUACY.md", bytes: TreeSizes.limit + 1)
        try put("docs/benchmarks.md", bytes: TreeSizes.limit * 2)
        try put("golden/expected.md", bytes: TreeSizes.limit + 1)
        XCTAssertEqual(try TreeSizes.problems(root: tree), [
            "ADEQUACY.md is 200,001 bytes: a report over 200,000 bytes is not committed (generate it under .build/, upload it from CI, commit a summary)",
            "docs/benchmarks.md is 400,000 bytes: a report over 200,000 bytes is not committed (generate it under .build/, upload it from CI, commit a summary)",
            "golden/expected.md is 200,001 bytes: a report over 200,000 bytes is not committed (generate it under .build/, upload it from CI, commit a summary)",
        ])
    }

    // MARK: CONTRACT.md

    /// CONTRACT.md is the contract: it names no Swift type of the harness and no flag of its
    /// command line (how the harness implements the contract is in docs/).
    func testTheContractNamesNoHarnessTypeAndNoFlag() throws {
        let named = ContractNames.named(in: try read("CONTRACT.md"), types: try ContractNames.harnessTypes(root: root))
        XCTAssertEqual(named, [])
    }

    /// Planted: a harness type as code and as a compound name, a flag; the same word in prose, a
    /// product's type and a private type are not the harness's.
    func testTheContractCheckSeesATypeAndAFlag() throws {
        let types = try ContractNames.harnessTypes(root: root)
        XCTAssertTrue(types.isSuperset(of: ["DeclaredDepartures", "Gate", "CaseID"]), "\(types.count) types")
        XCTAssertFalse(types.contains("WidgetData"), "a product's type")
        XCTAssertEqual(ContractNames.declaredTypes(in: "package struct Seen {\n    private struct Hidden {}\n    fileprivate enum Gone {}\n    enum Nested {}\n}"),
                       ["Seen", "Nested"])
        let contract = """
        # The contract
        ## 4. Days
        The writer writes the day; `WidgetData.parse` reads it.
        ## 9. The display
        `DeclaredDepartures.excuses` reads a row; so does DeclaredDepartures, with `Gate`.
        Run it with --testee, or `golden record --timeout 5`.
        """
        XCTAssertEqual(ContractNames.named(in: contract, types: types),
                       ["§9: DeclaredDepartures", "§9: Gate", "§9: --testee", "§9: --timeout"])
    }

    // MARK: scripts/

    func testScriptsHoldsOnlyScriptsWithinTheirLines() throws {
        XCTAssertEqual(try ScriptsFolder.problems(root: root), [])
    }

    /// Planted: a Kotlin source, a Python module, a text file, and scripts over the line limit;
    /// a listed data file and a link to a moved path are fine.
    func testTheScriptsCheckSeesASourceAModuleAndTooManyLines() throws {
        let tree = Scratch.folder("scripts-folder")
        defer { Scratch.remove(tree) }
        func put(_ path: String, _ text: String, executable: Bool = true) throws {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: url.path)
        }
        try put("scripts/unit", "#!/usr/bin/env bash\n" + String(repeating: "true\n", count: 100))
        try put("scripts/check.d/validate.py", "#!/usr/bin/env python3\nprint(1)\n")
        try put("scripts/xctest-durations.tsv", String(repeating: "a\t1\n", count: ScriptsFolder.lineLimit), executable: false)
        try put("ends/kotlin/WidgetData.kt", "fun main() {}\n")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("scripts/kotlin").path, withDestinationPath: "../ends/kotlin")
        XCTAssertEqual(try ScriptsFolder.problems(root: tree), [])

        try put("scripts/tool/Probe.kt", "fun main() {}\n")
        try put("scripts/tool/helpers.py", "def f(): pass\n", executable: false)
        try put("scripts/notes.txt", "notes\n", executable: false)
        try put("scripts/long", "#!/bin/sh\n" + String(repeating: ":\n", count: ScriptsFolder.lineLimit))
        XCTAssertEqual(try ScriptsFolder.problems(root: tree), [
            "scripts/ holds \(ScriptsFolder.lineLimit + 107) lines of scripts, over \(ScriptsFolder.lineLimit)",
            "scripts/notes.txt is not a script (no `#!` line, or not executable) nor data a script reads (ScriptsFolder.data)",
            "scripts/tool/Probe.kt is the source of a program, not a script (its home is ends/ or tools/)",
            "scripts/tool/helpers.py is not a script (no `#!` line, or not executable) nor data a script reads (ScriptsFolder.data)",
        ])
    }
}
