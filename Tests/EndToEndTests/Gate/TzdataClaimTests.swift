@testable import HarnessCorpus
import ContractModel
import Foundation
import XCTest
import HarnessTestSupport

/// A pull request could switch the zone comparison off by editing one string: the tzdata
/// version `golden/zones/transitions.json` claims (resealed). A claim is accepted only as a
/// tzdata version name, and in CI a claim that is not this machine's fails the zone check unless
/// the run names the machine that checks it (`--zones-checked-on`).
final class TzdataClaimTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    private func tree(claiming version: String) throws -> HarnessPaths {
        let paths = try GateTestSupport.smallTree()
        var file = try ZoneDayFile.load(root: paths.root.path)
        file.tzdataVersion = version
        try file.render().write(to: paths.root.appendingPathComponent(ZoneDayFile.path), atomically: true, encoding: .utf8)
        return paths
    }

    private func check(_ paths: HarnessPaths, ci: Bool, _ more: [String] = []) throws -> (status: Int32, out: String, err: String) {
        var environment = GateTestSupport.contributorEnvironment
        if ci { environment["CI"] = "true" }
        return try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings"] + more, environment: environment)
    }

    func testAClaimThatIsNoVersionNameIsRefused() throws {
        let paths = try tree(claiming: "2025b\u{200B}")
        defer { GateTestSupport.remove(paths) }
        let run = try check(paths, ci: false)
        XCTAssertEqual(run.status, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("golden/zones/transitions.json:1: field `tzdata`: `2025b\\u200b` is not a tzdata version name"), run.err)
    }

    func testInCIAnotherMachinesClaimFailsUnlessTheRunNamesWhoChecksIt() throws {
        let paths = try tree(claiming: "2099z")
        defer { GateTestSupport.remove(paths) }
        let contributor = try check(paths, ci: false)
        XCTAssertEqual(contributor.status, 0, "a contributor's machine: a note\n" + contributor.out)
        XCTAssertTrue(contributor.out.contains("note: the tzdata comparison of golden/zones/transitions.json cannot run here"), contributor.out)
        let ci = try check(paths, ci: true)
        XCTAssertEqual(ci.status, 1, "CI: a claim no machine checks fails\n" + ci.out)
        XCTAssertTrue(ci.out.contains("FAIL: golden/zones/transitions.json claims tzdata 2099z"), ci.out)
        XCTAssertTrue(ci.out.contains("--zones-checked-on"), ci.out)
        let named = try check(paths, ci: true, ["--zones-checked-on", "the nightly zones job (tzdata 2099z)"])
        XCTAssertEqual(named.status, 0, named.out)
        XCTAssertTrue(named.out.contains("checked on the nightly zones job (tzdata 2099z)"), named.out)
    }
}
