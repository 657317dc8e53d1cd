import ContractModel
import Foundation
import ReferenceDecoder

/// The C reference's whole view line for one case as C itself writes it
/// (`rd_document_view_json`, view_json.c): what the standalone testee (ends/c-testee)
/// prints, asked of the same inputs `decode` asks. The harness's C reader builds its view from
/// C's answers in Swift (`decode`); scripts/adequacy's schemata worker judges the C reader
/// through this line instead, so that a mutant of C's own writer is judged as the testee's
/// output would be. Nil where C could not finish.
extension CReference {
    package static func viewLine(id: String, blob: [UInt8], pending: [Case.PendingTarget], pendingTimes: [Case.PendingTimestamp],
                                 selectedProjectId: [UInt8]?, capacity: Int, nowMs: Int64, timeZone: String) -> [UInt8]? {
        guard let document = blob.withUnsafeBufferPointer({ rd_document_load($0.baseAddress, $0.count) }) else { return nil }
        defer { rd_document_free(document) }
        return withQuery(pending: pending, times: pendingTimes, selectedProjectId: selectedProjectId, nowMs: nowMs) { parse in
            timeZone.withCString { zone in
                var query = rd_display_query(parse: parse, time_zone: zone, capacity: max(0, capacity))
                let idBytes = Array(id.utf8)
                var length = 0
                let line = idBytes.withUnsafeBufferPointer { idBuffer in
                    idBuffer.withMemoryRebound(to: CChar.self) { rd_document_view_json(document, &query, $0.baseAddress, $0.count, &length) }
                }
                guard let line else { return nil }
                defer { free(line) }
                return line.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            }
        }
    }
}
