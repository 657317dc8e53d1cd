import ContractModel
import Foundation
import HarnessCorpus
import XCTest
import TestSupport

/// An app's `widget-contract.json` is read strictly: every way to get it wrong is exit 2 naming
/// the file and field, since a typo would otherwise leave a reader out of the gate in silence.
final class ContractConfigTests: XCTestCase {
    private func parse(_ text: String) throws -> ContractConfig {
        try ContractConfig.parse(Array(text.utf8), file: "widget-contract/widget-contract.json")
    }

    private func assertRefused(_ text: String, field: String?, saying words: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            guard let error = error as? HarnessInputError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.file, "widget-contract/widget-contract.json", file: file, line: line)
            XCTAssertEqual(error.field, field, "\(error)", file: file, line: line)
            XCTAssertTrue(error.message.contains(words), "\(error)", file: file, line: line)
        }
    }

    func testEveryKindOfEndIsRead() throws {
        let config = try parse("""
        {"//": "the app's contract folder", "harness": "0.9.0", "contract": 1, "corpus": ["legacy", "states"],
         "readers": {"android": {"kotlin": "../android/WidgetData.kt"},
                     "ios": {"swift": ["../ios/WidgetData.swift", "../ios/Colors.swift"], "recorded": "xcodebuild test -scheme Rec", "declares": "1"},
                     "web": {"command": "node reader.js", "startTimeout": 30}},
         "writer": {"typescript": "../src/widget.selectors.ts", "selector": "selectWidgetData", "tsc": "../node_modules/.bin/tsc"}}
        """)
        XCTAssertEqual(config.harness, "0.9.0")
        XCTAssertEqual(config.contract, "1")
        XCTAssertEqual(config.corpus, ["legacy", "states"])
        XCTAssertEqual(config.readers, [
            .init(name: "android", live: .kotlin(["../android/WidgetData.kt"])),
            .init(name: "ios", declares: "1", live: .swift(["../ios/WidgetData.swift", "../ios/Colors.swift"]), recorded: "xcodebuild test -scheme Rec"),
            .init(name: "web", live: .command("node reader.js"), startTimeout: 30),
        ])
        XCTAssertEqual(config.writer, .init(end: .typescript(file: "../src/widget.selectors.ts", selector: "selectWidgetData", tsc: "../node_modules/.bin/tsc")))
        XCTAssertEqual(try parse(config.rendered), config, "what init writes reads back as it was")
        let recordedOnly = try parse(#"{"harness": "1.2.3", "contract": "2", "readers": {"ios": {"recorded": "make record"}}, "writer": {"command": "node w.js", "declares": 1}}"#)
        XCTAssertEqual(recordedOnly.readers, [.init(name: "ios", recorded: "make record")])
        XCTAssertEqual(recordedOnly.writer, .init(declares: "1", end: .command("node w.js")))
    }

    func testEveryMistakeNamesItsField() {
        let base = #""harness": "0.9.0", "contract": 1"#
        assertRefused("{\(base), \"readers\": {\"a\": {\"command\": \"x\"}}, \"reader\": {}}", field: "reader", saying: "unknown field")
        assertRefused(#"{"contract": 1, "readers": {"a": {"command": "x"}}}"#, field: "harness", saying: "missing")
        assertRefused(#"{"harness": "latest", "contract": 1, "readers": {"a": {"command": "x"}}}"#, field: "harness", saying: "release version")
        assertRefused(#"{"harness": "0.9.0", "contract": "1=2", "readers": {"a": {"command": "x"}}}"#, field: "contract", saying: "the contract it implements")
        assertRefused("{\(base)}", field: "readers", saying: "nothing of the app would be gated")
        assertRefused("{\(base), \"readers\": {\"Android\": {\"command\": \"x\"}}}", field: "readers.Android", saying: "[a-z0-9_-]+")
        assertRefused("{\(base), \"readers\": {\"a\": {\"command\": \"x\"}, \"a\": {\"command\": \"y\"}}}", field: "readers.a", saying: "given twice")
        assertRefused("{\(base), \"readers\": {\"a\": {\"command\": \"x\", \"kotlin\": \"A.kt\"}}}", field: "readers.a.kotlin", saying: "runs one way")
        assertRefused("{\(base), \"readers\": {\"a\": {\"declares\": 1}}}", field: "readers.a", saying: "neither how it runs")
        assertRefused("{\(base), \"readers\": {\"a\": {\"kotlin\": \"A.java\"}}}", field: "readers.a.kotlin", saying: ".kt file")
        assertRefused("{\(base), \"readers\": {\"a\": {\"kotlin\": [\"A.kt\", 3]}}}", field: "readers.a.kotlin[1]", saying: ".kt file")
        assertRefused("{\(base), \"readers\": {\"a\": {\"command\": \"  \"}}}", field: "readers.a.command", saying: "non-empty line")
        assertRefused("{\(base), \"readers\": {\"a\": {\"command\": \"x\", \"startTimeout\": 0}}}", field: "readers.a.startTimeout", saying: "above 0")
        assertRefused("{\(base), \"corpus\": [], \"readers\": {\"a\": {\"command\": \"x\"}}}", field: "corpus", saying: "names no fixture")
        assertRefused("{\(base), \"corpus\": [\"legacy\", \"legacy\"], \"readers\": {\"a\": {\"command\": \"x\"}}}", field: "corpus[1]", saying: "named twice")
        assertRefused("{\(base), \"writer\": {\"typescript\": \"w.ts\"}}", field: "writer.selector", saying: "missing")
        assertRefused("{\(base), \"writer\": {\"typescript\": \"w.ts\", \"selector\": \"select-it\"}}", field: "writer.selector", saying: "identifier")
        assertRefused("{\(base), \"writer\": {\"command\": \"node w.js\", \"selector\": \"s\"}}", field: "writer.selector", saying: "goes with `typescript`")
        assertRefused("{\(base), \"writer\": {}}", field: "writer", saying: "says not how the writer runs")
        assertRefused("[1]", field: nil, saying: "expected a JSON object")
    }

    /// The folder is found from anywhere in the app repository, never above its top.
    func testTheFolderIsFoundFromTheWorkingDirectoryUpToTheRepositorysTop() throws {
        let top = Scratch.url("contract-find")
        defer { try? FileManager.default.removeItem(at: top) }
        let repository = top.appendingPathComponent("app")
        let deep = repository.appendingPathComponent("src/feature")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        XCTAssertNil(ContractFolder.find(from: deep))
        let folder = repository.appendingPathComponent("widget-contract")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent(ContractFolder.configFile))
        XCTAssertEqual(ContractFolder.find(from: deep), folder.path)
        XCTAssertEqual(ContractFolder.find(from: folder), folder.path)
        // Above the repository's top, a folder is not looked for.
        try FileManager.default.createDirectory(at: top.appendingPathComponent("widget-contract"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: top.appendingPathComponent("widget-contract").appendingPathComponent(ContractFolder.configFile))
        try FileManager.default.removeItem(at: folder)
        XCTAssertNil(ContractFolder.find(from: deep))
    }
}
