import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The cases one writer blob becomes: read by the device in the state's zone one ms before
/// the blob's `validUntil` (today) and at it (outdated, so the header shows the day), or at
/// a fixed instant when the writer wrote no usable `validUntil`.
package enum WriterCases {
    /// The first word of every writer-fuzz case id.
    package static let fixtureName = "writer-fuzz"
    /// The instant read when the blob has no positive integer `validUntil` (2026-07-18 00:00 Berlin).
    static let fallbackNow: Int64 = 1_784_325_600_000

    /// `parsed`: the blob as JSON, nil when it is not JSON.
    package static func cases(seed: UInt64, index: Int, zone: String, blob: [UInt8], parsed: JSONValue?) -> [Case] {
        let parameter = "\(seed)-\(index)"
        func make(_ instant: String, _ now: Int64) -> Case {
            Case(id: CaseID.make(fixture: fixtureName, operator: "state", parameter: parameter, zone: zone, instant: instant),
                 blob: blob, nowMs: now, timeZone: zone)
        }
        guard case .object(let object)? = parsed, case .integer(let validUntil)? = object["validUntil"], validUntil > Int64.min + 1 else { return [make("far", fallbackNow)] }
        return [make("before", validUntil - 1), make("at", validUntil)]
    }
}
