import Foundation
import HarnessTestSupport
import TestSupport
import XCTest

/// The whole path an app team takes, from a folder holding only the example app
/// (Examples/app-repository, its links resolved: no harness checkout in it): the release made by
/// `scripts/release` (from the debug build: a dry run of the release step), installed by
/// `scripts/install`, then `contract-harness check` from inside the app — the config found from
/// the working directory, the Android reader compiled from the app's file, the iOS reader
/// compared from its recording, the writer selector compiled with its generated adapter — PASS
/// with every report written; exit 1 on a reader bug planted in the app's Kotlin file; and a
/// recording made stale by a fixture of the app's own, named with the command that records it.
final class AppRepositoryTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        try GateTestSupport.skipUnlessKotlin()
    }

    /// The install made once per test run (`RunShared`: these tests and ReleaseDryRunTests' may run
    /// in different shards): `release` then `install` into a scratch prefix. Nothing writes into it after.
    static let installed: Result<(prefix: URL, dist: URL, version: String), any Error> = Result {
        let version = try GateTestSupport.runCLI(["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "contract-harness ", with: "")
        let folder = try RunShared.folder("app-release") { folder in
            let dist = folder.appendingPathComponent("dist"), prefix = folder.appendingPathComponent("prefix")
            let release = try GateTestSupport.runMerged(TestRepository.url("scripts/release"),
                                                        ["--binary", GateTestSupport.cli.path, "--out", dist.path])
            guard release.status == 0 else { throw Failure("scripts/release: \(release.output)") }
            let archive = try FileManager.default.contentsOfDirectory(atPath: dist.path).first { $0.hasSuffix(".tar.gz") }
                .map { dist.appendingPathComponent($0) }
            guard let archive else { throw Failure("scripts/release wrote no archive into \(dist.path)") }
            let install = try GateTestSupport.runMerged(dist.appendingPathComponent("install"),
                                                        ["--version", version, "--from", archive.path, "--prefix", prefix.path])
            guard install.status == 0 else { throw Failure("install: \(install.output)") }
        }
        return (folder.appendingPathComponent("prefix"), folder.appendingPathComponent("dist"), version)
    }

    /// A copy of the example app with its links resolved, in a folder of its own.
    private func exampleApp() throws -> URL {
        let app = Scratch.folder("example-app").appendingPathComponent("app")
        let copy = try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/cp"), ["-RL", TestRepository.url("Examples/app-repository").path, app.path])
        XCTAssertEqual(copy.status, 0, copy.output)
        var isLink = false
        if let kind = try? FileManager.default.attributesOfItem(atPath: app.appendingPathComponent("android/WidgetData.kt").path)[.type] as? FileAttributeType {
            isLink = kind == .typeSymbolicLink
        }
        XCTAssertFalse(isLink, "the copy holds the app's files, not links into the harness's tree")
        return app
    }

    private func check(_ app: URL, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let prefix = try Self.installed.get().prefix
        // The installed binary finds its tree beside it; nothing of the checkout is named.
        return try GateTestSupport.runMerged(prefix.appendingPathComponent("bin/contract-harness"), ["check"] + arguments, in: app,
                                             changes: ["WIDGETCONTRACT_HOME": nil, "CONTRACT_HARNESS": nil])
    }

    func testTheInstalledHarnessGatesTheExampleAppFromItsOwnFolder() throws {
        let installed = try Self.installed.get()
        let share = installed.prefix.appendingPathComponent("share/widgetcontract")
        for part in ["golden/fixtures", "golden/expected", "golden/kotlin/RECORDING.json", "golden/divergences/kotlin.txt", "schemas/contract.json",
                     "ends/kotlin/WidgetData.kt", "ends/writer/src/writer-protocol.ts", "tools/kotlin-testee/reader-api",
                     "scripts/record-kotlin", "scripts/build-app-writer", "kit/Package.swift", "RELEASE.json", "docs/adopting.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: share.appendingPathComponent(part).path), "the install holds \(part)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.appendingPathComponent("golden/findings").path), "no findings in a release")

        let app = try exampleApp()
        defer { Scratch.remove(app.deletingLastPathComponent()) }
        let reports = app.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let pass = try check(app, ["--json", "reports/v.json", "--junit", "reports/j.xml", "--markdown", "reports/s.md", "--html", "reports/r.html"])
        XCTAssertEqual(pass.status, 0, pass.output)
        XCTAssertTrue(pass.output.contains("PASS"), pass.output)
        for reader in ["android", "ios"] {
            XCTAssertTrue(pass.output.contains("\n\(reader) "), "\(reader) in the summary: \(pass.output)")
        }
        XCTAssertTrue(pass.output.contains("ios's recording (widget-contract/recordings/ios) was made on Linux"), pass.output)
        for (file, mark) in [("v.json", "\"android\""), ("j.xml", "<testsuite"), ("s.md", "ios"), ("r.html", "<html")] {
            let text = try String(contentsOf: reports.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(text.contains(mark), "\(file) holds \(mark)")
        }
        // Nothing was written into the app's contract folder by a check.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent("widget-contract").path).sorted(),
                       [".gitattributes", "lists", "recordings", "widget-contract.json"])

        // A bug planted in the app's Kotlin reader (the colour looked up by the task's id, not its
        // project's): exit 1, naming the field.
        let kotlin = app.appendingPathComponent("android/WidgetData.kt")
        let source = try String(contentsOf: kotlin, encoding: .utf8)
        XCTAssertTrue(source.contains("colors.optString(projectId, null)"))
        try Data(source.replacingOccurrences(of: "colors.optString(projectId, null)", with: "colors.optString(id, null)").utf8).write(to: kotlin)
        let planted = try check(app)
        XCTAssertEqual(planted.status, 1, planted.output)
        XCTAssertTrue(planted.output.contains("FAIL: android:") && planted.output.contains("projectColor"), planted.output)
        try Data(source.utf8).write(to: kotlin)

        // A fixture of the app's own: the iOS recording is stale for its cases, named with the config's command.
        let fixtures = app.appendingPathComponent("widget-contract/fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: share.appendingPathComponent("golden/fixtures/legacy.json"), to: fixtures.appendingPathComponent("mine.json"))
        let stale = try check(app)
        XCTAssertEqual(stale.status, 1, stale.output)
        XCTAssertTrue(stale.output.contains("recording is stale: run `xcodebuild test -scheme WidgetContractRecording"), stale.output)
        XCTAssertTrue(stale.output.contains("widget-contract/recordings/ios/mine.jsonl is missing"), stale.output)
        XCTAssertFalse(stale.output.contains("golden refresh"), "an app is never told to refresh the harness's golden files")
        try FileManager.default.removeItem(at: fixtures)

        // The iOS reader changed and was not recorded again: its recording is stale, naming the file.
        let port = app.appendingPathComponent("ios-widget/FoundationWidgetReader.swift")
        try Data((try String(contentsOf: port, encoding: .utf8) + "// a change\n").utf8).write(to: port)
        let changed = try check(app, ["--reader", "ios"])
        XCTAssertEqual(changed.status, 1, changed.output)
        XCTAssertTrue(changed.output.contains("ios's reader changed since widget-contract/recordings/ios was recorded (FoundationWidgetReader.swift)"), changed.output)
    }

    /// The harness's own gate never reads the example's lists or recordings: from the checkout,
    /// without --contract, no contract folder is found and the tree is the harness's own.
    func testTheHarnesssOwnGateDoesNotSeeTheExamplesFolder() throws {
        let listed = try GateTestSupport.runMerged(GateTestSupport.cli, ["tool", "list", "fixtures"], in: TestRepository.root)
        XCTAssertEqual(listed.status, 0, listed.output)
        XCTAssertFalse(listed.output.contains("contract-harness: android"), "no app end is resolved in the harness's own tree")
        let lists = try FileManager.default.contentsOfDirectory(atPath: TestRepository.url("golden/divergences").path)
        XCTAssertFalse(lists.contains("android.txt") || lists.contains("ios.txt"), "\(lists)")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
