import ReferenceDecoder
import WidgetSnapshot

/// The C reference on libjansson (CONTRACT §5: it defines the expected outputs), run in
/// this process through its C API and turned into the same `DecodedView` as the Swift reader.
public struct CReferenceReader: InProcessReader {
    public let name = "c"

    public init() {}

    public func decode(_ testCase: Case) -> DecodedView {
        let ids = testCase.pendingDoneTargets.map { $0.taskId.utf8 }
        return withPendingTargets(ids, testCase.pendingDoneTargets.map(\.isDone)) { pending in
            testCase.blob.withUnsafeBufferPointer { blob in
                testCase.timeZone.withCString { zone in
                    var input = rd_case(blob: blob.baseAddress, blob_len: blob.count, pending: pending.baseAddress,
                                        pending_count: pending.count, now_ms: testCase.nowMs, time_zone: zone)
                    guard let view = rd_decode(&input) else {
                        return DecodedView(id: testCase.id, parse: .error("C reference: out of memory"), meta: .unknown,
                                           stale: false, header: .today)
                    }
                    defer { rd_view_free(view) }
                    return Self.convert(view.pointee, id: testCase.id)
                }
            }
        }
    }

    /// Keeps the id bytes alive while C reads them.
    private func withPendingTargets<Result>(_ ids: [[UInt8]], _ flags: [Bool],
                                            _ body: (UnsafeBufferPointer<rd_pending>) -> Result) -> Result {
        var storage = ids.map { ContiguousArray($0) }
        var pending: [rd_pending] = []
        pending.reserveCapacity(storage.count)
        for index in storage.indices {
            storage[index].withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    pending.append(rd_pending(id: chars.baseAddress, id_len: chars.count, is_done: flags[index] ? 1 : 0))
                }
            }
        }
        // The pointers stay valid: `storage` is not mutated again and lives until after `body`.
        return withExtendedLifetime(storage) { pending.withUnsafeBufferPointer(body) }
    }

    private static func convert(_ view: rd_view, id: String) -> DecodedView {
        let parse: DecodedView.Parse
        if view.parse_ok != 0 {
            var rows: [WidgetTaskRow] = []
            rows.reserveCapacity(view.row_count)
            for index in 0..<view.row_count {
                let row = view.rows[index]
                rows.append(WidgetTaskRow(id: text(row.id, row.id_len) ?? "", title: text(row.title, row.title_len) ?? "",
                                          isDone: row.is_done != 0, projectColor: text(row.project_color, row.project_color_len)))
            }
            parse = .tasks(rows)
        } else {
            parse = .error(view.error.map { String(cString: $0) } ?? "error")
        }
        let meta = SnapshotMeta(dayStr: text(view.day_str, view.day_str_len),
                                validUntil: view.has_valid_until != 0 ? view.valid_until : nil)
        let header: WidgetHeader = view.header_outdated != 0 ? .outdated(dayMs: view.has_day_ms != 0 ? view.day_ms : nil) : .today
        return DecodedView(id: id, parse: parse, meta: meta, stale: view.stale != 0, header: header)
    }

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
