import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessTestSupport
import TestSupport
import WidgetSnapshot
import XCTest

/// The compatibility check between two feature sets (CONTRACT.md §8.7): the app's default branch
/// to pull request 9624's set is compatible both ways; a planted feature that makes a task's
/// optional `projectId` required breaks "new widget, old blob" with an old blob as its
/// counterexample; one that changes its type breaks "old widget, new app"; and a side with no
/// blob to read is never called compatible.
final class CompatibilityCheckTests: XCTestCase {
    private static let plantedSchema = "widget-snapshot.planted.schema.json"

    func testTheProjectsPullRequestIsCompatibleAndPlantedChangesAreNot() throws {
        let paths = try GateTestSupport.smallTree(fixtures: ["canonical", "projects"])
        defer { GateTestSupport.remove(paths) }
        let corpus = try Corpus.load(paths)
        let contract = ContractDescription.current
        let base = FeatureSet.base(in: contract)
        let pullRequest = try FeatureSet.parse("pr-9624", in: contract).get()
        let change = try CompatibilityCheck.run(from: base, to: pullRequest, description: contract, root: paths.root, cases: corpus.cases)
        XCTAssertTrue(change.isCompatible, "\(change.forward.incompatibilities) \(change.backward.incompatibilities)")
        XCTAssertGreaterThan(change.forward.blobs, 0)
        XCTAssertGreaterThan(change.backward.blobs, 0)

        // Planted: a feature whose writer makes a task's optional projectId required.
        let (required, requiredSet) = try planted(paths) { task in
            var task = task
            var required: [JSONValue] = []
            if case .array(let given)? = task["required"] { required = given }
            task["required"] = .array(required + [.string("projectId")])
            return task
        }
        let strict = try CompatibilityCheck.run(from: base, to: requiredSet, description: required, root: paths.root, cases: corpus.cases)
        XCTAssertTrue(strict.forward.isCompatible, "old widgets read blobs that always carry projectId")
        XCTAssertFalse(strict.backward.isCompatible)
        let missing = try XCTUnwrap(strict.backward.incompatibilities.first { $0.rule.contains("projectId is required but missing") },
                                    "\(strict.backward.incompatibilities)")
        XCTAssertEqual(missing.rule, "at /tasks/N: projectId is required but missing")
        let example = try XCTUnwrap(corpus.cases.first { $0.id == missing.example })
        guard case .object(let blob) = try JSONParser().parse(example.blob), case .array(let tasks)? = blob["tasks"] else { return XCTFail("no tasks") }
        XCTAssertTrue(tasks.contains { if case .object(let task) = $0 { task["projectId"] == nil } else { false } },
                      "the counterexample is an old blob with a task without it")

        // Planted: a feature whose writer writes projectId as a number: old readers of new blobs break.
        let (retyped, retypedSet) = try planted(paths) { task in
            var task = task
            guard case .object(var properties)? = task["properties"] else { return task }
            properties["projectId"] = .object(JSONObject(["type": .string("integer")]))
            task["properties"] = .object(properties)
            return task
        }
        let numbered = try CompatibilityCheck.run(from: base, to: retypedSet, description: retyped, root: paths.root,
                                                  cases: corpus.cases + [numberedCase(from: corpus.cases)])
        XCTAssertFalse(numbered.forward.isCompatible)
        XCTAssertEqual(numbered.forward.incompatibilities.map(\.example), ["planted/numbered-project-id@utc@now"])

        // A side no blob of the corpus is valid for (its writer writes `"v": 99`): nothing judged, never compatible.
        let (unwritten, unwrittenSet) = try planted(paths, top: { top in
            var top = top
            guard case .object(var properties)? = top["properties"] else { return top }
            properties["v"] = .object(JSONObject(["const": .integer(99)]))
            top["properties"] = .object(properties)
            return top
        })
        let unjudged = try CompatibilityCheck.run(from: base, to: unwrittenSet, description: unwritten, root: paths.root, cases: corpus.cases)
        XCTAssertEqual(unjudged.forward.blobs, 0)
        XCTAssertFalse(unjudged.isCompatible)
    }

    /// The tree's description plus a feature `planted` (needing the base) whose writer schema is
    /// the base's with its task definition changed by `task` and the whole by `top`, written into the tree.
    private func planted(_ paths: HarnessPaths, task: (JSONObject) -> JSONObject = { $0 },
                         top change: (JSONObject) -> JSONObject = { $0 }) throws -> (ContractDescription, FeatureSet) {
        let schemas = paths.root.appendingPathComponent("schemas")
        let baseSchema = try JSONParser().parse(Array(try Data(contentsOf: schemas.appendingPathComponent("widget-snapshot.v1.schema.json"))))
        guard case .object(var top) = baseSchema, case .object(var defs)? = top["$defs"], case .object(let taskSchema)? = defs["task"] else {
            throw XCTSkip("the base writer schema has no $defs.task")
        }
        defs["task"] = .object(task(taskSchema))
        top["$defs"] = .object(defs)
        top = change(top)
        try Data(JSONWriter.compact(.object(top))).write(to: schemas.appendingPathComponent(Self.plantedSchema))
        var description = try JSONParser().parse(Array(try Data(contentsOf: schemas.appendingPathComponent("contract.json"))))
        guard case .object(var object) = description, case .array(var features)? = object["features"] else { throw XCTSkip("no features") }
        features.append(.object(JSONObject(["name": .string("planted"), "summary": .string("planted"), "source": .string("a test"),
                                            "needs": .array([.string("base")]), "writerSchema": .string(JSONString(Self.plantedSchema)),
                                            "caseInputs": .array([]), "questions": .array([]), "viewFields": .array([])])))
        object["features"] = .array(features)
        description = .object(object)
        let read = try ContractDescription.parse(JSONWriter.compact(description), file: "contract.json")
        return (read, try FeatureSet.parse("base+planted", in: read).get())
    }

    /// A case whose blob is the first one's with every task's projectId a number.
    private func numberedCase(from cases: [Case]) throws -> Case {
        var testCase = try XCTUnwrap(cases.first { String(decoding: $0.blob, as: UTF8.self).contains("\"projectId\":\"") })
        guard case .object(var top) = try JSONParser().parse(testCase.blob), case .array(let tasks)? = top["tasks"] else { throw XCTSkip("no tasks") }
        top["tasks"] = .array(tasks.map { task in
            guard case .object(var object) = task else { return task }
            object["projectId"] = .integer(7)
            return .object(object)
        })
        testCase.blob = JSONWriter.compact(.object(top))
        testCase.id = "planted/numbered-project-id@utc@now"
        return testCase
    }
}
