import ReferenceDecoder
import XCTest

/// One `rd_document` (the blob parsed once) answers every question of the behaviour tables as
/// the one-blob functions do, however many questions were asked of it before and in whatever
/// order: a question never changes the document (the harness asks each case's document six).
final class CReferenceDocumentTests: XCTestCase {
    static let revisionQuestions = ["parse", "parseProjects", "projectTitle", "currentTask"]

    func testOneDocumentAnswersTheRevisionTable() throws {
        for row in try RevisionTable.load() {
            let document = try load(row.input.blob)
            defer { rd_document_free(document) }
            for question in Self.revisionQuestions + Self.revisionQuestions.reversed() {
                var asked = row
                asked.question = question
                XCTAssertEqual(RevisionTable.cAnswer(asked, document: document), RevisionTable.cAnswer(asked), "\(row.id): \(question)")
            }
            XCTAssertEqual(RevisionTable.cAnswer(row, document: document), row.expect, row.id)
        }
    }

    func testOneDocumentAnswersTheDisplayTableBetweenTheOtherQuestions() throws {
        let rows = try DisplayTable.load().filter { $0.question == "display" }
        XCTAssertGreaterThan(rows.count, 50, "the display rows were read whole")
        for row in rows {
            let document = try load(row.input.blob)
            defer { rd_document_free(document) }
            XCTAssertEqual(DisplayTable.cAnswer(row, document: document), row.expect, "\(row.id), asked first")
            for question in Self.revisionQuestions {
                let asked = RevisionTable.Row(id: row.id, question: question, input: row.input,
                                              projectId: row.input.selectedProjectId ?? "", expect: .unavailable)
                XCTAssertEqual(RevisionTable.cAnswer(asked, document: document), RevisionTable.cAnswer(asked), "\(row.id): \(question)")
            }
            XCTAssertEqual(DisplayTable.cAnswer(row, document: document), row.expect, "\(row.id), asked last")
        }
    }

    /// A blob that does not parse still gives a document, and each question answers its failure
    /// with the reason `rd_decode` gives.
    func testABlobThatDoesNotParseGivesADocumentOfItsFailure() throws {
        for (text, reason) in [("{\"v\":1,", "invalid JSON: "), ("[1]", "invalid blob: the top-level value is not an object")] {
            let document = try load(Array(text.utf8))
            defer { rd_document_free(document) }
            let list = try XCTUnwrap(rd_document_projects(document))
            defer { rd_projects_free(list) }
            XCTAssertEqual(list.pointee.ok, 0)
            XCTAssertTrue(String(cString: try XCTUnwrap(list.pointee.error)).hasPrefix(reason), text)
            let view = try XCTUnwrap("UTC".withCString { zone in
                var input = rd_case(blob: nil, blob_len: 0, pending: nil, pending_count: 0, now_ms: 0, time_zone: zone)
                return rd_document_decode(document, &input)
            })
            defer { rd_view_free(view) }
            XCTAssertEqual(view.pointee.parse_ok, 0)
            XCTAssertTrue(String(cString: try XCTUnwrap(view.pointee.error)).hasPrefix(reason), text)
            var task: UnsafeMutablePointer<rd_current_task>?
            XCTAssertEqual(rd_document_current_task(document, &task), 0)
        }
    }

    private func load(_ blob: [UInt8]) throws -> OpaquePointer {
        try XCTUnwrap(blob.withUnsafeBufferPointer { rd_document_load($0.baseAddress, $0.count) }, "only out of memory gives no document")
    }
}
