import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport

/// The seal of a golden line has no secret (CONTRACT §6, README "What the seals protect"): a
/// pull request can write golden/kotlin lines of its own with valid seals, and `check` alone
/// believes them. Here the forgery hides every Kotlin deviation (golden/expected copied into
/// golden/kotlin, kotlin.txt emptied): `check` passes, and CI's re-record step
/// (`scripts/check-kotlin-recording`, run by scripts/test) is what fails it.
final class ForgedRecordingTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/java") else { throw XCTSkip("no JVM (scripts/bootstrap installs it)") }
    }

    func testAForgedRecordingWithValidSealsPassesCheckAndFailsTheReRecord() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("forged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for folder in ["golden", "scripts", "schemas"] { // schemas: the Kotlin glue writes the fields schemas/contract.json describes
            try FileManager.default.copyItem(at: GateTestSupport.repositoryRoot.appendingPathComponent(folder), to: tree.appendingPathComponent(folder))
        }
        let golden = tree.appendingPathComponent("golden")
        for file in try FileManager.default.contentsOfDirectory(atPath: golden.appendingPathComponent("expected").path) where file.hasSuffix(".jsonl") {
            let target = golden.appendingPathComponent("kotlin/\(file)")
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
    }

    private func run(_ script: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CONTRACT_HARNESS"] = GateTestSupport.cli.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
