import ContractModel
import WidgetSnapshot

/// `check --json FILE`: the whole verdict, machine-readable (counts, every deviation with
/// its fields, stale entries, suggested list lines, a testee's platform and advice).
package enum JSONReport {
    package static func render(_ facts: ReportFacts) -> [UInt8] {
        let result = facts.result
        var root = JSONObject()
        root["passed"] = .bool(result.passed)
        root["cases"] = .integer(Int64(facts.caseCount))
        root["fixtures"] = .integer(Int64(facts.fixtureCount))
        root["problems"] = .array(result.problems.map { .string(JSONString($0)) })
        root["notChecked"] = .array(result.notices.map { .string(JSONString($0)) })
        if let family = result.corpus.writer {
            // Which writer made the writer family's blobs, and how its cases were judged (CONTRACT.md §7.5).
            let cases = family.entries.reduce(0) { $0 + $1.caseIds.count }
            let live = result.writerCases.indices.count
            root["writer"] = .object(JSONObject([
                "command": .string(JSONString(family.command)), "treeWriter": .bool(result.writerCases.command == nil),
                "casesJudgedLive": .integer(Int64(live)), "casesAgainstGolden": .integer(Int64(cases - live)),
            ]))
        }
        root["readers"] = .array(result.verdicts.map { verdict in
            var reader = JSONObject()
            reader["name"] = .string(JSONString(verdict.reader))
            reader["passed"] = .bool(verdict.passed)
            reader["notCompared"] = verdict.notCompared.map { .string(JSONString($0)) } ?? .null
            reader["agree"] = .integer(Int64(verdict.notCompared == nil ? verdict.agreeing : 0))
            // How far it is: every compared field of every compared case (FieldTally), in all and per field.
            reader["conformance"] = counts(verdict.fieldTally.total)
            var fields = JSONObject()
            for (field, tally) in verdict.fieldTally.byField { fields[field] = counts(tally) }
            reader["fields"] = .object(fields)
            reader["paintsWidget"] = .bool(verdict.entry.paintsWidget)
            reader["unchecked"] = .array(WidgetFields.unchecked(verdict.fieldTally).map { unchecked in
                .object(JSONObject(["question": .string(JSONString(unchecked.question)), "role": .string(JSONString(unchecked.role.rawValue)),
                                    "fields": .array(unchecked.fields.map { .string(JSONString($0)) })]))
            })
            reader["listed"] = .integer(Int64(verdict.listed.count))
            reader["notImplemented"] = .integer(Int64(verdict.notImplementedOnly.count))
            var notImplemented = JSONObject()
            for (field, cases) in verdict.notImplementedCounts { notImplemented[field] = .integer(Int64(cases)) }
            reader["notImplementedFields"] = .object(notImplemented)
            reader["features"] = .array(verdict.entry.features.names.map { .string(JSONString($0)) })
            reader["declares"] = .string(JSONString(verdict.entry.features.label()))
            reader["pending"] = .integer(Int64(verdict.pending.count))
            var pendingFields = JSONObject()
            for (field, cases) in verdict.pendingCounts { pendingFields[field] = .integer(Int64(cases)) }
            reader["pendingFields"] = .object(pendingFields)
            reader["readyToDeclare"] = .array(verdict.readiness.map { revision in
                var waiting = JSONObject()
                for (unit, cases) in revision.waiting { waiting[unit] = .integer(Int64(cases)) }
                return .object(JSONObject([
                    "feature": .string(JSONString(revision.feature)), "ready": .bool(revision.isReady),
                    "agreeing": .array(revision.ready.map { .string(JSONString($0)) }), "waiting": .object(waiting),
                    "notSeen": .array(revision.unseen.map { .string(JSONString($0)) }),
                ]))
            })
            var missing = JSONObject()
            for (field, cases) in verdict.declaredButMissing { missing[field] = .integer(Int64(cases)) }
            reader["declaredButNotImplemented"] = .object(missing)
            var painted = JSONObject()
            for (field, cases) in verdict.paintedButMissing { painted[field] = .integer(Int64(cases)) }
            reader["paintedButNotImplemented"] = .object(painted)
            reader["unexpected"] = .integer(Int64(verdict.unexpected.count))
            reader["failures"] = .integer(Int64(verdict.failures))
            var families = JSONObject()
            for family in facts.families {
                let count = facts.byFamily[verdict.reader]?[family] ?? ReportFacts.FamilyCount()
                families[family] = .object(JSONObject(["cases": .integer(Int64(count.cases)), "listed": .integer(Int64(count.listed)),
                                                       "unexpected": .integer(Int64(count.unexpected)),
                                                       "pending": .integer(Int64(count.pending))]))
            }
            reader["families"] = .object(families)
            reader["pendingCases"] = .array(verdict.pending.map { item in
                .object(JSONObject([
                    "id": .string(JSONString(item.caseId)),
                    "differences": .array(zip(item.differences, item.units).map { difference, unit in
                        .object(JSONObject(["field": .string(JSONString(difference.field)), "expected": .string(JSONString(difference.expected)),
                                            "got": .string(JSONString(difference.got)), "feature": .string(JSONString(unit.feature)),
                                            "pendingOn": .string(JSONString(unit.name))]))
                    }),
                ]))
            })
            reader["deviations"] = .array(facts.rankedByReach(verdict.deviations).map { deviation in
                var object = JSONObject()
                object["id"] = .string(JSONString(deviation.caseId))
                let reach = facts.reach(deviation.caseId)
                object["writerReachable"] = .bool(reach.isReachable)
                object["reachability"] = .string(JSONString(reach.label))
                object["listedBy"] = deviation.listedBy.map { .string(JSONString($0.pattern)) } ?? .null
                object["differences"] = .array(zip(deviation.differences, deviation.judgements).map { difference, judgement in
                    .object(JSONObject(["field": .string(JSONString(judgement.field)), "expected": .string(JSONString(difference.expected)),
                                        "got": .string(JSONString(difference.got)), "notImplemented": .bool(judgement.notImplemented),
                                        "excusedBy": judgement.excusedBy.map { .integer(Int64($0.line)) } ?? .null]))
                })
                return .object(object)
            })
            reader["staleEntries"] = .array(verdict.staleEntries.map { entry in
                .object(JSONObject(["line": .integer(Int64(entry.line)), "pattern": .string(JSONString(entry.pattern)),
                                    "fields": .array(entry.fields.names.map { .string(JSONString($0)) }),
                                    "reason": .string(JSONString(entry.reason))]))
            })
            reader["suggestedEntries"] = .array(verdict.suggestedEntries.map { .string(JSONString($0)) })
            reader["platform"] = verdict.entry.platform.map { .string(JSONString($0.rawValue)) } ?? .null
            reader["advice"] = .array(verdict.advice.map { .string(JSONString($0)) })
            return .object(reader)
        })
        root["queue"] = QueueSection.json(result)
        // Titles, ids and reasons come from pull requests: shown escaped to whoever reads the raw file.
        return UntrustedText.escapingJSON(JSONWriter.compact(.object(root))) + [UInt8(ascii: "\n")]
    }

    /// One tally's field-cases, and the share that agrees (null when none was compared).
    private static func counts(_ counts: FieldTally.Counts) -> JSONValue {
        .object(JSONObject([
            "compared": .integer(Int64(counts.compared)), "agree": .integer(Int64(counts.agree)),
            "listed": .integer(Int64(counts.listed)), "notImplemented": .integer(Int64(counts.notImplemented)),
            "unexpected": .integer(Int64(counts.unexpected)), "pending": .integer(Int64(counts.pending)),
            "share": counts.share.map { .double(($0 * 1_000_000).rounded(.down) / 1_000_000) } ?? .null,
        ]))
    }
}
