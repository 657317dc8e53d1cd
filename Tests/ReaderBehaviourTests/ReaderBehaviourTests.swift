import ContractModel
import XCTest
import WidgetSnapshot
@testable import HarnessReaders

/// Every row of the behaviour table, through every in-process reader: each must produce
/// the row's expected view (parse kind and rows, meta, stale, header).
final class ReaderBehaviourTests: XCTestCase {
    static let readers: [any InProcessReader] = [SwiftReader(), CReferenceReader()]

    func testTableIsLargeAndCoversTheContract() throws {
        let rows = try BehaviourTable.load()
        XCTAssertGreaterThanOrEqual(rows.count, 90)
        let groups = Set(rows.map { $0.testCase.id.prefix { $0 != "/" } })
        for group in ["golden", "pending", "version", "colour", "boundary", "legacy", "header", "meta", "day",
                      "task", "done", "syntax", "unicode", "numbers", "depth", "zone"] {
            XCTAssertTrue(groups.contains(Substring(group)), "no rows for \(group)")
        }
    }

    func testEveryReaderProducesEveryExpectedView() throws {
        let rows = try BehaviourTable.load()
        for reader in Self.readers {
            for row in rows {
                // The table states parse, meta, stale and header; the fields its lines leave out
                // (rows' doneOn, display, projects, projectTitle, currentTask) have their own tables,
                // Tests/Behaviour/revisions.jsonl and display.jsonl (RevisionTableTests, DisplayTableTests).
                let differences = FieldDifference.between(expected: .view(row.expected), got: reader.outcome(row.testCase))
                    .filter { $0.expected != FieldDifference.notImplemented }
                XCTAssertEqual(differences, [], "\(reader.name) on \(row.expected.id)")
            }
        }
    }

    func testReadersAgreeByteForByteExceptErrorTexts() throws {
        let rows = try BehaviourTable.load()
        guard Self.readers.count > 1 else { return }
        for row in rows {
            let views = Self.readers.compactMap { $0.outcome(row.testCase).view }
            XCTAssertEqual(views.count, Self.readers.count, "a reader produced no view on \(row.testCase.id)")
            for view in views.dropFirst() where !view.parse.isError {
                XCTAssertEqual(view.canonicalJSONString, views[0].canonicalJSONString, row.testCase.id)
            }
        }
    }
}

extension DecodedView.Parse {
    var isError: Bool {
        if case .error = self { return true }
        return false
    }
}
