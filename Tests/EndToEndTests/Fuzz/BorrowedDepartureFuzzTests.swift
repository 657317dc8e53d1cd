import Foundation
import XCTest
import HarnessCorpus
import HarnessFuzz
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// `fuzz --kotlin` holds an org.json testee's departures to the live Kotlin end, as `check`
/// holds them to golden/kotlin (`PlatformEvidence.fieldsUnlike`, one rule): a difference its
/// declared departure would excuse counts only where the testee reads each excused field
/// exactly as the Kotlin end reads that case; otherwise it is a finding. The worked iOS example
/// (Swift, on JSONSerialization) declaring org.json with kotlin.txt's entries — what `check`
/// refuses in OrgJSONTesteeTests.testASwiftTesteeCannotClaimOrgJSONDepartures — borrows
/// departures it does not have; the project's Kotlin end declared the same (`app`) borrows none.
/// One run on the small legacy tree (two JVMs, 200 cases), then `--replay` of a borrowed finding.
/// Skipped without kotlinc and Android's org.json.
final class BorrowedDepartureFuzzTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        try GateTestSupport.skipUnlessKotlin()
    }

    private func declare(_ name: String, in paths: HarnessPaths) throws { try OrgJSONTesteeSupport.declare(name, in: paths) }

    private func signatures(_ reader: String, in out: String) -> Set<String> { OrgJSONTesteeSupport.signatures(reader, in: out) }

    func testASwiftTesteeThatDeclaresOrgJSONBorrowsDeparturesTheKotlinEndDoesNot() throws {
        let ios = TestRepository.root.appendingPathComponent(".build/debug/ios-example-testee")
        guard FileManager.default.isExecutableFile(atPath: ios.path) else { throw XCTSkip("build first: swift build --build-tests") }
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let kotlin = try KotlinTestee.reader(repository: TestRepository.root, parsers: [], startTimeout: 60).command
        // `--kotlin` runs the tree's scripts/record-kotlin: here, the repository's (one compiled copy, cached).
        let script = paths.root.appendingPathComponent("scripts/record-kotlin")
        let real = TestRepository.root.appendingPathComponent("scripts/record-kotlin").path
        try Data("#!/bin/sh\nexec '\(real)' \"$@\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try declare("ios", in: paths)
        try declare("app", in: paths)
        let findings = paths.root.appendingPathComponent("golden/findings")
        let (run, before) = try OrgJSONTesteeSupport.fuzz(paths, cases: 200, shrinkBudget: 10,
                                                          testees: ["ios@1=\(ios.path)", "app@3=\(kotlin)"], more: ["--kotlin"])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        // ios: what a departure would excuse but it reads unlike the Kotlin end is a finding, said so
        // with an example (`ios borrows Dn, findings: … (e.g. #I FIELD)`); which case of seed 5 it is
        // moves with the generator, so the example is taken from the summary.
        let borrowLine = try XCTUnwrap(run.out.split(separator: "\n").first { $0.contains("ios borrows D") }.map(String.init), run.out)
        let example = try XCTUnwrap(borrowLine.range(of: #"\(e\.g\. #[0-9]+ [^)]+\)"#, options: .regularExpression).map { String(borrowLine[$0]) }, borrowLine)
        let borrowedField = String(example.dropFirst("(e.g. #".count).drop { $0 != " " }.dropFirst().dropLast())
        XCTAssertTrue(signatures("ios", in: run.out).contains("c/ios \(borrowedField)"), run.out)
        XCTAssertTrue(run.out.contains("ios borrows D"), run.out)
        XCTAssertTrue(run.out.contains("the field unlike kotlin, the project's reader on the platform ios's list declares"), run.out)
        XCTAssertTrue(run.out.contains("where it reads each excused field exactly as kotlin (the live Kotlin end) does"), run.out)
        // app (the Kotlin end itself, declared): its departures read as kotlin's, counted, none a finding.
        XCTAssertEqual(signatures("app", in: run.out), [], run.out)
        XCTAssertTrue(run.out.contains("app D2/D3/D5/D6 "), "no case showed a departure: the test proves nothing\n" + run.out)
        XCTAssertFalse(run.out.contains("app borrows"), run.out)

        // --replay with --kotlin judges a saved borrowed finding the same way.
        let saved = try FindingStore.load(findings, within: TreeBoundary(root: paths.root))
            .filter { !before.contains($0.file) && $0.finding.disagreement.signature == "c/ios \(borrowedField)" }
        let file = try XCTUnwrap(saved.first?.file, run.out)
        let replay = try GateTestSupport.runCLI(["fuzz", "--root", paths.root.path, "--replay", "golden/findings/\(file)", "--kotlin",
                                                 "--testee", "ios@1=\(ios.path)", "--start-timeout", "60"])
        XCTAssertEqual(replay.status, 1, replay.out + replay.err)
        XCTAssertTrue(replay.out.contains("but ios reads ") && replay.out.contains(" unlike kotlin"), replay.out)
    }
}
