import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// Decodes one blob with the Swift reader and the C reference and compares what
/// CONTRACT §6 compares: parse kind and rows, meta, stale, header (never error texts).
///
/// A copy in miniature of the harness's comparison, because the libFuzzer target links
/// only the two readers (no harness code in the instrumented binary, so coverage feedback
/// comes from the readers alone).
enum ReaderPair {
    /// The zones both readers know. The C reference reads /usr/share/zoneinfo; a statically
    /// linked Foundation carries its own zone data. On a machine without tzdata (a bare
    /// fuzzing runner) C knows no zone, and Swift is then given none either, so the run
    /// compares everything but day arithmetic instead of reporting the machine.
    private static let zones: [String: TimeZone] = {
        var known: [String: TimeZone] = [:]
        for name in FuzzSettings.zones {
            var offset: Int32 = 0
            guard let zone = TimeZone(identifier: name), rd_zone_offset_at(name, 0, &offset) == 1 else {
                FileHandle.standardError.write(Data("WidgetFuzz: zone \(name) unknown to a reader (no tzdata?): days not compared in it\n".utf8))
                continue
            }
            known[name] = zone
        }
        return known
    }()

    /// nil when they agree; otherwise both views as canonical JSON lines.
    static func disagreement(blob: [UInt8], settings: FuzzSettings) -> String? {
        let swift = DecodedView.decode(id: "fuzz", blob: blob,
                                       pendingDoneTargets: PendingTargets(settings.pendsT1 ? [("t1", true)] : []),
                                       nowMs: settings.nowMs, timeZone: zones[settings.timeZone])
        guard let c = decodeWithC(blob: blob, settings: settings) else { return "C reference: out of memory\n" }
        defer { rd_view_free(c) }
        if agree(swift, c.pointee) { return nil }
        var cLength = 0
        let cLine = rd_view_to_json(c, "fuzz", 4, &cLength).map { line -> String in
            defer { free(line) }
            return String(decoding: UnsafeRawBufferPointer(start: line, count: cLength), as: UTF8.self)
        } ?? "(out of memory)"
        return "zone \(settings.timeZone), now \(settings.nowMs), t1 pending: \(settings.pendsT1)\n"
            + "swift: \(swift.canonicalJSONString)\nc:     \(cLine)\n"
    }

    private static func decodeWithC(blob: [UInt8], settings: FuzzSettings) -> UnsafeMutablePointer<rd_view>? {
        let pendingId: [CChar] = [0x74, 0x31]  // "t1"
        return pendingId.withUnsafeBufferPointer { id in
            var pending = rd_pending(id: id.baseAddress, id_len: 2, is_done: 1)
            return withUnsafePointer(to: &pending) { pendingPointer in
                blob.withUnsafeBufferPointer { bytes in
                    settings.timeZone.withCString { zone in
                        var input = rd_case(blob: bytes.baseAddress, blob_len: bytes.count,
                                            pending: settings.pendsT1 ? pendingPointer : nil,
                                            pending_count: settings.pendsT1 ? 1 : 0, now_ms: settings.nowMs, time_zone: zone)
                        return rd_decode(&input)
                    }
                }
            }
        }
    }

    private static func agree(_ swift: DecodedView, _ c: rd_view) -> Bool {
        switch swift.parse {
        case .error:
            guard c.parse_ok == 0 else { return false }
        case .tasks(let rows):
            guard c.parse_ok != 0, c.row_count == rows.count else { return false }
            for (index, row) in rows.enumerated() {
                let other = c.rows[index]
                guard same(row.id, other.id, other.id_len), same(row.title, other.title, other.title_len),
                      row.isDone == (other.is_done != 0),
                      same(row.projectColor, other.project_color, other.project_color_len) else { return false }
            }
        }
        guard same(swift.meta.dayStr, c.day_str, c.day_str_len),
              swift.meta.validUntil == (c.has_valid_until != 0 ? c.valid_until : nil),
              swift.stale == (c.stale != 0) else { return false }
        switch swift.header {
        case .today:
            return c.header_outdated == 0
        case .outdated(let dayMs):
            return c.header_outdated != 0 && dayMs == (c.has_day_ms != 0 ? c.day_ms : nil)
        }
    }

    /// Byte equality of a Swift string and a C string with its length (nil matches NULL).
    private static func same(_ text: String?, _ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> Bool {
        switch (text, pointer) {
        case (nil, nil): return true
        case (let text?, let pointer?):
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                text.utf8.elementsEqual(UnsafeBufferPointer(start: $0, count: length))
            }
        default: return false
        }
    }
}
