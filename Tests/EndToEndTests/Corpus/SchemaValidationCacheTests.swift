import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// scripts/check-schemas.d/validate.py remembers the golden views it found valid (its
/// ValidRestCache) so CI does not validate the same 2,000 views again on every run. A verdict
/// read from that cache must be the one a fresh validation gives: a view the schemas now refuse
/// fails although an earlier run, under other schema bytes, found it valid; a view never found
/// valid is never cached. On a copy of validate.py and schemas/ (validate.py reads the schemas
/// beside it) with golden/expected/legacy.jsonl (78 lines, 7 views).
final class SchemaValidationCacheTests: XCTestCase {
    private var tree: URL!
    private var cache: URL!

    override func setUpWithError() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import jsonschema, referencing, regress"]
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        if probe.terminationStatus != 0 { throw XCTSkip("no jsonschema/regress for python3: run scripts/bootstrap") }
        tree = Scratch.url("schema-cache")
        cache = tree.appendingPathComponent("cache")
        let root = TestRepository.root
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("scripts/check-schemas.d"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("golden/expected"), withIntermediateDirectories: true)
        for item in ["scripts/check-schemas.d/validate.py", "schemas", "golden/expected/legacy.jsonl"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: tree.appendingPathComponent(item))
        }
    }

    override func tearDownWithError() throws {
        if let tree { try? FileManager.default.removeItem(at: tree) }
    }

    private func validate(_ file: String = "golden/expected/legacy.jsonl", cacheSetting: String? = nil) throws -> (status: Int32, output: String) {
        try GateTestSupport.runMerged(URL(fileURLWithPath: "/usr/bin/env"),
                                      ["python3", "scripts/check-schemas.d/validate.py", "--golden", "expected-views.jsonl.schema.json", file],
                                      in: tree, changes: ["WIDGETCONTRACT_CACHE": cache.path, "WIDGETCONTRACT_SCHEMA_CACHE": cacheSetting])
    }

    /// The cache files and the keys each holds.
    private func cached() throws -> [String: Set<String>] {
        let folder = cache.appendingPathComponent("schemas")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
        var files: [String: Set<String>] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            files[name] = Set(text.split(separator: "\n").map(String.init))
        }
        return files
    }

    func testAViewFoundValidUnderOtherSchemaBytesIsValidatedAgain() throws {
        let first = try validate()
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertTrue(first.output.contains("78 lines (7 distinct views)"), first.output)
        let warm = try cached()
        XCTAssertEqual(warm.count, 1, "\(warm.keys)")
        XCTAssertEqual(warm.values.first?.count, 7, "one key per valid view")

        let again = try validate()
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertEqual(again.output, first.output)
        XCTAssertEqual(try cached(), warm, "nothing new to write")

        // The schemas now want `stale` a string: every cached view is refused all the same.
        let schema = tree.appendingPathComponent("schemas/decoded-view.schema.json")
        let text = try String(contentsOf: schema, encoding: .utf8)
        let boolean = #""stale": { "type": "boolean" }"#
        XCTAssertEqual(text.components(separatedBy: boolean).count, 2, "decoded-view.schema.json no longer types stale once")
        try Data(text.replacingOccurrences(of: boolean, with: #""stale": { "type": "string" }"#).utf8).write(to: schema)
        let refused = try validate()
        XCTAssertEqual(refused.status, 1, refused.output)
        XCTAssertTrue(refused.output.contains("golden/expected/legacy.jsonl:1: $.stale: False is not of type 'string'"), refused.output)
        XCTAssertEqual(try cached(), warm, "no refused view is cached")
    }

    func testARefusedViewIsNamedOnEveryRunAndOffValidatesAfresh() throws {
        let file = tree.appendingPathComponent("golden/expected/legacy.jsonl")
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[2].contains(#""stale":false"#))
        lines[2] = lines[2].replacingOccurrences(of: #""stale":false"#, with: #""stale":"no""#)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        for _ in 0..<2 {
            let run = try validate()
            XCTAssertEqual(run.status, 1, run.output)
            XCTAssertTrue(run.output.contains("golden/expected/legacy.jsonl:3: $.stale: 'no' is not of type 'boolean'"), run.output)
        }
        XCTAssertEqual(try cached().values.first?.count, 7, "the 7 valid views, not the refused one")

        try FileManager.default.removeItem(at: cache)
        let off = try validate(cacheSetting: "off")
        XCTAssertEqual(off.status, 1, off.output)
        XCTAssertEqual(try cached(), [:], "off reads and writes no cache")
    }
}
