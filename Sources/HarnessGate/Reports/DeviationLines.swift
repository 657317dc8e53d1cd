import ContractModel
import WidgetSnapshot

/// `check --deviations FILE`: every deviation of every reader, one JSON object per line (reader,
/// case, status, whether the writer can make its blob, and each differing field with both
/// values and the list line that excuses it) — the whole list the other reports sample
/// (`DeviationSample`), for `grep`, `jq` or a spreadsheet. Text from a pull request is escaped
/// as in the JSON report.
package enum DeviationLines {
    package static func render(_ facts: ReportFacts) -> [UInt8] {
        var out: [UInt8] = []
        for verdict in facts.result.verdicts where verdict.notCompared == nil {
            for deviation in verdict.deviations {
                let status: String
                if deviation.isUnexpected {
                    status = "unexpected"
                } else {
                    status = deviation.isOnlyNotImplemented ? "not-implemented" : "listed"
                }
                var object = JSONObject()
                object["reader"] = .string(JSONString(verdict.reader))
                object["id"] = .string(JSONString(deviation.caseId))
                object["status"] = .string(JSONString(status))
                object["writerReachable"] = .bool(facts.reach(deviation.caseId).isReachable)
                object["differences"] = .array(zip(deviation.differences, deviation.judgements).map { difference, judgement in
                    .object(JSONObject(["field": .string(JSONString(judgement.field)), "expected": .string(JSONString(difference.expected)),
                                        "got": .string(JSONString(difference.got)), "notImplemented": .bool(judgement.notImplemented),
                                        "excusedBy": judgement.excusedBy.map { .integer(Int64($0.line)) } ?? .null]))
                })
                out += UntrustedText.escapingJSON(JSONWriter.compact(.object(object)))
                out.append(UInt8(ascii: "\n"))
            }
        }
        return out
    }
}
