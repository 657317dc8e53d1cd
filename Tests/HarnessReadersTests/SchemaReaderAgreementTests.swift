import HarnessCorpus
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
import HarnessTestSupport
import TestSupport

/// Keeps `schemas/widget-snapshot.v1.schema.json` honest from the readers' side:
/// `scripts/check-schemas` proves every writer-valid fixture and every `valid/` example
/// passes the schema, and this proves each of them is read exactly as written — no parse
/// error, every row with its id, title, isDone and colour, both meta fields — by Swift and
/// C (and, for fixtures, by the recorded Kotlin end). A schema that admits a blob the
/// readers fail on would show up here as soon as that blob is an example.
final class SchemaReaderAgreementTests: XCTestCase {
    private static var root: URL {
        TestRepository.root
    }

    private let readers: [any InProcessReader] = [SwiftReader(), CReferenceReader()]

    func testEveryWriterValidFixtureDecodesAsWrittenInSwiftAndC() throws {
        let fixtures = try FixtureLoader.load(root: Self.root.path).filter(\.writerValid)
        XCTAssertGreaterThanOrEqual(fixtures.count, 10, "the writer-valid fixtures went missing")
        for fixture in fixtures {
            try assertReadAsWritten(fixture.blobText, name: "fixture \(fixture.name)", zone: fixture.zones[0])
        }
    }

    func testEverySchemaValidExampleDecodesAsWrittenInSwiftAndC() throws {
        let folder = Self.root.appendingPathComponent("schemas/examples/widget-snapshot.v1/valid")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(files.isEmpty, "no valid blob examples under \(folder.path)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            try assertReadAsWritten(bytes, name: "example \(file)", zone: "Europe/Berlin")
        }
    }

    func testTheKotlinRecordingReadsEveryWriterValidFixtureAsWritten() throws {
        let paths = HarnessPaths(root: Self.root)
        guard paths.kotlin.exists else { throw XCTSkip("no golden/kotlin recording") }
        let recorded = try paths.kotlin.load()
        for fixture in try FixtureLoader.load(root: Self.root.path) where fixture.writerValid {
            // The recorded base cases carry the fixture's queued taps.
            let want = try WrittenBlob(fixture.blobText).applying(fixture.pendingDoneTargets)
            // The rows as written are the Today widget's: a fixture read by a project widget
            // (revision 2's selectedProjectId) shows that project's rows in its base cases (CONTRACT
            // §8.1), so its blob is read as written where the selection is taken away.
            let today = fixture.selectedProjectId == nil ? "base" : "selection.absent"
            let baseCases = recorded.filter { $0.key.hasPrefix("\(fixture.name)/\(today)@") }
            XCTAssertFalse(baseCases.isEmpty, "kotlin recorded no \(today) case of \(fixture.name)")
            for (id, outcome) in baseCases {
                guard case .view(let view) = outcome else { XCTFail("kotlin failed on \(id): \(outcome)"); continue }
                want.assertMatches(view, "kotlin on \(id)")
            }
        }
    }

    private func assertReadAsWritten(_ blob: [UInt8], name: String, zone: String) throws {
        let want = try WrittenBlob(blob)
        let testCase = Case(id: "schema/base@zone@now", blob: blob, nowMs: 0, timeZone: zone)
        for reader in readers {
            want.assertMatches(reader.view(testCase), "\(reader.name) on \(name)")
        }
    }
}

/// What a writer-valid blob says, read with Foundation (independently of both readers).
private struct WrittenBlob {
    var rows: [WidgetTaskRow]
    var meta: SnapshotMeta

    init(_ bytes: [UInt8]) throws {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], "blob is not an object")
        let colours = object["projectColors"] as? [String: String] ?? [:]
        let tasks = try XCTUnwrap(object["tasks"] as? [[String: Any]], "blob has no task array")
        rows = try tasks.map { task in
            WidgetTaskRow(id: try XCTUnwrap(task["id"] as? String), title: try XCTUnwrap(task["title"] as? String),
                          isDone: try XCTUnwrap(task["isDone"] as? Bool),
                          projectColor: (task["projectId"] as? String).flatMap { colours[$0] })
        }
        meta = SnapshotMeta(dayStr: object["dayStr"] as? String, validUntil: (object["validUntil"] as? NSNumber)?.int64Value)
        XCTAssertNotNil(meta.dayStr, "a writer-valid blob has a dayStr")
        XCTAssertNotNil(meta.validUntil, "a writer-valid blob has a validUntil")
    }

    /// The rows as a reader shows them with these taps queued (last wins, exact code points).
    func applying(_ pending: [Case.PendingTarget]) -> WrittenBlob {
        var copy = self
        for target in pending {
            for index in copy.rows.indices where Array(copy.rows[index].id.utf8) == target.taskId.utf8 {
                copy.rows[index].isDone = target.isDone
            }
        }
        return copy
    }

    func assertMatches(_ view: DecodedView, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .tasks(let got) = view.parse else {
            XCTFail("\(context): parse failed: \(view.parse)", file: file, line: line)
            return
        }
        XCTAssertEqual(got, rows, "\(context): rows", file: file, line: line)
        XCTAssertEqual(view.meta, meta, "\(context): meta", file: file, line: line)
    }
}
