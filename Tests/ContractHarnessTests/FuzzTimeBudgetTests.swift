@testable import ContractHarness
import Foundation
import XCTest

/// `fuzz --seconds T` is a budget for the whole run, shrinking included: with an external
/// testee that disagrees with C on nearly every case (so shrinking alone would take many
/// minutes), the run still ends within T + 5 s, saves at most one unshrunk finding per
/// signature, and its summary lists each signature once.
final class FuzzTimeBudgetTests: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: GateTestSupport.cli.path) else {
            throw XCTSkip("build the CLI first: swift build --build-tests (scripts/test does)")
        }
    }

    /// A testee that is the C reference except that it calls every fresh snapshot with rows
    /// stale: a `stale` disagreement on most cases, which only shrinks as far as a valid task
    /// (many candidates), and a slow start (0.2 s) for every batch of candidates.
    private func disagreeingTestee(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("stale-testee.sh")
        let text = """
        #!/bin/sh
        sleep 0.2
        exec "\(GateTestSupport.cli.path)" decode --reader c | sed -u '/"tasks":\\[{/ s/"stale":false/"stale":true/'
        """
        try Data(text.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    func testTheTimeBudgetBoundsShrinkingToo() throws {
        let folder = FuzzTestSupport.temporaryFolder()
        defer { FuzzTestSupport.remove(folder) }
        let findings = folder.appendingPathComponent("findings")
        let testee = try disagreeingTestee(in: folder)
        let budget = 4.0
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", GateTestSupport.repositoryRoot.path, "--seed", "5",
                                              "--seconds", String(budget), "--testee", "stale=\(testee)", "--batch", "256",
                                              "--shrinks-per-signature", "100000", "--findings", findings.path, "--jobs", "1"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertLessThan(wall, budget + 5, "the run took \(wall) s with --seconds \(budget)\n" + run.out)

        // Every saved finding is readable; shrinking was cut short, and of the disagreements
        // the time ran out on, at most one per signature was saved unshrunk.
        let saved = try FindingStore.load(findings).map(\.finding)
        XCTAssertFalse(saved.isEmpty, run.out)
        XCTAssertTrue(saved.allSatisfy { $0.disagreement.signature.hasPrefix("c/stale ") }, "\(saved.map(\.disagreement.signature))")
        XCTAssertTrue(saved.contains { $0.shrinking == .stopped }, "no finding was cut short: \(saved.map(\.shrinking))\n" + run.out)
        let unshrunk = saved.filter { $0.shrinking == .notStarted }
        XCTAssertEqual(Set(unshrunk.map(\.disagreement.signature)).count, unshrunk.count, "two unshrunk findings of one signature")
        XCTAssertTrue(unshrunk.allSatisfy { !$0.recipe.isEmpty })
        XCTAssertLessThanOrEqual(saved.count, 10, "thousands of findings again? \(saved.count)")

        // The summary: one line per signature, with its count; many more disagreements than lines.
        let signatureLines = run.out.split(separator: "\n").filter { $0.hasPrefix("  c/stale ") }
        let signatures = Set(saved.map(\.disagreement.signature))
        XCTAssertEqual(signatureLines.count, signatureLines.map { $0.split(separator: " ")[1] }.count)
        XCTAssertGreaterThanOrEqual(signatureLines.count, signatures.count, run.out)
        XCTAssertTrue(run.out.contains("signatures"), run.out)
        // A progress line appeared while shrinking (plain lines: stderr is not a terminal).
        XCTAssertTrue(run.err.contains("; shrinking #"), run.err)
    }
}
