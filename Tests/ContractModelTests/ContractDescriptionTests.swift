import ContractModel
import Foundation
import WidgetSnapshot
import HarnessTestSupport
import XCTest
import TestSupport

/// The contract description (`schemas/contract.json`): what is compiled in is the file, it is
/// read strictly, and the fields it adds are written, read and compared by their types alone.
final class ContractDescriptionTests: XCTestCase {
    private static let file = TestRepository.url("schemas/contract.json")

    func testTheCompiledDescriptionIsTheFile() throws {
        let bytes = Array(try Data(contentsOf: Self.file))
        let read = try ContractDescription.parse(bytes, file: "schemas/contract.json")
        XCTAssertEqual(read.fieldNames.map(\.name), ContractDescription.current.fieldNames.map(\.name))
        XCTAssertEqual(read.view, ContractDescription.current.view)
        // The base's top-level members are the typed part of DecodedView, in line order.
        XCTAssertEqual(read.typedMembers.map(\.name), ["parse", "meta", "stale", "header"])
        let schemas = read.features.compactMap(\.writerSchema) + read.sets.compactMap(\.writerSchema)
        for schema in schemas {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.file.deletingLastPathComponent().appendingPathComponent(schema).path), schema)
        }
        // Every set is a set (needs held, no two conflicting), and the old revision numbers name sets.
        for set in read.sets { XCTAssertNoThrow(try FeatureSet(validating: set.features, in: read), set.name) }
        XCTAssertNotNil(read.set(named: "1"))
    }

    func testBadDescriptionsAreRefusedNamingTheField() {
        let base = #"{"name":"base","summary":"s","source":"s","needs":[],"writerSchema":null,"caseInputs":[],"questions":[],"viewFields":[{"name":"parse","orError":true,"type":{"object":[{"name":"tasks","type":{"list":{"object":[{"name":"id","type":"text"}]}}}]}}]}"#
        func refusal(_ later: String, sets: String? = nil) -> HarnessInputError? {
            let text = #"{"features":["# + base + (later.isEmpty ? "" : "," + later) + "]" + (sets.map { #","sets":"# + $0 } ?? "") + "}"
            do {
                _ = try ContractDescription.parse(Array(text.utf8), file: "c.json")
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNil(refusal(""))
        func later(_ fields: String, name: String = "two", needs: String = #"["base"]"#, extra: String = "") -> String {
            #"{"name":"\#(name)","summary":"s","source":"s","needs":\#(needs),\#(extra)"caseInputs":[],"questions":[],"viewFields":[\#(fields)]}"#
        }
        XCTAssertNil(refusal(later(#"{"in":"parse.tasks[]","name":"doneOn","type":"int","nullable":true}"#)))
        XCTAssertEqual(refusal(later(#"{"name":"x","type":"date"}"#))?.field, "features[1].viewFields[0].type")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":"text"}"#, name: "base"))?.field, "features[1].name")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":"text"}"#, needs: "[]"))?.field, "features[1].needs")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":"text"}"#, needs: #"["three"]"#))?.field, "features[1].needs")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":"text"}"#, extra: #""conflicts":["nothing"],"#))?.field, "features[1].conflicts")
        XCTAssertEqual(refusal(later(#"{"name":"parse","type":"text"}"#))?.message, "`parse` is already a view field")
        XCTAssertEqual(refusal(later(#"{"in":"meta","name":"x","type":"text"}"#))?.message, "`in` may only name parse.tasks[]")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":{"list":{"object":[{"name":"y","type":{"list":{"object":[]}}}]}}}"#))?.message,
                       "`x[].y`: no list inside a list (a field has one row number)")
        XCTAssertEqual(refusal(later(#"{"in":"parse.tasks[]","name":"y","type":{"list":{"object":[]}}}"#))?.field,
                       "features[1].viewFields[0].type.list")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":{"list":"text"}}"#))?.field, "features[1].viewFields[0].type.list")
        XCTAssertEqual(refusal(later(#"{"name":"x","type":"text","colour":1}"#))?.field, "features[1].viewFields[0].colour")
        XCTAssertEqual(refusal(later(#"{"name":"x","orError":true,"type":{"object":[{"name":"error","type":"text"}]}}"#))?.field,
                       "features[1].viewFields[0].orError")
        // Sets: known features, what they need, never two that conflict, one name each.
        let two = later(#"{"name":"x","type":"text"}"#)
        let three = later(#"{"name":"y","type":"text"}"#, name: "three", needs: #"["two"]"#)
        XCTAssertNil(refusal(two + "," + three, sets: #"[{"name":"1","features":["base"]},{"name":"pr-1","features":["base","two","three"]}]"#))
        XCTAssertEqual(refusal(two + "," + three, sets: #"[{"name":"x","features":["base","three"]}]"#)?.field, "sets[0].features")
        XCTAssertEqual(refusal(two, sets: #"[{"name":"x","features":["two"]}]"#)?.field, "sets[0].features")
        XCTAssertEqual(refusal(two, sets: #"[{"name":"x y","features":["base"]}]"#)?.field, "sets[0].name")
        let rival = later(#"{"name":"z","type":"text"}"#, name: "rival", extra: #""conflicts":["two"],"#)
        XCTAssertEqual(refusal(two + "," + rival, sets: #"[{"name":"x","features":["base","two","rival"]}]"#)?.message,
                       "`rival` and `two` give the same question two meanings: a set holds one of them")
    }

    /// A set is named as the description names it, or by its features joined with `+`; what it needs and its conflicts are checked.
    func testFeatureSetsAreSpelledByNameOrByFeatures() throws {
        let contract = ContractDescription.current
        let three = try XCTUnwrap(contract.set(named: "3"))
        XCTAssertEqual(try FeatureSet.parse("3").get().names, contract.features.map(\.name).filter(three.features.contains))
        XCTAssertEqual(try FeatureSet.parse("3").get().label(), "3")
        XCTAssertEqual(try FeatureSet.parse("1+currentTask").get(), try FeatureSet.parse("base+currentTask").get())
        XCTAssertEqual(try FeatureSet.parse("currentTask").get().names, ["base", "currentTask"], "the base is always held")
        XCTAssertThrowsError(try FeatureSet.parse("doneGrace").get(), "doneGrace needs projects and doneOn")
        XCTAssertThrowsError(try FeatureSet.parse("2+tapGrace").get(), "the two graces conflict")
        XCTAssertThrowsError(try FeatureSet.parse("4").get())
        XCTAssertThrowsError(try FeatureSet.parse("base+\u{0}::error::x").get()) { error in
            XCTAssertFalse("\(error)".contains("\n") || "\(error)".contains("\u{0}"))
        }
    }

    /// Every added field: its value goes into the line and reads back; the comparison names the
    /// field (with its row), a kind change at the field itself, error reasons never compared.
    func testAddedFieldsRoundTripAndCompareByTheirTypes() throws {
        let base = DescribedValues.complete(DecodedView(id: "a/base@utc@at",
                                                         parse: .tasks([WidgetTaskRow(id: "t1", title: "one", isDone: true, projectColor: nil)]),
                                                         meta: .unknown, stale: false, header: .today))
        var view = base
        view.addedRowValues = [["doneOn": .int(1_784_325_600_000)]]
        view.added["projects"] = .list([.object(at: "projects[]", ["id": .text("p1"), "title": .text("e\u{301}")]),
                                        .object(at: "projects[]", ["title": .text("Two"), "id": .text("p2")])])
        view.added["projectTitle"] = .text("Two")
        let line = view.canonicalJSONString
        XCTAssertTrue(line.contains(#""projectColor":null,"doneOn":1784325600000}"#), line)
        XCTAssertTrue(line.contains(#""projects":[{"id":"p1","title":"é"},{"id":"p2","title":"Two"}],"projectTitle":"Two""#), line)
        let read = try XCTUnwrap(try ViewLine.parse(view.canonicalJSON, file: "f", lineNumber: 1).outcome.view)
        XCTAssertEqual(read, view)
        XCTAssertEqual(read.canonicalJSONString, line)

        var other = view
        other.addedRowValues = [["doneOn": .null]]
        other.added["projects"] = .list([.object(at: "projects[]", ["id": .text("p1"), "title": .text("é")]),
                                         .object(at: "projects[]", ["id": .text("p2"), "title": .text("Two")])])
        other.added["projectTitle"] = .error("projects[1] is not an object")
        XCTAssertEqual(FieldDifference.between(expected: view, got: other).map { "\($0.field): \($0.expected) / \($0.got)" }, [
            "parse.tasks[0].doneOn: 1784325600000 / null",
            #"projects[0].title: "é" / "é""#,
            #"projectTitle: "Two" / error (projects[1] is not an object)"#,
        ])
        var failing = view
        failing.added["projects"] = .error("a")
        var failingToo = view
        failingToo.added["projects"] = .error("b")
        XCTAssertEqual(FieldDifference.between(expected: failing, got: failingToo), [], "error reasons are informational")
        XCTAssertEqual(FieldDifference.between(expected: failing, got: view).map(\.field), ["projects"])
        var shorter = view
        shorter.added["projects"] = .list([])
        XCTAssertEqual(FieldDifference.between(expected: view, got: shorter).map { "\($0.field): \($0.expected) / \($0.got)" },
                       ["projects: 2 entries / 0 entries"])

        // A line from a reader that does not answer them: each differs as not implemented.
        var lagging = view
        lagging.added = [:]
        lagging.addedRowValues = []
        let partial = try XCTUnwrap(try ViewLine.parse(lagging.canonicalJSON, file: "f", lineNumber: 1, allowingNotImplemented: true).outcome.view)
        XCTAssertEqual(partial.notImplemented, Set(ContractDescription.current.addedMembers.flatMap(\.topFieldNames)
            + ContractDescription.current.addedRowMembers.flatMap(\.topFieldNames)).reduce(into: Set<FieldPath.Name>()) { $0.insert(FieldPath.Name(rawValue: $1)!) })
        XCTAssertEqual(Set(FieldDifference.between(expected: view, got: partial).map(\.got)), [FieldDifference.notImplemented])
        // The other way round (a diff's base, an older recording): each field appears.
        XCTAssertEqual(Set(FieldDifference.between(expected: partial, got: view).map(\.expected)), [FieldDifference.notImplemented])
        XCTAssertEqual(FieldDifference.between(expected: partial, got: view).count, FieldDifference.between(expected: view, got: partial).count)
        // Read as a golden line: the features' fields are absent (its reader does not implement them), nothing is "not implemented".
        let golden = try XCTUnwrap(try ViewLine.parse(lagging.canonicalJSON, file: "f", lineNumber: 1).outcome.view)
        XCTAssertTrue(golden.added.isEmpty)
        XCTAssertEqual(golden.notImplemented, [])
        let wrongKind = line.replacingOccurrences(of: #""projectTitle":"Two""#, with: #""projectTitle":5"#)
        XCTAssertThrowsError(try ViewLine.parse(Array(wrongKind.utf8), file: "f", lineNumber: 1)) { error in
            XCTAssertEqual((error as? HarnessInputError)?.field, "projectTitle")
        }
        let extraMember = line.replacingOccurrences(of: #"{"id":"p1","title":"é"}"#, with: #"{"id":"p1","title":"é","x":1}"#)
        XCTAssertThrowsError(try ViewLine.parse(Array(extraMember.utf8), file: "f", lineNumber: 1)) { error in
            XCTAssertEqual((error as? HarnessInputError)?.field, "projects[0].x")
        }
    }
}

/// A broken description is a reason on one line naming file and field, never a trap: the CLI
/// and the testee kit check `ContractDescription.problem` before anything else and exit 2 with it
/// (a tree whose schemas/contract.json was not JSON built a harness that died of SIGILL at start).
final class BrokenDescriptionTests: XCTestCase {
    func testANonJSONDescriptionIsAReasonNamingTheFile() {
        let problem = ContractDescription.problem(with: ContractDescription.reading(Array("not json {".utf8)))
        XCTAssertNotNil(problem)
        XCTAssertTrue(problem?.contains("schemas/contract.json") == true, problem ?? "")
        XCTAssertTrue(problem?.contains("rebuild") == true, problem ?? "")
        XCTAssertNil(ContractDescription.problem, "the description built in is whole")
    }

    /// A name that would carry a workflow command into a CI log is refused, and the reason,
    /// which names it, is one escaped line.
    func testANameWithALineBreakIsRefusedOnOneEscapedLine() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../schemas/contract.json").standardized)
        let text = String(decoding: bytes, as: UTF8.self)
        for (old, new) in [(#""name": "selectedProjectId""#, #""name": "x\n::error::owned""#),
                           (#""name": "base","#, #""name": "base", "x\n::error::owned": 1,"#)] {
            XCTAssertTrue(text.contains(old), old)
            let read = ContractDescription.reading(Array(text.replacingOccurrences(of: old, with: new).utf8))
            guard case .failure(let error) = read else { return XCTFail("accepted \(new)") }
            XCTAssertEqual(error.file, "schemas/contract.json")
            XCTAssertNotNil(error.field, "\(error)")
            let problem = try XCTUnwrap(ContractDescription.problem(with: read))
            XCTAssertFalse(problem.contains("\n"), problem)
            XCTAssertFalse(problem.contains("\n::error"), problem)
        }
    }
}
