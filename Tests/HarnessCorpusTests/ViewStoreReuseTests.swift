import ContractModel
import Foundation
import HarnessCorpus
import HarnessTestSupport
import XCTest
import TestSupport

/// `check` reads golden/kotlin reusing golden/expected: a recorded line byte-identical to the
/// expected line of its case takes that outcome unparsed. Only identical bytes may be reused,
/// and only from a read at least as strict: a recorded line that differs in one byte, or a
/// strict read of a line only a lenient read accepts, must be read on its own.
final class ViewStoreReuseTests: XCTestCase {
    private static let id = "alpha/op@berlin@far"
    private static let complete = #"{"id":"\#(id)","parse":{"tasks":[]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}"#
        + DescribedValues.addedTail + "}"

    private func store(_ line: String, allowsNotImplemented: Bool) throws -> ViewStore {
        let folder = Scratch.url("reuse")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try (line + "\n").write(to: folder.appendingPathComponent("alpha.jsonl"), atomically: true, encoding: .utf8)
        return ViewStore(folder: folder, displayName: "golden/x", allowsNotImplemented: allowsNotImplemented, tree: TreeBoundary(root: folder))
    }

    func testOnlyAByteIdenticalLineTakesTheEarlierOutcome() throws {
        let expected = try store(Self.complete, allowsNotImplemented: false).loadLines(jobs: 2)
        let same = try store(Self.complete, allowsNotImplemented: true).loadLines(jobs: 2, reusing: expected)
        XCTAssertEqual(same[Self.id]?.outcome, expected[Self.id]?.outcome)

        let staleLine = Self.complete.replacingOccurrences(of: #""stale":false"#, with: #""stale":true"#)
        let differing = try store(staleLine, allowsNotImplemented: true).loadLines(jobs: 2, reusing: expected)
        guard case .view(let view)? = differing[Self.id]?.outcome else { return XCTFail("no view: \(String(describing: differing[Self.id]))") }
        XCTAssertTrue(view.stale, "the recorded line says stale: its own bytes were read, not the expected line's")
    }

    func testAStrictReadNeverReusesALenientOne() throws {
        let partial = #"{"id":"\#(Self.id)","parse":{"tasks":[]}}"#
        let recorded = try store(partial, allowsNotImplemented: true).loadLines(jobs: 1)
        XCTAssertNotNil(recorded[Self.id])
        XCTAssertThrowsError(try store(partial, allowsNotImplemented: false).loadLines(jobs: 1, reusing: recorded),
                             "a view without meta, stale and header is not a complete golden line")
    }
}
