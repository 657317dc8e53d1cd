import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport

/// The seal of a golden line has no secret (CONTRACT §6, README "What the seals protect"): a
/// pull request can write golden/kotlin lines of its own with valid seals, and `check` alone
/// believes them. Here the forgery hides every Kotlin deviation (golden/expected copied into
/// golden/kotlin, kotlin.txt emptied): `check` passes, and CI's re-record step
/// (`scripts/check-kotlin-recording`, run by scripts/test) is what fails it. On a small tree
/// (the `projects` fixture, where Kotlin deviates on 108 cases) with the whole scripts/.
final class ForgedRecordingTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/java") else { throw XCTSkip("no JVM (scripts/bootstrap installs it)") }
    }

    func testAForgedRecordingWithValidSealsPassesCheckAndFailsTheReRecord() throws {
        let paths = try GateTestSupport.smallTree(fixtures: ["projects"])
        let tree = paths.root
        defer { GateTestSupport.remove(paths) }
        // The whole scripts/ (record-kotlin), the Kotlin end and the testee tools (schemas/ is in the
        // small tree: the Kotlin glue writes the fields schemas/contract.json describes).
        try GateTestSupport.copyKotlinRecording(into: tree)
        let golden = tree.appendingPathComponent("golden")
        var forged: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: golden.appendingPathComponent("expected").path) where file.hasSuffix(".jsonl") {
            let target = golden.appendingPathComponent("kotlin/\(file)")
            if try Data(contentsOf: target) != Data(contentsOf: golden.appendingPathComponent("expected/\(file)")) { forged.append(file) }
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: golden.appendingPathComponent("expected/\(file)"), to: target)
        }
        let list = golden.appendingPathComponent("divergences/kotlin.txt")
        let comments = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("#") }
        try (comments.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)

        let check = try GateTestSupport.runCLI(["check", "--root", tree.path, "--quiet"])
        XCTAssertEqual(check.status, 0, "the forgery passes check alone (what the seal cannot protect): " + check.out + check.err)

        let reRecord = try run(tree.appendingPathComponent("scripts/check-kotlin-recording"), ["--root", tree.path])
        XCTAssertEqual(reRecord.status, 1, reRecord.output)
        XCTAssertTrue(reRecord.output.contains("golden/kotlin differs from what scripts/record-kotlin produces"), reRecord.output)
        XCTAssertTrue(reRecord.output.contains("diff -r"), "the differing files are named: \(reRecord.output.prefix(2000))")
        // (RECORDING.json differs in any small tree: it names the whole stream.) Every forged file is named.
        XCTAssertTrue(forged.contains("projects.jsonl"), "\(forged)")
        for file in forged {
            XCTAssertTrue(reRecord.output.contains("kotlin/\(file)"), "\(file) is named: \(reRecord.output.prefix(2000))")
        }
    }

    private func run(_ script: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try GateTestSupport.runMerged(script, arguments, changes: ["CONTRACT_HARNESS": GateTestSupport.cli.path])
    }
}
