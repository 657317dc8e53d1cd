import ContractModel
import Foundation
import ReferenceDecoder
import ReferenceView
import WidgetSnapshot

/// Decodes one blob with the Swift reader and the C reference and compares what
/// CONTRACT §6 compares: parse kind and rows, meta, stale, header (never error texts).
///
/// The comparison and the C conversion are `ContractModel`'s, the same the harness uses; the
/// libFuzzer target links the model and the two readers but no harness code, so coverage
/// feedback comes from the readers (and the small model) alone.
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
                BrokenPipe.write(Array("WidgetFuzz: zone \(name) unknown to a reader (no tzdata?): days not compared in it\n".utf8), to: 2)
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
        let c = CReference.decode(id: "fuzz", blob: blob,
                                  pending: settings.pendsT1 ? [Case.PendingTarget(taskId: "t1", isDone: true)] : [],
                                  nowMs: settings.nowMs, timeZone: settings.timeZone)
        let differences = FieldDifference.between(expected: c, got: .view(swift))
        if differences.isEmpty { return nil }
        return "zone \(settings.timeZone), now \(settings.nowMs), t1 pending: \(settings.pendsT1)\n"
            + "swift: \(swift.canonicalJSONString)\nc:     \(String(decoding: c.canonicalLine(id: "fuzz"), as: UTF8.self))\n"
            + differences.map { "  \($0.field): c \($0.expected), swift \($0.got)\n" }.joined()
    }
}
