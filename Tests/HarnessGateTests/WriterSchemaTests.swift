import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport
import TestSupport

/// The gate's in-process writer-schema check and the day boundary it reads writer blobs at:
/// the revision-1 and -2 schemas accept the writer's blob and name each broken rule with its
/// JSON pointer; a schema keyword the validator does not apply is refused, not skipped; the
/// app's day boundary follows V8's reading of local midnight (CONTRACT.md §7.3).
final class WriterSchemaTests: XCTestCase {
    private let good = GateTestSupport.writerBlob

    private func schema(_ revision: Int) throws -> WriterSchema { try GateTestSupport.writerSchema(revision) }

    func testTheWritersBlobIsValidAndEachBrokenRuleIsNamed() throws {
        let one = try schema(1)
        XCTAssertEqual(one.violations(Array(good.utf8)), [])
        let cases: [(String, String, String)] = [
            (#""projectId":"p1""#, #""projectId":null"#, "at /tasks/0/projectId: null is not of type string"),
            (#""validUntil":1784325600000"#, #""validUntil":0"#, "at /validUntil: 0 is less than the minimum 1"),
            (#""dayStr":"2026-07-17""#, #""dayStr":"2026-02-30""#, "at /dayStr: \"2026-02-30\" does not match"),
            (#""rgb(144, 187, 165)""#, #""""#, "at /projectColors/p1: \"\" is shorter than 1"),
            (#""v":1"#, #""v":2"#, "at /v: 2 is not 1"),
            (#","projectColors":{"p1":"rgb(144, 187, 165)"}"#, "", "at /: projectColors is required but missing"),
            (#""isDone":false"#, #""isDone":false,"extra":1"#, "at /tasks/0: extra is not a field the writer writes"),
            // A key's pointer token escapes `~` and `/` (RFC 6901); a key's own rule says so.
            (#""p1":"rgb(144, 187, 165)""#, #""a/b~c":"""#, "at /projectColors/a~1b~0c: \"\" is shorter than 1"),
            (#""p1":"rgb(144, 187, 165)""#, ##""":"#abc""##, "at /projectColors/ (the key): \"\" is shorter than 1"),
        ]
        for (old, new, expected) in cases {
            let blob = good.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(blob, good)
            let found = one.violations(Array(blob.utf8))
            XCTAssertTrue(found.contains { $0.hasPrefix(expected) }, "\(new): \(found)")
        }
        XCTAssertEqual(one.violations(Array("not json".utf8)).first?.hasPrefix("not JSON"), true)
        // Revision 2 (it refers to revision 1's file): projects required, doneOn only on a done row.
        let two = try schema(2)
        XCTAssertTrue(two.violations(Array(good.utf8)).contains { $0.hasPrefix("at /: projects is required") })
        let done = good.replacingOccurrences(of: #""projectColors""#, with: #""projects":[],"projectColors""#)
            .replacingOccurrences(of: #""isDone":false"#, with: #""isDone":false,"doneOn":5"#)
        XCTAssertTrue(two.violations(Array(done.utf8)).contains { $0.hasPrefix("at /tasks/0/isDone: false is not true") }, "\(two.violations(Array(done.utf8)))")
    }

    func testAKeywordTheValidatorDoesNotApplyIsRefused() throws {
        let root = Scratch.url("schema")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try #"{"type":"object","properties":{"v":{"multipleOf":2}}}"#.write(to: root.appendingPathComponent("schemas/x.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try WriterSchema.load(root: root, file: "x.json")) { error in
            XCTAssertTrue("\(error)".contains("keyword `multipleOf` is not one the gate's writer-schema validator applies"), "\(error)")
        }
    }

    func testTheAppsDayBoundaryIsV8sLocalMidnight() {
        for (day, zone, offset, expected) in [("2026-07-17", "Europe/Berlin", Int64(0), Int64(1_784_325_600_000)),
                                              ("1990-09-29", "Africa/Tunis", 0, 654_645_600_000),        // repeated midnight: the first, 22:00 UTC
                                              ("2018-11-03", "America/Sao_Paulo", 0, 1_541_300_400_000),  // midnight in the gap: 03:00 UTC
                                              ("2011-12-29", "Pacific/Apia", 0, 1_325_239_200_000),       // the skipped day: 10:00 UTC
                                              ("1799-12-31", "America/Los_Angeles", 0, -5_364_634_022_000), // local mean time
                                              ("2026-07-17", "Europe/Berlin", 14_400_000, 1_784_340_000_000)] {
            XCTAssertEqual(AppDayBoundary.ms(todayStr: day, timeZone: zone, startOfNextDayDiffMs: offset), expected, "\(day) \(zone)")
        }
        XCTAssertNil(AppDayBoundary.ms(todayStr: "2026-7-17", timeZone: "Europe/Berlin", startOfNextDayDiffMs: 0))
    }
}

/// `WriterBlobJudge.problems(stateLine:stateId:blob:)`, what `fuzz states` calls for a blob
/// outside the corpus: nothing for the writer's own blob of a state, the schema's and the
/// intent's words for a planted one.
final class WriterBlobJudgeTests: XCTestCase {
    func testAStatesOwnBlobPassesAndAPlantedOneIsNamed() throws {
        let judge = try WriterBlobJudge(root: TestRepository.root)
        let state = Array(##"{"id":"x/y","inApp":true,"revision":1,"timeZone":"Europe/Berlin","todayStr":"2026-07-17","startOfNextDayDiffMs":0,"todayTaskIds":["t1"],"tasks":[{"id":"t1","title":"A","isDone":false,"projectId":"p1"}],"projects":[{"id":"p1","title":"P","primary":"#ff0000","isArchived":false,"isHiddenFromMenu":false,"taskIds":["t1"],"backlogTaskIds":[]}]}"##.utf8)
        let blob = ##"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"A","isDone":false,"projectId":"p1"}],"projectColors":{"p1":"#ff0000"}}"##
        XCTAssertEqual(judge.problems(stateLine: state, stateId: "x/y", blob: Array(blob.utf8)), [])
        let seconds = judge.problems(stateLine: state, stateId: "x/y", blob: Array(blob.replacingOccurrences(of: "1784325600000", with: "1784325600").utf8))
        XCTAssertTrue(seconds.contains { $0.hasPrefix("case states/writer.x#y@berlin@before: 1 ms before the app's day ends") }, "\(seconds)")
        let nullId = judge.problems(stateLine: state, stateId: "x/y", blob: Array(blob.replacingOccurrences(of: #""projectId":"p1""#, with: #""projectId":null"#).utf8))
        XCTAssertTrue(nullId.contains { $0.contains("at /tasks/0/projectId: null is not of type string") }, "\(nullId)")
        XCTAssertTrue(nullId.contains { $0.contains("the widget's project colour is none, the project's theme colour is \"#ff0000\"") }, "\(nullId)")
    }
}
