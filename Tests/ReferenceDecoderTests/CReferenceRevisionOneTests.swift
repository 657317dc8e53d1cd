import ReferenceDecoder
import XCTest

/// `rd_decode` stays revision 1's view: a blob carrying revision 2's and 3's members gives the
/// same rows as without them, and its rows carry no `doneOn` (only `rd_parse` reads it).
final class CReferenceRevisionOneTests: XCTestCase {
    func testDecodeReadsNoRevisionTwoMembers() throws {
        func rows(_ text: String) throws -> [String] {
            let blob = Array(text.utf8)
            return try blob.withUnsafeBufferPointer { bytes in
                var input = rd_case(blob: bytes.baseAddress, blob_len: bytes.count, pending: nil, pending_count: 0, now_ms: 0, time_zone: "UTC")
                let view = try XCTUnwrap(rd_decode(&input))
                defer { rd_view_free(view) }
                return (0..<view.pointee.row_count).map { index in
                    let row = view.pointee.rows[index]
                    return "\(String(cString: row.id)) done=\(row.is_done) hasDoneOn=\(row.has_done_on)"
                }
            }
        }
        let today = #"{"id":"t1","title":"T","isDone":true,"doneOn":1000}"#
        let plain = try rows(#"{"v":1,"tasks":[\#(today)]}"#)
        XCTAssertEqual(plain, ["t1 done=1 hasDoneOn=0"])
        XCTAssertEqual(try rows(#"{"v":1,"tasks":[\#(today)],"projects":[5],"currentTask":{"id":"x"}}"#), plain)
    }
}
