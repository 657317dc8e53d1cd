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

    /// A testee that is the C reference, slowly (10 ms a case, 0.2 s to start), except that it
    /// calls every fresh snapshot with rows stale and gives every unparsable blob an outdated
    /// header: two signatures on most cases, each shrink worth many seconds of candidates.
    private func disagreeingTestee(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("slow-testee.sh")
        let text = #"""
        #!/bin/sh
        sleep 0.2
        "CLI" decode --reader c | while IFS= read -r line; do
          sleep 0.01
          printf '%s\n' "$line" | sed -e '/"tasks":\[{/ s/"stale":false/"stale":true/' \
            -e '/"parse":{"error"/ s/"header":{"kind":"today"}/"header":{"kind":"outdated","dayMs":null}/'
        done
        """#.replacingOccurrences(of: "\"CLI\"", with: "'" + GateTestSupport.cli.path + "'")
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
                                              "--seconds", String(budget), "--testee", "slow=\(testee)", "--batch", "256",
                                              "--shrinks-per-signature", "100000", "--timeout", "30", "--findings", findings.path, "--jobs", "1"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertLessThan(wall, budget + 5, "the run took \(wall) s with --seconds \(budget)\n" + run.out)

        // Every saved finding is readable; shrinking was cut short, and of the disagreements
        // the time ran out on, at most one per signature was saved unshrunk.
        let saved = try FindingStore.load(findings).map(\.finding)
        XCTAssertFalse(saved.isEmpty, run.out)
        XCTAssertTrue(saved.allSatisfy { $0.disagreement.signature.hasPrefix("c/slow ") }, "\(saved.map(\.disagreement.signature))")
        XCTAssertTrue(saved.contains { $0.shrinking == .stopped }, "no finding was cut short: \(saved.map(\.shrinking))\n" + run.out)
        let unshrunk = saved.filter { $0.shrinking == .notStarted }
        XCTAssertFalse(unshrunk.isEmpty, "the signature the time ran out on was not saved: \(saved.map(\.shrinking))\n" + run.out)
        XCTAssertEqual(Set(unshrunk.map(\.disagreement.signature)).count, unshrunk.count, "two unshrunk findings of one signature")
        XCTAssertTrue(unshrunk.allSatisfy { !$0.recipe.isEmpty })
        XCTAssertLessThanOrEqual(saved.count, 10, "thousands of findings again? \(saved.count)")

        // The summary: one line per signature, with its count; many more disagreements than lines.
        let signatureLines = run.out.split(separator: "\n").filter { $0.hasPrefix("  c/slow ") }
        let signatures = Set(saved.map(\.disagreement.signature))
        XCTAssertEqual(signatureLines.count, signatureLines.map { $0.split(separator: " ")[1] }.count)
        XCTAssertGreaterThanOrEqual(signatureLines.count, signatures.count, run.out)
        XCTAssertTrue(run.out.contains("signatures"), run.out)
        // A progress line appeared while shrinking (plain lines: stderr is not a terminal).
        XCTAssertTrue(run.err.contains("; shrinking #"), run.err)
    }
}
