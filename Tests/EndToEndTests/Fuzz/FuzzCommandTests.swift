import ContractModel
import Foundation
import XCTest
@testable import HarnessFuzz
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// `contract-harness fuzz` on the command line: usage errors, a clean run, replaying saved
/// findings, and SIGINT ending a run with its summary and exit 130.
final class FuzzCommandTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    private var root: String { TestRepository.root.path }

    func testUsageErrorsExitTwo() throws {
        for arguments in [["fuzz", "--cases", "10"], ["fuzz", "--seed", "1"], ["fuzz", "--seed", "1", "--cases", "5", "--seconds", "1"],
                          ["fuzz", "--seed", "-1", "--cases", "5"], ["fuzz", "--seed", "1", "--cases", "5", "--shard", "4/3"],
                          ["fuzz", "--seed", "1", "--cases", "5", "--no-save", "--testee", "twin=cat", "--testee", "twin=sort"]] {
            let run = try GateTestSupport.runCLI(arguments + ["--root", root])
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.err)")
        }
        let help = try GateTestSupport.runCLI(["fuzz", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("USAGE: contract-harness fuzz"))
        // `fuzz states --help` is the writer loop's own (its options, --kotlin among them).
        let writer = try GateTestSupport.runCLI(["fuzz", "--writer", "--help"])
        XCTAssertEqual(writer.status, 0)
        XCTAssertTrue(writer.out.hasPrefix("USAGE: contract-harness fuzz states --seed S"), writer.out)
        XCTAssertTrue(writer.out.contains("--kotlin (or --kotlin-parser F.kt"), writer.out)
    }

    /// A testee declared broken (here: it crashes on every case) ends the run: findings only for
    /// the cases it really failed, none for the cases it never ran, and exit 1 saying so.
    func testABrokenTesteeEndsTheRunWithoutFindingsForCasesItNeverRan() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "1", "--cases", "300", "--batch", "100",
                                              "--findings", folder.path, "--testee", "dead=exit 3", "--quiet"])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        let k = ExternalProcessReader.brokenAfter
        XCTAssertTrue(run.out.contains("the run stopped, a testee is broken: dead failed on \(k) cases in a row"), run.out)
        XCTAssertTrue(run.out.contains("(\(100 - k) in that batch: not compared, no findings)"), run.out)
        XCTAssertTrue(run.out.contains("c/dead crash  \(k) cases"), run.out)
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(saved.isEmpty)
        for name in saved {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertFalse(text.contains("broken:"), "a finding for a case the testee never ran: \(name)")
            XCTAssertTrue(text.contains("ended before answering (exit status 3)"), text)
        }
    }

    func testACleanRunPrintsThroughputPerReader() throws {
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "3", "--cases", "300", "--no-save", "--jobs", "2"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("fuzz seed 3, shard 1/1, jobs 2: 300 cases"), run.out)
        XCTAssertTrue(run.out.contains("\n  c "), run.out)
        XCTAssertTrue(run.out.contains("\n  swift "), run.out)
        XCTAssertTrue(run.out.contains("no disagreement."), run.out)
    }

    func testReplaySaysWhetherAFindingStillDiffers() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let agreeing = Case(id: "fuzz/1-2@berlin@at", blob: Array(#"{"v":1,"tasks":[]}"#.utf8), nowMs: 0, timeZone: "Europe/Berlin")
        let difference = FieldDifference(path: FieldPath(.parse), expected: "0 rows", got: "error (x)")
        for reader in ["swift", "kotlin"] {
            let finding = Finding(seed: 1, index: reader == "swift" ? 2 : 3,
                                  disagreement: Disagreement(reference: "c", reader: reader, difference: difference),
                                  shrunk: agreeing, originalSize: 40, recipe: [], reproduce: "x", shrinkEvaluations: 1)
            _ = try FindingStore(folder: folder).save(finding)
        }
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root, "--replay", folder.path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("agrees now"), run.out)
        XCTAssertTrue(run.out.contains("reader `kotlin` not given"), run.out)
        XCTAssertTrue(run.out.contains("2 findings replayed, 0 still differ"), run.out)
    }

    func testSIGINTStopsCleanlyWithASummary() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let process = Process()
        process.executableURL = GateTestSupport.cli
        process.arguments = ["fuzz", "--root", root, "--seed", "9", "--seconds", "60", "--findings", folder.path]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Wait for the first progress line, so the handler is installed and cases are running.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("fuzz:") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        process.interrupt()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, output)
        XCTAssertTrue(output.contains(", interrupted"), output)
        XCTAssertTrue(output.contains("cases in"), output)
    }
}
