import Foundation
import XCTest
@testable import ContractHarness

/// A reader that does not implement some fields, as a team would plug one in: a test-only
/// external testee around `contract-harness decode --reader swift` that leaves `meta.dayStr`
/// and `header.dayMs` out of its view lines and ignores queued taps. With only the
/// universal not-implemented entry listed, the gate must fail on exactly the cases where
/// the taps change a row, and on nothing else.
final class PartialTesteeTests: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: GateTestSupport.cli.path) else {
            throw XCTSkip("build the CLI first: swift build --build-tests (scripts/test does)")
        }
    }

    /// The testee: sed drops `pendingDoneTargets` from each case (a JSON object of
    /// string → boolean) and `dayStr` / `dayMs` from each view; `-u` keeps it line by line.
    private func writeTestee(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("partial-testee.sh")
        let text = #"""
        #!/bin/sh
        sed -u -E 's/"pendingDoneTargets":\{("(\\.|[^"\\])*":(true|false),?)*\},//' \
          | "$1" decode --reader swift \
          | sed -u -E 's/"dayStr":(null|"(\\.|[^"\\])*"),//; s/,"dayMs":(null|-?[0-9]+)//'
        """#
        try (text + "\n").write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return "\(script.path) \(GateTestSupport.cli.path)"
    }

    func testOnlyTheCasesWhereTapsChangeARowFail() throws {
        let paths = try GateTestSupport.copyOfGolden()
        defer { GateTestSupport.remove(paths) }
        try "*/*@*  [meta.dayStr,header.dayMs]  not implemented: this reader reads no day\n"
            .write(to: paths.golden.appendingPathComponent("divergences/partial.txt"), atomically: true, encoding: .utf8)
        let command = try writeTestee(in: paths.root)
        let corpus = try Corpus.load(paths)

        // Independently of the gate: the cases whose rows change when the taps are dropped.
        let swift = SwiftReader()
        var tapsMatter: Set<String> = []
        for testCase in corpus.cases where !testCase.pendingDoneTargets.isEmpty {
            var untapped = testCase
            untapped.pendingDoneTargets = []
            if swift.decode(testCase).parse != swift.decode(untapped).parse { tapsMatter.insert(testCase.id) }
        }
        XCTAssertGreaterThan(tapsMatter.count, 50)

        let testee = ExternalProcessReader(name: "partial", command: command, caseTimeout: 30)
        let result = try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: [], testees: [testee], includeRecordings: false))
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "partial" })
        XCTAssertFalse(result.passed)
        XCTAssertEqual(Set(verdict.unexpected.map(\.caseId)), tapsMatter)
        for deviation in verdict.unexpected {
            XCTAssertTrue(deviation.unexpectedDifferences.allSatisfy { $0.field.hasSuffix(".isDone") }, "\(deviation.caseId): \(deviation.unexpectedDifferences)")
        }
        XCTAssertEqual(verdict.staleEntries.count, 0)
        XCTAssertEqual(verdict.failures, 0)
        let notImplemented = Dictionary(uniqueKeysWithValues: verdict.notImplementedCounts.map { ($0.field, $0.cases) })
        XCTAssertEqual(notImplemented["meta.dayStr"], corpus.cases.count, "no case has a day string from this reader")
        let outdated = result.expected.filter { if case .view(let view) = $0, case .outdated = view.header { return true } else { return false } }.count
        XCTAssertEqual(notImplemented["header.dayMs"], outdated)
        XCTAssertEqual(verdict.notImplementedOnly.count + verdict.unexpected.count, corpus.cases.count)

        // The same through the CLI: exit 1, the counts and the not-implemented fields shown.
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings", "--testee", "partial=\(command)"])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.out.contains("partial: not implemented: meta.dayStr (\(corpus.cases.count) cases), header.dayMs (\(outdated) cases)"), run.out)
        XCTAssertTrue(run.out.contains("FAIL: partial: \(tapsMatter.count) unexpected deviations, 0 stale list entries"), run.out)
        print(run.out)
    }
}
