import ContractModel
import ReferenceDecoder
import WidgetSnapshot

/// The C reference (CONTRACT §5: it defines the expected outputs) called through its C API,
/// and its `rd_view` turned into a `DecodedView` — in one place, for the harness's C
/// reader and the libFuzzer target alike.
package enum CReference {
    /// The features the C reference implements, as `rd_contract_features()` declares them.
    package static var features: String { String(cString: rd_contract_features()) }

    /// Decodes one blob: `rd_document_load` parses it once, then every question is asked of
    /// that document — `rd_document_decode` for meta, stale and header, `rd_document_parse`
    /// (revision 2: the tap times, the selection, the instant) for the rows,
    /// `rd_document_projects`, `rd_document_project_title` when the case has a selection,
    /// `rd_document_display` (CONTRACT.md §9) and `rd_document_current_task`. When the C
    /// reference cannot finish (out of memory, a zone file it could not read for a reason
    /// other than its absence) the outcome is a failure, which the harness reports as a
    /// crash — never a view with a wrong answer.
    package static func decode(id: String, blob: [UInt8], pending: [Case.PendingTarget], pendingTimes: [Case.PendingTimestamp] = [],
                               selectedProjectId: [UInt8]? = nil, capacity: Int = Case.androidCapacity, nowMs: Int64,
                               timeZone: String) -> ReaderOutcome {
        guard let document = blob.withUnsafeBufferPointer({ rd_document_load($0.baseAddress, $0.count) }) else { return unfinished }
        defer { rd_document_free(document) }
        return answer(document, id: id, pending: pending, pendingTimes: pendingTimes, selectedProjectId: selectedProjectId,
                      capacity: capacity, nowMs: nowMs, timeZone: timeZone)
    }

    /// `decode` of cases that all carry `blob` (a writer blob read at two instants), in order:
    /// the blob is loaded once and every case's questions are asked of that one document.
    package static func decode(blob: [UInt8], cases: [Case]) -> [ReaderOutcome] {
        guard let document = blob.withUnsafeBufferPointer({ rd_document_load($0.baseAddress, $0.count) }) else {
            return cases.map { _ in unfinished }
        }
        defer { rd_document_free(document) }
        return cases.map { testCase in
            answer(document, id: testCase.id, pending: testCase.pendingDoneTargets, pendingTimes: testCase.pendingDoneTimestamps,
                   selectedProjectId: testCase.selectedProjectId?.utf8, capacity: testCase.capacity, nowMs: testCase.nowMs,
                   timeZone: testCase.timeZone)
        }
    }

    private static let unfinished = ReaderOutcome.failure("C reference: could not finish (out of memory, or a zone file it could not read)")

    /// Every question of one case, asked of its blob's document.
    private static func answer(_ document: OpaquePointer, id: String, pending: [Case.PendingTarget], pendingTimes: [Case.PendingTimestamp],
                               selectedProjectId: [UInt8]?, capacity: Int, nowMs: Int64, timeZone: String) -> ReaderOutcome {
        withQuery(pending: pending, times: pendingTimes, selectedProjectId: selectedProjectId, nowMs: nowMs) { query in
            timeZone.withCString { zone in
                var input = rd_case(blob: nil, blob_len: 0, pending: query.pending, pending_count: query.pending_count,
                                    now_ms: nowMs, time_zone: zone)
                guard var decoded = asked({ rd_document_decode(document, &input) }, freedBy: rd_view_free, { DecodedView($0, id: id) }),
                      let (parse, rowValues) = rows(document, query),
                      let projects = projects(document),
                      let title = selectedProjectId == nil ? ViewValue.null : projectTitle(document, query),
                      let display = display(document, query, capacity: capacity, zone: zone),
                      let tracked = currentTask(document)
                else { return unfinished }
                decoded.parse = parse
                decoded.addedRowValues = rowValues
                decoded.added = ["projects": projects, "projectTitle": title, "display": display, "currentTask": tracked]
                return .view(decoded)
            }
        }
    }

    /// The one way a question is asked of C: `ask` calls it (nil: C could not finish), `part`
    /// turns its answer into the view's part, then `free` releases the answer.
    static func asked<Answer, Part>(_ ask: () -> UnsafeMutablePointer<Answer>?, freedBy free: (UnsafeMutablePointer<Answer>?) -> Void,
                                    _ part: (Answer) -> Part) -> Part? {
        guard let answer = ask() else { return nil }
        defer { free(answer) }
        return part(answer.pointee)
    }

    /// A failed answer's reason (C's text), "error" when it gave none.
    static func reason(_ error: UnsafeMutablePointer<CChar>?) -> String {
        error.map { String(cString: $0) } ?? "error"
    }

    /// The case's inputs to the questions as C reads them (`rd_parse_query`; its blob is the
    /// document's, so it names none): the ids' exact bytes stay alive while `body` runs.
    static func withQuery<Result>(pending: [Case.PendingTarget], times: [Case.PendingTimestamp], selectedProjectId: [UInt8]?,
                                          nowMs: Int64, _ body: (rd_parse_query) -> Result) -> Result {
        // Every id in one buffer, with a byte after the last so that no pointer is nil (a nil
        // selection is "none", an empty one is the selection "").
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for id in pending.map(\.taskId.utf8) + times.map(\.taskId.utf8) + [selectedProjectId ?? []] {
            starts.append(bytes.count)
            bytes += id
        }
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                let base = chars.baseAddress!
                let targets = pending.indices.map { rd_pending(id: base + starts[$0], id_len: pending[$0].taskId.utf8.count,
                                                              is_done: pending[$0].isDone ? 1 : 0) }
                let stamps = times.indices.map { rd_pending_time(id: base + starts[pending.count + $0], id_len: times[$0].taskId.utf8.count,
                                                                 done_at_ms: times[$0].ms) }
                return targets.withUnsafeBufferPointer { targets in
                    stamps.withUnsafeBufferPointer { stamps in
                        body(rd_parse_query(blob: nil, blob_len: 0, pending: targets.baseAddress, pending_count: targets.count,
                                            pending_times: stamps.baseAddress, pending_time_count: stamps.count,
                                            selected_project_id: selectedProjectId == nil ? nil : base + starts[pending.count + times.count],
                                            selected_project_id_len: selectedProjectId?.count ?? 0, now_ms: nowMs))
                    }
                }
            }
        }
    }
}

extension DecodedView {
    /// The C reference's revision-1 view, field for field (strings as their exact bytes).
    package init(_ view: rd_view, id: String) {
        let parse: Parse
        if view.parse_ok != 0 {
            parse = .tasks((0..<view.row_count).map { WidgetTaskRow(view.rows[$0]) })
        } else {
            parse = .error(CReference.reason(view.error))
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

extension WidgetTaskRow {
    /// A row C parsed (revision 1's or 2's, without `doneOn`), strings as their exact bytes.
    init(_ row: rd_row) {
        self.init(id: DecodedView.text(row.id, row.id_len) ?? "", title: DecodedView.text(row.title, row.title_len) ?? "",
                  isDone: row.is_done != 0, projectColor: DecodedView.text(row.project_color, row.project_color_len))
    }
}
