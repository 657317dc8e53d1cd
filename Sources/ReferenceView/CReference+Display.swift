import ContractModel
import ReferenceDecoder
import WidgetSnapshot

/// The C reference's display answer (CONTRACT.md §9, `rd_document_display`) as the view's
/// `display` value, through the Swift model so that both readers share one conversion
/// (`ViewValue.display`). Nil where C could not finish.
extension CReference {
    static func display(_ document: OpaquePointer, _ parse: rd_parse_query, capacity: Int, zone: UnsafePointer<CChar>) -> ViewValue? {
        var query = rd_display_query(parse: parse, time_zone: zone, capacity: max(0, capacity))
        return asked({ rd_document_display(document, &query) }, freedBy: rd_display_free) { .display(WidgetDisplay($0)) }
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
