import XCTest
import WidgetSnapshot
@testable import ContractHarness

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
                let got = reader.decode(row.testCase)
                assertAgrees(got, row.expected, reader: reader.name)
            }
        }
    }

    func testReadersAgreeByteForByteExceptErrorTexts() throws {
        let rows = try BehaviourTable.load()
        guard Self.readers.count > 1 else { return }
        for row in rows {
            let views = Self.readers.map { $0.decode(row.testCase) }
            for view in views.dropFirst() where !view.parse.isError {
                XCTAssertEqual(view.canonicalJSONString, views[0].canonicalJSONString, row.testCase.id)
            }
        }
    }

    private func assertAgrees(_ got: DecodedView, _ expected: DecodedView, reader: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let label = "\(reader) on \(expected.id)"
        XCTAssertTrue(got.parse.agrees(with: expected.parse), "\(label): parse\n got \(got.parse)\n want \(expected.parse)", file: file, line: line)
        XCTAssertEqual(got.meta, expected.meta, "\(label): meta", file: file, line: line)
        XCTAssertEqual(got.stale, expected.stale, "\(label): stale", file: file, line: line)
        XCTAssertEqual(got.header, expected.header, "\(label): header", file: file, line: line)
    }
}

extension DecodedView.Parse {
    var isError: Bool {
        if case .error = self { return true }
        return false
    }
}
