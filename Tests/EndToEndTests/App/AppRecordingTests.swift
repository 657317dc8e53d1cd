import Foundation
import HarnessTestSupport
import TestSupport
import XCTest

/// An app's recordings, made two ways, are the same bytes: the testee kit's (`Testee.record`, on the
/// platform the reader runs on, sealing with its portable SHA-256) and the harness's
/// (`golden record NAME --contract DIR --views FILE`, sealing views made elsewhere with OpenSSL's),
/// so a recording made on a Mac and one imported from an Android job are judged alike. Views that
/// do not line up with the app's case stream are refused, naming the line.
final class AppRecordingTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    func testTheKitsRecordingAndTheHarnesssImportAreTheSameBytes() throws {
        let app = Scratch.folder("app-recording").appendingPathComponent("app")
        defer { Scratch.remove(app.deletingLastPathComponent()) }
        XCTAssertEqual(try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/cp"), ["-RL", TestRepository.url("Examples/app-repository").path, app.path]).status, 0)
        let contract = app.appendingPathComponent("widget-contract")
        let cases = app.appendingPathComponent("cases.jsonl"), views = app.appendingPathComponent("views.jsonl")
        let stream = try GateTestSupport.runMerged(GateTestSupport.cli, ["tool", "cases", "--contract", contract.path, "--out", cases.path])
        XCTAssertEqual(stream.status, 0, stream.output)
        // The example's iOS reader made a testee: the kit records it, and it serves the same views line by line.
        let testee = TestRepository.url(".build/debug/ios-example-testee")
        let kit = app.appendingPathComponent("kit-recording")
        let recorded = try GateTestSupport.runMerged(testee, ["--record", kit.path, "--cases", cases.path])
        XCTAssertEqual(recorded.status, 0, recorded.output)
        let served = try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" < \"$1\" > \"$2\"", testee.path, cases.path, views.path])
        XCTAssertEqual(served.status, 0, served.output)
        let imported = try GateTestSupport.runMerged(GateTestSupport.cli, ["golden", "record", "ios", "--contract", contract.path, "--views", views.path])
        XCTAssertEqual(imported.status, 0, imported.output)
        let folder = contract.appendingPathComponent("recordings/ios")
        let files = try FileManager.default.contentsOfDirectory(atPath: kit.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertEqual(files, ["legacy.jsonl", "no-tasks.jsonl", "states.jsonl"])
        for file in files {
            XCTAssertEqual(try Data(contentsOf: kit.appendingPathComponent(file)), try Data(contentsOf: folder.appendingPathComponent(file)),
                           "\(file): the kit's seals are the harness's")
        }
        XCTAssertEqual(try GateTestSupport.runMerged(GateTestSupport.cli, ["check", "--contract", contract.path, "--quiet"]).status, 0)

        // Views out of the stream's order are refused before anything is written.
        var lines = try String(contentsOf: views, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.swapAt(3, 4)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: views)
        let refused = try GateTestSupport.runMerged(GateTestSupport.cli, ["golden", "record", "ios", "--contract", contract.path, "--views", views.path])
        XCTAssertEqual(refused.status, 2, refused.output)
        XCTAssertTrue(refused.output.contains("views.jsonl:4") && refused.output.contains("in the stream's order"), refused.output)
        let missing = try GateTestSupport.runMerged(GateTestSupport.cli, ["golden", "record", "android", "--contract", contract.path, "--views", views.path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.output.contains("android is not recorded in"), missing.output)
    }
}
