import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// The nightly fuzz workflow example (`.github/workflows/fuzz-nightly.yml`) runs commands the
/// CLI accepts: every matrix entry's `scripts/fuzz` line, with its matrix values, seed and
/// budget filled in, is run as `contract-harness fuzz` for one case (scripts/fuzz passes its
/// arguments through; only the ASan build is skipped). The matrix keeps a Kotlin-in-the-loop
/// entry beside the plain ones, and one through the writer end (`fuzz states --kotlin`).
final class WorkflowExampleTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    private var workflow: String {
        get throws {
            try String(contentsOf: TestRepository.root.appendingPathComponent(".github/workflows/fuzz-nightly.yml"),
                       encoding: .utf8)
        }
    }

    /// `- { kind: swift, shard: 1, shards: 4, readers: "" }` lines → their key/value pairs.
    static func matrixEntries(_ text: String) -> [[String: String]] {
        text.split(separator: "\n").compactMap { line -> [String: String]? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- {"), trimmed.hasSuffix("}") else { return nil }
            var entry: [String: String] = [:]
            for pair in trimmed.dropFirst(3).dropLast().split(separator: ",") {
                let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { return nil }
                entry[parts[0]] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return entry
        }
    }

    /// The `scripts/fuzz …` command of the run step, continuation lines joined, up to its redirection.
    static func fuzzCommand(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard var index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("scripts/fuzz ") }) else {
            return nil
        }
        var command = ""
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasSuffix("\\") else { command += line; break }
            command += line.dropLast() + " "
            index += 1
        }
        if let cut = command.range(of: " 2>&1") ?? command.range(of: " |") { command = String(command[..<cut.lowerBound]) }
        return command
    }

    /// The arguments `scripts/fuzz` gets for one matrix entry (quotes removed: no value has spaces).
    static func arguments(_ command: String, entry: [String: String], seed: String, seconds: String) -> [String] {
        var text = command
        for (key, value) in entry { text = text.replacingOccurrences(of: "${{ matrix.\(key) }}", with: value) }
        text = text.replacingOccurrences(of: "${{ steps.seed.outputs.seed }}", with: seed)
            .replacingOccurrences(of: "$SECONDS_BUDGET", with: seconds)
            .replacingOccurrences(of: "\"", with: "")
        return text.split(separator: " ").map(String.init).filter { !$0.isEmpty }
    }

    func testEveryMatrixEntrysFuzzCommandIsAcceptedByTheCLI() throws {
        let text = try workflow
        let entries = Self.matrixEntries(text)
        XCTAssertGreaterThanOrEqual(entries.count, 2, "no matrix entries found")
        let command = try XCTUnwrap(Self.fuzzCommand(text), "no scripts/fuzz line in the workflow")
        let budget = try XCTUnwrap(text.range(of: #"github.event.inputs.seconds \|\| '([0-9]+)'"#, options: .regularExpression)
            .map { String(text[$0]).filter(\.isNumber) })
        XCTAssertTrue(entries.contains { ($0["readers"] ?? "").contains("--kotlin") }, "no Kotlin-in-the-loop entry")
        XCTAssertTrue(entries.contains { !($0["readers"] ?? "").contains("--kotlin") }, "no plain entry")

        let kotlinToolchain = FileManager.default.fileExists(atPath: "/usr/share/java/com.android.json.jar")
            && (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/kotlinc") }
        for entry in entries {
            var arguments = Self.arguments(command, entry: entry, seed: "20261130", seconds: budget)
            XCTAssertEqual(arguments.first, "scripts/fuzz", "\(arguments)")
            arguments.removeFirst()
            XCTAssertFalse(arguments.contains { $0.contains("$") }, "an expression the test does not fill in: \(arguments) for \(entry)")
            // The budget as given, then one case instead of the whole budget.
            let secondsAt = try XCTUnwrap(arguments.firstIndex(of: "--seconds"), "\(arguments)")
            XCTAssertNotNil(Double(arguments[secondsAt + 1]).flatMap { $0 > 0 ? $0 : nil }, "\(arguments)")
            arguments.replaceSubrange(secondsAt...(secondsAt + 1), with: ["--case", "0"])
            let kotlin = arguments.contains("--kotlin")
            if kotlin && !kotlinToolchain { continue }
            let run = try GateTestSupport.runCLI(["fuzz"] + arguments + ["--no-save", "--root", TestRepository.root.path])
            XCTAssertNotEqual(run.status, 2, "the workflow's command is refused: \(arguments)\n" + run.err)
            let shard = "\(entry["shard"] ?? "?")/\(entry["shards"] ?? "?")"
            if arguments.contains("--writer") {
                // Through the writer end (one state), the Kotlin end reading its blob's cases.
                XCTAssertTrue(run.out.contains("fuzz states: seed 20261130, 1 states"), run.out + run.err)
                if kotlin { XCTAssertTrue(run.out.contains("\nthe Kotlin end at its own pace: "), run.out) }
                continue
            }
            XCTAssertTrue(run.out.contains("fuzz seed 20261130, shard \(shard), jobs 2: 1 cases"), run.out + run.err)
            if kotlin { XCTAssertTrue(run.out.contains("\n  kotlin "), run.out) }
        }
    }
}
