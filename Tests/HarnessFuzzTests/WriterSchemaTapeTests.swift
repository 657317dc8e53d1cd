import ContractModel
import XCTest
@testable import HarnessFuzz
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import WidgetSnapshot

/// The writer schema's tape walk (`WriterSchema.accepts(_:tape:)`) and the departure causes
/// read on the tape: the walk must accept exactly the blobs the tree walk finds nothing wrong
/// with (never one it would name a broken rule of), decline when it cannot tell (repeated or
/// escaped keys, which a tree merges or decodes), and the causes must be what a tree of the
/// blob shows, the last of a repeated key included.
final class WriterSchemaTapeTests: XCTestCase {
    private let good = GateTestSupport.writerBlob

    private func schema(_ revision: Int) throws -> WriterSchema { try GateTestSupport.writerSchema(revision) }

    /// The tape walk's answer and the tree walk's, for one blob that is JSON.
    private func answers(_ schema: WriterSchema, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> (tape: Bool, tree: [String])? {
        let blob = Array(text.utf8)
        guard let tape = blob.withUnsafeBufferPointer({ try? JSONTape($0) }), let tree = try? JSONParser().parse(blob) else { return nil }
        return (schema.accepts(blob, tape: tape), schema.violations(of: tree))
    }

    func testTheTapeWalkAcceptsExactlyTheBlobsTheTreeWalkFindsValid() throws {
        let one = try schema(1), two = try schema(2)
        let revisionTwo = good.replacingOccurrences(of: #""projectColors""#, with: #""projects":[{"id":"p1","title":"P","tasks":[]}],"projectColors""#)
        let edits: [(String, String)] = [
            ("", ""),
            (#""projectId":"p1""#, #""projectId":null"#), (#""validUntil":1784325600000"#, #""validUntil":0"#),
            (#""validUntil":1784325600000"#, #""validUntil":1.5"#), (#""validUntil":1784325600000"#, #""validUntil":1e3"#),
            (#""dayStr":"2026-07-17""#, #""dayStr":"2026-02-30""#), (#""dayStr":"2026-07-17""#, #""dayStr":"2024-02-29""#),
            (#""rgb(144, 187, 165)""#, #""""#), (#""v":1"#, #""v":2"#), (#""v":1"#, #""v":1.0"#),
            (#","projectColors":{"p1":"rgb(144, 187, 165)"}"#, ""), (#""isDone":false"#, #""isDone":false,"extra":1"#),
            (#""isDone":false"#, #""isDone":false,"doneOn":5"#), (#""isDone":false"#, #""isDone":true,"doneOn":5"#),
            (#""p1":"rgb(144, 187, 165)""#, ##""":"#abc""##), (#""title":"A""#, #""title":"\ud83d""#),
            (#""title":"A""#, #""title":7"#), (#""tasks":[{"#, #""tasks":[1,{"#), (#""tasks":[{"#, #""tasks":{"x":{"#),
            (#""projects":[{"id":"p1","title":"P","tasks":[]}]"#, #""projects":[]"#),
            (#""projects":[{"id":"p1","title":"P","tasks":[]}]"#, #""projects":[{"id":"p1","title":"P"}]"#),
            (#""projects":[{"id":"p1","title":"P","tasks":[]}]"#, #""projects":[{"id":"p1","title":"P","tasks":[],"x":0}]"#),
        ]
        var compared = 0
        for (old, new) in edits {
            for (schema, base) in [(one, good), (two, revisionTwo)] {
                let text = old.isEmpty ? base : base.replacingOccurrences(of: old, with: new)
                guard text != base || old.isEmpty, let (tape, tree) = answers(schema, text) else { continue }
                XCTAssertEqual(tape, tree.isEmpty, "\(schema.file): \(text): \(tree)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 30)
        for text in ["[]", "1", #""x""#, "null", "{}"] {
            XCTAssertEqual(answers(one, text)?.tape, false, text)
        }
    }

    func testItDeclinesRepeatedAndEscapedKeysTheTreeWouldMerge() throws {
        let one = try schema(1)
        // Valid as a tree (the last "v" wins; "\u0076" is "v"), yet the tape walk cannot tell.
        for text in [good.replacingOccurrences(of: #""v":1"#, with: #""v":2,"v":1"#), good.replacingOccurrences(of: #""v":1"#, with: #""\u0076":1"#)] {
            let (tape, tree) = try XCTUnwrap(answers(one, text))
            XCTAssertEqual(tree, [], text)
            XCTAssertFalse(tape, text)
            XCTAssertEqual(one.violations(Array(text.utf8)), [], "the tree walk answers for it: \(text)")
        }
        // A repeated key whose last value breaks a rule is named (the tree walk's message).
        let broken = good.replacingOccurrences(of: #""v":1"#, with: #""v":1,"v":2"#)
        XCTAssertEqual(one.violations(Array(broken.utf8)).first, "at /v: 2 is not 1")
    }

    /// Seeded byte edits of valid blobs (letters and digits only, so no key gains an escape):
    /// whatever the tape walk accepts, the tree walk finds nothing wrong with.
    func testNoEditedBlobTheTreeWalkRejectsIsAccepted() throws {
        let two = try schema(2)
        let base = Array(good.replacingOccurrences(of: #""isDone":false"#, with: #""isDone":true,"doneOn":17"#)
            .replacingOccurrences(of: #""projectColors""#, with: #""projects":[{"id":"p1","title":"P","tasks":[]}],"projectColors""#).utf8)
        let replacements = Array("0123456789aeilnrsuvxyz-:".utf8)
        var random = SeededRandom(seed: 25)
        var accepted = 0, rejected = 0
        for _ in 0..<3000 {
            var blob = base
            for _ in 0..<(1 + random.below(2)) {
                blob[random.below(blob.count)] = replacements[random.below(replacements.count)]
            }
            guard let tape = blob.withUnsafeBufferPointer({ try? JSONTape($0) }), let tree = try? JSONParser().parse(blob) else { continue }
            let violations = two.violations(of: tree)
            if two.accepts(blob, tape: tape) {
                XCTAssertEqual(violations, [], String(decoding: blob, as: UTF8.self))
                accepted += 1
            } else {
                rejected += 1
            }
        }
        XCTAssertGreaterThan(accepted, 100)
        XCTAssertGreaterThan(rejected, 100)
    }

    func testTheCausesAreReadOnTheTapeAsATreeShowsThem() {
        func causes(_ text: String) -> Set<ContractDeparture> { DepartureCause.causes(Array(text.utf8)) }
        XCTAssertEqual(causes(good), [])
        XCTAssertEqual(causes(good.replacingOccurrences(of: "2026-07-17", with: "1500-01-01")), [.d4])
        XCTAssertEqual(causes(good.replacingOccurrences(of: "2026-07-17", with: "1899-12-31")), [.d8])
        // The last of a repeated `dayStr` is the one a tree keeps.
        XCTAssertEqual(causes(good.replacingOccurrences(of: #""dayStr":"2026-07-17""#, with: #""dayStr":"1899-12-31","dayStr":"2026-07-17""#)), [])
        XCTAssertEqual(causes(good.replacingOccurrences(of: #""dayStr":"2026-07-17""#, with: #""dayStr":"2026-07-17","dayStr":"1899-12-31""#)), [.d8])
        XCTAssertEqual(causes(good.replacingOccurrences(of: #""title":"A""#, with: #""title":1.5"#)), [.d7])
        XCTAssertEqual(causes(good.replacingOccurrences(of: #""title":"A""#, with: #""title":15"#)), [])
        XCTAssertEqual(causes(good.replacingOccurrences(of: #""projectColors""#, with: #""projects":[{"id":"p","tasks":[{"id":2e0,"title":"x"}]}],"projectColors""#)), [.d7])
        XCTAssertEqual(causes(good.replacingOccurrences(of: #""title":"A""#, with: #""title":"\ud83d""#)), [.d1])
        XCTAssertEqual(causes("[1.5]"), [])
    }
}
