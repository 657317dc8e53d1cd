import ContractModel
import ReferenceDecoder
import WidgetSnapshot

/// The C reference's display answer (CONTRACT.md §9, `rd_display_read`) as the view's
/// `display` value, through the Swift model so that both readers share one conversion
/// (`ViewValue.display`). Nil where C could not finish.
extension CReference {
    static func display(blob: UnsafeBufferPointer<UInt8>, pending: UnsafeBufferPointer<rd_pending>, times: [PendingTime],
                        selectedProjectId: [UInt8]?, capacity: Int, nowMs: Int64, zone: UnsafePointer<CChar>) -> ViewValue? {
        let ids = times.map { ContiguousArray($0.id.map { CChar(bitPattern: $0) }) } + [ContiguousArray((selectedProjectId ?? []).map { CChar(bitPattern: $0) })]
        return withPointers(ids) { pointers in
            let stamps = times.indices.map { rd_pending_time(id: pointers[$0], id_len: ids[$0].count, done_at_ms: times[$0].ms) }
            return stamps.withUnsafeBufferPointer { stamps in
                let parse = rd_parse_query(blob: blob.baseAddress, blob_len: blob.count, pending: pending.baseAddress,
                                           pending_count: pending.count, pending_times: stamps.baseAddress, pending_time_count: stamps.count,
                                           selected_project_id: selectedProjectId == nil ? nil : pointers[times.count],
                                           selected_project_id_len: ids[times.count].count, now_ms: nowMs)
                var query = rd_display_query(parse: parse, time_zone: zone, capacity: max(0, capacity))
                guard let result = rd_display_read(&query) else { return nil }
                defer { rd_display_free(result) }
                return .display(WidgetDisplay(result.pointee))
            }
        }
    }
}

extension WidgetDisplay {
    /// The C answer in the Swift model (strings as their exact bytes).
    init(_ d: rd_display) {
        let rows = (0..<d.row_count).map { index in
            let row = d.rows[index]
            return WidgetDisplayRow(id: DecodedView.text(row.id, row.id_len) ?? "", title: DecodedView.text(row.title, row.title_len) ?? "",
                                    isDone: row.is_done != 0, dot: row.has_dot != 0 ? WidgetDotColor(argb: row.dot_argb) : nil)
        }
        let header: WidgetDisplayHeader
        switch Int(d.header_kind) {
        case Int(RD_HEADER_PROJECT): header = .project(title: DecodedView.text(d.header_title, d.header_title_len) ?? "")
        case Int(RD_HEADER_OUTDATED):
            header = .outdated(day: d.has_header_day != 0
                ? WidgetCalendarDay(year: Int(d.header_year), month: Int(d.header_month), day: Int(d.header_day)) : nil)
        default: header = .today
        }
        self.init(rows: rows, moreCount: d.more, header: header, showsEmptyView: d.shows_empty != 0)
    }
}
