import ContractModel
import ReferenceDecoder
import WidgetSnapshot

/// The C reference (CONTRACT §5: it defines the expected outputs) called through its C API,
/// and its `rd_view` turned into a `DecodedView` — in one place, for the harness's C
/// reader and the libFuzzer target alike.
package enum CReference {
    /// One queued tap: the task id's exact bytes and its target state.
    package struct Pending: Sendable {
        package var id: [UInt8]
        package var isDone: Bool
        package init(id: [UInt8], isDone: Bool) {
            self.id = id
            self.isDone = isDone
        }
    }

    /// Decodes one blob: `rd_decode` for meta, stale and header, `rd_parse` (revision 2: the
    /// tap times, the selection, the instant) for the rows, `rd_parse_projects`,
    /// `rd_project_title` when the case has a selection, and `rd_current_task_read`. When the C reference cannot finish
    /// (out of memory, a zone file it could not read for a reason other than its absence) the
    /// outcome is a failure, which the harness reports as a crash — never a view with a wrong answer.
    package static func decode(id: String, blob: [UInt8], pending: [Pending], pendingTimes: [PendingTime] = [],
                               selectedProjectId: [UInt8]? = nil, nowMs: Int64, timeZone: String) -> ReaderOutcome {
        withPending(pending) { pendingBuffer in
            blob.withUnsafeBufferPointer { bytes in
                timeZone.withCString { zone in
                    let unfinished = ReaderOutcome.failure("C reference: could not finish (out of memory, or a zone file it could not read)")
                    var input = rd_case(blob: bytes.baseAddress, blob_len: bytes.count, pending: pendingBuffer.baseAddress,
                                        pending_count: pendingBuffer.count, now_ms: nowMs, time_zone: zone)
                    guard let view = rd_decode(&input) else { return unfinished }
                    defer { rd_view_free(view) }
                    guard let (parse, rowValues) = rows(blob: bytes, pending: pendingBuffer, times: pendingTimes,
                                                        selectedProjectId: selectedProjectId, nowMs: nowMs),
                          let projects = projects(blob: bytes),
                          let title = selectedProjectId.map({ projectTitle(blob: bytes, selectedProjectId: $0) }) ?? .null,
                          let tracked = currentTask(blob: bytes)
                    else { return unfinished }
                    var decoded = DecodedView(view.pointee, id: id)
                    decoded.parse = parse
                    decoded.addedRowValues = rowValues
                    decoded.added = ["projects": projects, "projectTitle": title, "currentTask": tracked]
                    return .view(decoded)
                }
            }
        }
    }

    /// Keeps the id bytes alive while C reads them.
    private static func withPending<Result>(_ targets: [Pending], _ body: (UnsafeBufferPointer<rd_pending>) -> Result) -> Result {
        let storage = targets.map { ContiguousArray($0.id) }
        var pending: [rd_pending] = []
        pending.reserveCapacity(storage.count)
        for index in storage.indices {
            storage[index].withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    pending.append(rd_pending(id: chars.baseAddress, id_len: chars.count, is_done: targets[index].isDone ? 1 : 0))
                }
            }
        }
        // The pointers stay valid: `storage` is not mutated again and lives until after `body`.
        return withExtendedLifetime(storage) { pending.withUnsafeBufferPointer(body) }
    }
}

extension DecodedView {
    /// The C reference's revision-1 view, field for field (strings as their exact bytes).
    package init(_ view: rd_view, id: String) {
        let parse: Parse
        if view.parse_ok != 0 {
            var rows: [WidgetTaskRow] = []
            rows.reserveCapacity(view.row_count)
            for index in 0..<view.row_count {
                let row = view.rows[index]
                rows.append(WidgetTaskRow(id: Self.text(row.id, row.id_len) ?? "", title: Self.text(row.title, row.title_len) ?? "",
                                          isDone: row.is_done != 0, projectColor: Self.text(row.project_color, row.project_color_len)))
            }
            parse = .tasks(rows)
        } else {
            parse = .error(view.error.map { String(cString: $0) } ?? "error")
        }
        let meta = SnapshotMeta(dayStr: Self.text(view.day_str, view.day_str_len),
                                validUntil: view.has_valid_until != 0 ? view.valid_until : nil)
        let header: WidgetHeader = view.header_outdated != 0 ? .outdated(dayMs: view.has_day_ms != 0 ? view.day_ms : nil) : .today
        self.init(id: id, parse: parse, meta: meta, stale: view.stale != 0, header: header)
    }

    /// A C string of that many bytes as text; nil for a NULL pointer.
    package static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
