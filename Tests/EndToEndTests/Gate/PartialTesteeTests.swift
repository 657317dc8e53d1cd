import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// A reader that does not implement some fields, as a team would plug one in: a test-only
/// external testee around `contract-harness tool decode --reader swift` that leaves `meta.dayStr`
/// and `header.dayMs` out of its view lines and ignores queued taps. With only the
/// universal not-implemented entry listed, the gate must fail on exactly the cases where
/// the taps change a row (and so the display's rows), and on nothing else: where a case sets
/// an input of revision 2 the rows are pending for this revision-1 reader.
final class PartialTesteeTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    /// The testee: perl drops `pendingDoneTargets` from each case (a JSON object of
    /// string → boolean) and `dayStr` / `dayMs` from each view; `$| = 1` keeps it line by line.
    /// (perl, not `sed -u`: the same expressions, the same bytes out, a tenth of the CPU on
    /// these long lines.)
    private func writeTestee(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("partial-testee.sh")
        let text = #"""
        #!/bin/sh
        perl -pe 'BEGIN { $| = 1 } s/"pendingDoneTargets":\{("(\\.|[^"\\])*":(true|false),?)*\},//' \
          | "$1" tool decode --reader swift \
          | perl -pe 'BEGIN { $| = 1 } s/"dayStr":(null|"(\\.|[^"\\])*"),//; s/,"dayMs":(null|-?[0-9]+)//'
        """#
        try (text + "\n").write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return "\(script.path) \(GateTestSupport.cli.path)"
    }

    func testOnlyTheCasesWhereTapsChangeARowFail() throws {
        // A Today widget's fixture and a project widget's: taps on both, with and without revision 2's inputs.
        let paths = try GateTestSupport.smallTree(fixtures: ["many-tasks", "projects"])
        defer { GateTestSupport.remove(paths) }
        try "*/*@*  [meta.dayStr,header.dayMs]  not implemented: this reader reads no day\n"
            .write(to: paths.golden.appendingPathComponent("divergences/partial.txt"), atomically: true, encoding: .utf8)
        let command = try writeTestee(in: paths.root)
        let corpus = try Corpus.load(paths)

        // Independently of the gate: the cases whose rows change when the taps are dropped.
        let swift = SwiftReader()
        var tapsMatter: Set<String> = []
        // The testee declares the base alone: on a case that sets an input of a feature it does not
        // declare (a selection, tap times), the rows (`parse`) are that feature's question and pending
        // for it, never failing. The display of a Today widget with tap times is the base's (the
        // taps' targets decide it, their times only a doneOn it does not show): compared, so a case
        // without a selection whose rows the taps change fails there.
        var tapsPending: Set<String> = []
        for testCase in corpus.cases where !testCase.pendingDoneTargets.isEmpty {
            var untapped = testCase
            untapped.pendingDoneTargets = []
            guard swift.decode(testCase).parse != swift.decode(untapped).parse else { continue }
            if testCase.selectedProjectId == nil { tapsMatter.insert(testCase.id) }
            if testCase.selectedProjectId != nil || !testCase.pendingDoneTimestamps.isEmpty { tapsPending.insert(testCase.id) }
        }
        XCTAssertGreaterThan(tapsMatter.count, 50)
        XCTAssertGreaterThan(tapsPending.count, 50)

        let testee = ExternalProcessReader(name: "partial", command: command, caseTimeout: 30)
        let result = try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: [], testees: [testee], includeRecordings: false))
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "partial" })
        XCTAssertFalse(result.passed)
        XCTAssertEqual(Set(verdict.unexpected.map(\.caseId)), tapsMatter, "unexpected only: \(Set(verdict.unexpected.map(\.caseId)).subtracting(tapsMatter).sorted().prefix(5)); tapsMatter only: \(tapsMatter.subtracting(verdict.unexpected.map(\.caseId)).sorted().prefix(5))")
        for deviation in verdict.unexpected {
            XCTAssertTrue(deviation.unexpectedDifferences.allSatisfy { $0.field.hasSuffix(".isDone") }, "\(deviation.caseId): \(deviation.unexpectedDifferences)")
        }
        let pendingRows = verdict.pending.filter { $0.differences.contains { $0.path.key.hasPrefix("parse.tasks") && $0.path.key != "parse.tasks[].doneOn" } }
        XCTAssertEqual(Set(pendingRows.map(\.caseId)), tapsPending, "the rows the taps change on a later feature's inputs are pending")
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

    /// A testee that is the C reference with `meta`, `stale` and `header` left out of every
    /// view (a parse-only reader); `flip` also turns every `isDone` false into true.
    private func writeParseOnlyTestee(in folder: URL, flip: Bool) throws -> String {
        let script = folder.appendingPathComponent(flip ? "parse-only-flipped.sh" : "parse-only.sh")
        let text = """
        #!/bin/sh
        "$1" tool decode --reader c | sed -u -E 's/,"meta":\\{"dayStr".*$/}/\(flip ? "; s/\"isDone\":false/\"isDone\":true/g" : "")'
        """
        try (text + "\n").write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return "\(script.path) \(GateTestSupport.cli.path)"
    }

    /// `fuzz` treats fields a testee leaves out as the gate does: counted as not implemented,
    /// never disagreements or findings; every field it does give is still compared.
    func testFuzzCountsOmittedFieldsAsNotImplementedNotFindings() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let parseOnly = try writeParseOnlyTestee(in: folder, flip: false)
        let flipped = try writeParseOnlyTestee(in: folder, flip: true)
        let root = TestRepository.root.path
        let clean = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "3", "--cases", "200", "--no-save", "--jobs", "1",
                                                "--testee", "partial=\(parseOnly)"])
        XCTAssertEqual(clean.status, 0, clean.out + clean.err)
        XCTAssertTrue(clean.out.contains("no disagreement."), clean.out)
        XCTAssertTrue(clean.out.contains("not implemented (fields left out of the views), not findings: partial "), clean.out)
        XCTAssertTrue(clean.out.contains(" partial header.dayMs "), clean.out)
        XCTAssertTrue(clean.out.contains("partial header.kind 200, "), clean.out)
        XCTAssertTrue(clean.out.contains("partial meta.dayStr 200, partial meta.validUntil 200, "), clean.out)
        XCTAssertTrue(clean.out.contains(", partial stale 200"), clean.out)

        let both = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "3", "--cases", "200", "--no-save", "--jobs", "1",
                                               "--testee", "partial=\(parseOnly)", "--testee", "flipped=\(flipped)",
                                               "--shrink-budget", "200"])
        XCTAssertEqual(both.status, 1, both.out + both.err)
        XCTAssertTrue(both.out.contains("  c/flipped parse.tasks[].isDone  "), both.out)
        XCTAssertFalse(both.out.contains("c/partial"), both.out)
        XCTAssertFalse(both.out.contains("c/flipped meta") || both.out.contains("c/flipped stale") || both.out.contains("c/flipped header"),
                       both.out)
    }
}
