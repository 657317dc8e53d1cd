import ContractModel
import Foundation
import HarnessCorpus
import HarnessTestSupport
import TestSupport
import WidgetSnapshot
import XCTest

/// docs/changing-the-contract.md's walkthrough, run: a tree gains a new optional task field as a
/// feature of the description and one fixture that carries it — two hand-edited files, no harness
/// source — then `golden refresh` (which writes the view schema's feature part, golden/expected,
/// golden/kotlin) and `check` PASS with the feature pending for every reader (no reference
/// implements it), and `golden schemas` holds the tree's files to its own description.
final class ContractChangeWalkthroughTests: XCTestCase {
    func testANewOptionalTaskFieldCostsADescriptionEntryAndAFixture() throws {
        let paths = try GateTestSupport.smallTree(fixtures: ["legacy"])
        defer { GateTestSupport.remove(paths) }
        let tree = paths.root
        // What refresh records Kotlin with (the jar is the shared cache's: the same sources compile once).
        for item in ["scripts/record-kotlin", "scripts/kotlin", "ends/kotlin", "tools/kotlin-testee"] {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent(item).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestRepository.url(item), to: tree.appendingPathComponent(item))
        }
        // 1. The description entry.
        let contract = tree.appendingPathComponent("schemas/contract.json")
        guard case .object(var description) = try JSONParser().parse(Array(try Data(contentsOf: contract))),
              case .array(var features)? = description["features"] else { return XCTFail("no features in schemas/contract.json") }
        // A name the tree's description does not have yet.
        let taken = Set(features.compactMap { feature -> String? in
            if case .object(let object) = feature, case .string(let name)? = object["name"] { return name.string } else { return nil }
        })
        let name = (0...).lazy.map { $0 == 0 ? "priority" : "priority\($0)" }.first { !taken.contains($0) }!
        let priority = #"{"name":"\#(name)","summary":"A task's priority, 1 to 4.","source":"the walkthrough","needs":["base"],"caseInputs":[],"questions":[],"viewFields":[{"in":"parse.tasks[]","name":"\#(name)","type":"int","nullable":true}]}"#
        features.append(try JSONParser().parse(Array(priority.utf8)))
        description["features"] = .array(features)
        try Data(JSONWriter.compact(.object(description))).write(to: contract)
        // 2. One fixture that carries it: legacy's blob with a priority on its first task.
        let legacy = tree.appendingPathComponent("golden/fixtures/legacy.json")
        let text = try String(contentsOf: legacy, encoding: .utf8)
            .replacingOccurrences(of: #""projectId": "p1""#, with: #""projectId": "p1", "\#(name)": 2"#)
        XCTAssertTrue(text.contains(#""\#(name)": 2"#))
        try text.write(to: tree.appendingPathComponent("golden/fixtures/walkthrough-\(name.lowercased()).json"), atomically: true, encoding: .utf8)

        let refresh = try GateTestSupport.runCLI(["golden", "refresh", "--root", tree.path, "--jobs", "2"], environment: GateTestSupport.contributorEnvironment)
        XCTAssertEqual(refresh.status, 0, refresh.out + refresh.err)
        XCTAssertTrue(refresh.out.contains("wrote schemas/decoded-view.fields.schema.json"), refresh.out)
        XCTAssertTrue(refresh.err.contains("judging by the tree's schemas/contract.json"), refresh.err)
        for store in ["expected", "kotlin"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: tree.appendingPathComponent("golden/\(store)/walkthrough-\(name.lowercased()).jsonl").path), store)
        }

        let check = try GateTestSupport.runCLI(["check", "--root", tree.path])
        XCTAssertEqual(check.status, 0, check.out + check.err)
        XCTAssertTrue(check.out.contains("from 2 fixtures"), check.out)
        let pending = try XCTUnwrap(check.out.split(separator: "\n").first { $0.hasPrefix("features the reference does not implement") })
        XCTAssertTrue(pending.hasSuffix(name), String(pending))
        let schemas = try GateTestSupport.runCLI(["golden", "schemas", "--root", tree.path])
        XCTAssertEqual(schemas.status, 0, schemas.out + schemas.err)

        // The same tree with the feature's field of a type the description has not: refused naming the file and the field.
        var broken = description
        features[features.count - 1] = try JSONParser().parse(Array(priority.replacingOccurrences(of: #""type":"int""#, with: #""type":"date""#).utf8))
        broken["features"] = .array(features)
        try Data(JSONWriter.compact(.object(broken))).write(to: contract)
        let refused = try GateTestSupport.runCLI(["check", "--root", tree.path])
        XCTAssertEqual(refused.status, 2, refused.out + refused.err)
        XCTAssertTrue(refused.err.contains("schemas/contract.json") && refused.err.contains("viewFields[0].type"), refused.err)
    }
}
