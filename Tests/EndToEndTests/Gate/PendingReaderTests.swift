import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Readers that lag (issue 23): a reader declares the contract revision it implements, the
/// fields and questions of a later revision are pending for it — counted and shown in every
/// report, never failing — while every field of its own revision is still compared; once it
/// declares the later revision they block, and a reader declaring a revision it does not
/// implement fails. A pending field the reader already agrees on is "ready to declare".
final class PendingReaderTests: XCTestCase {
    private let rule = PendingRule()

    func testTheRuleFollowsTheDescription() throws {
        let title = FieldPath(.taskTitle, row: 0)
        guard let doneOn = FieldPath("parse.tasks[0].doneOn") else { return XCTFail("no doneOn field in the description") }
        let plain: Set<String> = ["blob", "nowMs", "timeZone"]
        let selected = plain.union(["selectedProjectId"])
        let base = FeatureSet.base()
        let two = try FeatureSet.parse("2").get()
        let all = ReaderEntry.c.features
        // A field of an undeclared feature is pending on every case, a base field only on a case with an input its question takes.
        XCTAssertEqual(rule.pendingUnit(of: doneOn, caseInputs: plain, declared: base)?.feature, "doneOn")
        XCTAssertNil(rule.pendingUnit(of: title, caseInputs: plain, declared: base))
        XCTAssertEqual(rule.pendingUnit(of: title, caseInputs: selected, declared: base)?.feature, "projects")
        XCTAssertNil(rule.pendingUnit(of: title, caseInputs: selected, declared: two), "declared: blocking")
        XCTAssertEqual(rule.pendingUnit(of: title, caseInputs: selected, declared: try FeatureSet.parse("projects").get())?.feature, "doneGrace",
                       "a project's rows without the grace differ where the reference has it")
        XCTAssertNil(rule.pendingUnit(of: doneOn, caseInputs: selected, declared: two))
        XCTAssertNil(rule.pendingUnit(of: FieldPath(.crash), caseInputs: selected, declared: base), "no view is never pending")
        XCTAssertNil(rule.pendingUnit(of: FieldPath(.stale), caseInputs: selected, declared: base), "stale takes no input of a later feature")
        // A feature the reference does not implement (the tap-time grace): pending for the reader that declares it.
        let tapGrace = try FeatureSet.parse("base+projects+tapTimes+tapGrace").get()
        XCTAssertFalse(rule.hasReference("tapGrace"))
        XCTAssertTrue(rule.unreferenced.contains("tapGrace"), "\(rule.unreferenced)")
        XCTAssertEqual(rule.pendingUnit(of: title, caseInputs: selected, declared: tapGrace)?.feature, "doneGrace")
        XCTAssertTrue(rule.isDeclaredButMissing(doneOn, declared: two))
        XCTAssertFalse(rule.isDeclaredButMissing(doneOn, declared: base))
        XCTAssertFalse(rule.isDeclaredButMissing(FieldPath(.dayStr), declared: all), "the base's meta may be not implemented")
        XCTAssertEqual(Set(rule.units(outside: base).map(\.feature)), Set(all.names.dropFirst()).subtracting(["tapTimes"]).union(["tapTimes"]))
        XCTAssertTrue(rule.units(outside: all).isEmpty)
    }

    /// A revision-1 reader with a planted fault (the first row's isDone flipped on every
    /// `meta` case): the fault fails where the case asks revision 1's questions and is pending
    /// only where the case selects a project (a question of revision 2).
    func testPendingNeverHidesAFieldOfTheReadersOwnRevision() throws {
        // (many-tasks' meta cases select no project, projects' select one.)
        let paths = try GateTestSupport.smallTree(fixtures: ["many-tasks", "projects"])
        defer { GateTestSupport.remove(paths) }
        let corpus = try Corpus.load(paths)
        let (result, verdict) = try checkTheFlippingReader(declaring: .base(), paths, corpus)
        let flipped = Set(corpus.cases.filter { CaseID.family(of: $0.id) == "meta" }.map(\.id))
        let selected = Set(corpus.cases.filter { $0.selectedProjectId != nil }.map(\.id))
        let failing = Set(verdict.unexpected.map(\.caseId))
        XCTAssertFalse(result.passed)
        XCTAssertFalse(failing.isEmpty)
        XCTAssertTrue(failing.isSubset(of: flipped.subtracting(selected)), "only revision-1 questions fail")
        let pendingFlips = Set(verdict.pending.filter { $0.differences.contains { $0.path.name == .taskIsDone } }.map(\.caseId))
        XCTAssertFalse(pendingFlips.isEmpty)
        XCTAssertTrue(pendingFlips.isSubset(of: flipped.intersection(selected)))
        // Declaring what the reference implements, nothing is pending and every flip fails.
        let (_, strictVerdict) = try checkTheFlippingReader(declaring: ReaderEntry.c.features, paths, corpus)
        XCTAssertTrue(strictVerdict.pending.isEmpty)
        XCTAssertTrue(failing.isSubset(of: Set(strictVerdict.unexpected.map(\.caseId))))
        XCTAssertGreaterThan(strictVerdict.unexpected.count, verdict.unexpected.count)
    }

    /// "Ready to declare" is evidence that the reader already agrees on a later revision's
    /// fields: a reader that gave no view (it crashed, hung, wrote garbage) agrees on nothing,
    /// so no revision is ready for it (a garbage testee was told `--testee junk@3=…` would pass).
    func testAReaderThatGaveNoViewIsReadyForNothing() throws {
        let line = ##"{"id":"legacy/base@berlin@day","parse":{"tasks":[{"id":"t1","title":"Buy milk","isDone":false,"projectColor":"#00aa00","doneOn":null}]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"},"display":{"rows":[{"id":"t1","title":"Buy milk","isDone":false,"dot":"#FF00AA00"}],"more":0,"header":{"kind":"today","title":null,"day":null},"empty":false},"projects":[],"projectTitle":null,"currentTask":null}"##
        let (id, expected) = try ViewLine.parse(Array(line.utf8), file: "test", lineNumber: 1)
        let list = try DivergenceList.parse("", file: "golden/divergences/junk.txt")
        let reader = ReaderEntry.liveTestee("junk")
        let agreeing = ReaderVerdict.judge(reader: reader, caseIds: [id], expected: [expected], got: [expected], list: list)
        XCTAssertFalse(agreeing.readiness.isEmpty)
        XCTAssertTrue(agreeing.readiness.allSatisfy(\.isReady), "a reader whose view agrees is ready")
        for failure in ["crash: malformed: junk stdout:1: not a JSON view line", "broken: junk failed on 20 cases in a row", "hang: no line in 2 s"] {
            let silent = ReaderVerdict.judge(reader: reader, caseIds: [id], expected: [expected], got: [.failure(failure)], list: list)
            XCTAssertEqual(silent.unexpected.count, 1)
            XCTAssertTrue(silent.readiness.allSatisfy { !$0.isReady && $0.ready.isEmpty }, "\(failure): \(silent.readiness)")
        }
    }

    /// The gate (recordings left out) over C and "lagging": the Swift reader with the first row's isDone
    /// flipped on every `meta` case, declaring `revision`. Returns the result and lagging's verdict.
    private func checkTheFlippingReader(declaring features: FeatureSet, _ paths: HarnessPaths,
                                        _ corpus: Corpus) throws -> (GateResult, ReaderVerdict) {
        let lagging = ReaderEntry(name: "lagging", role: .product, features: features,
                                  make: { FlippingReader(name: "lagging", wrapped: SwiftReader(), family: "meta") })
        let result = try Gate.check(paths, corpus: corpus,
                                    options: Gate.Options(roster: ReaderRoster([.c, lagging]), includeRecordings: false))
        return (result, try XCTUnwrap(result.verdicts.first { $0.reader == "lagging" }))
    }
}

/// The same through the CLI with real testees: the iOS example (a JSONSerialization port
/// built with the kit at revision 1) passes with its pending fields shown in every report
/// format, and fails when it claims revision 2; our own Swift reader as a testee declared at
/// revision 1 is "ready to declare" revision 2.
final class PendingTesteeCLITests: XCTestCase {
    /// A Today widget's fixture and a project widget's: every revision-2 question and input (the scripts/test gate
    /// step runs the example over the whole tree).
    private static let fixtures = ["many-tasks", "projects"]
    private var example: URL { TestRepository.root.appendingPathComponent(".build/debug/ios-example-testee") }

    override func setUpWithError() throws {
        for binary in [GateTestSupport.cli, example] where !FileManager.default.isExecutableFile(atPath: binary.path) {
            throw XCTSkip("build first: swift build --build-tests && swift build --product ios-example-testee (scripts/test does)")
        }
    }

    private func report(_ paths: HarnessPaths, _ name: String) throws -> String {
        try String(contentsOf: paths.root.appendingPathComponent(name), encoding: .utf8)
    }

    /// `contract-harness COMMAND --root COPY --no-recordings --testee TESTEE` and `more`, over the copy of golden at `paths`.
    private func run(_ paths: HarnessPaths, testee: String, _ more: [String] = [],
                     command: String = "check") throws -> (status: Int32, out: String, err: String) {
        try GateTestSupport.runCLI([command, "--root", paths.root.path, "--no-recordings", "--testee", testee] + more)
    }

    /// `check` with `testee` over a small tree of its own, removed after.
    private func checkOnACopy(testee: String) throws -> (status: Int32, out: String, err: String) {
        let paths = try GateTestSupport.smallTree(fixtures: Self.fixtures)
        defer { GateTestSupport.remove(paths) }
        return try run(paths, testee: testee)
    }

    func testTheExampleAtRevisionOnePassesWithItsPendingFieldsInEveryReport() throws {
        // canonical: where every entry of the example's list happens (a smaller tree leaves some stale).
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let root = paths.root.path
        // (--html: the page's pending block is held by testAReaderThatAlreadyAgreesIsReadyToDeclare, on a
        // small tree; here its 3,000 listed cases' details would cost the page ~5 s of CPU.)
        let run = try self.run(paths, testee: "ios-example=\(example.path)",
                               ["--json", "\(root)/r.json", "--junit", "\(root)/r.xml", "--markdown", "\(root)/r.md"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("ios-example (revision 1): pending, never failing: "), run.out)
        XCTAssertTrue(run.out.contains("revision 2: waiting on "), run.out)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report(paths, "r.json").utf8)) as? [String: Any])
        let ios = try XCTUnwrap((json["readers"] as? [[String: Any]])?.first { $0["name"] as? String == "ios-example" })
        XCTAssertEqual(ios["contractRevision"] as? Int, 1)
        XCTAssertGreaterThan(ios["pending"] as? Int ?? 0, 0)
        let fields = try XCTUnwrap(ios["pendingFields"] as? [String: Int])
        for field in ["parse.tasks[].doneOn", "projects", "projectTitle"] { XCTAssertNotNil(fields[field], field) }
        let compat = try XCTUnwrap((ios["families"] as? [String: [String: Int]])?["compat"])
        XCTAssertEqual(compat["unexpected"], 0)
        XCTAssertGreaterThan(compat["pending"] ?? 0, 0)
        XCTAssertTrue(try report(paths, "r.xml").contains("<skipped message=\"pending: "))
        XCTAssertTrue(try report(paths, "r.md").contains("(revision 1) pending, never failing"))
    }

    func testTheSameTesteeClaimingRevisionTwoFails() throws {
        let declared = try checkOnACopy(testee: "ios-example@2=\(example.path)")
        XCTAssertEqual(declared.status, 1, declared.out + declared.err)
        XCTAssertTrue(declared.out.contains("declares revision 2 but does not implement it: its views leave out parse.tasks[].doneOn"), declared.out)
        XCTAssertFalse(declared.out.contains("[parse.tasks[].doneOn]  TODO"), "no list line is suggested for a declared field left out")
        // What the kit says the code declares.
        let process = Process()
        process.executableURL = example
        process.arguments = ["--contract-revision"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(String(decoding: printed, as: UTF8.self), "1\n")
    }

    /// ... and `check --html` writes the page `report --html` writes for the same run, byte for
    /// byte (`report` exits 0 whatever the verdict; `check` is the gate).
    func testAReaderThatAlreadyAgreesIsReadyToDeclare() throws {
        let paths = try GateTestSupport.smallTree(fixtures: Self.fixtures)
        defer { GateTestSupport.remove(paths) }
        let root = paths.root.path
        let testee = "ahead@1=\(GateTestSupport.cli.path) tool decode --reader swift"
        let run = try self.run(paths, testee: testee, ["--html", "\(root)/check.html"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("ahead (revision 1): pending, never failing: no field differs"), run.out)
        XCTAssertTrue(run.out.contains("revision 2: ready to declare (every pending field agrees)"), run.out)
        let report = try self.run(paths, testee: testee, ["--html", "\(root)/report.html"], command: "report")
        XCTAssertEqual(report.status, 0, report.err)
        XCTAssertTrue(report.err.contains("the gate passes"), report.err)
        let page = try self.report(paths, "check.html")
        XCTAssertTrue(page.contains("<div class=\"pending\" data-reader=\"ahead\">"), String(page.prefix(2000)))
        XCTAssertEqual(page, try self.report(paths, "report.html"))
        let bad = try checkOnACopy(testee: "x@0=cat")
        XCTAssertEqual(bad.status, 2, bad.out + bad.err)
    }
}
