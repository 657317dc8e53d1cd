/// The lines `check` suggests for a reader's unexpected deviations, field by field:
/// for each field, patterns over the case-id grammar (`fixture/operator#param@zone@instant`,
/// each part literal or `*`, the operator also as its family `family.*` or `op#*`) that
/// cover only cases where that field deviates — never a case where it agrees — chosen
/// greedily, most cases first, so a few patterns cover them all. Patterns found for
/// several fields become one line. Every line carries a placeholder reason (`TODO`), which
/// the list refuses (exit 2) until a reviewer replaces it with the why.
enum SuggestionGrouping {
    struct Suggestion: Equatable {
        var pattern: String
        var fields: [String]
        var notImplemented: Bool
        var cases: Int
        var reader: String

        var text: String {
            let what = fields.joined(separator: ", ")
            let reason = fields.allSatisfy(FieldScope.outcomes.contains)
                ? "TODO: why \(reader) gives no view here (\(what), \(cases) cases)"
                : notImplemented
                ? "not implemented: TODO say which build of \(reader) lacks \(what) (\(cases) cases)"
                : "TODO: why \(reader) reads \(what) differently (\(cases) cases)"
            return "\(pattern)  [\(fields.joined(separator: ","))]  \(reason)"
        }
    }

    static func suggestions(for verdict: ReaderVerdict) -> [Suggestion] {
        struct Group: Hashable { var field: String; var notImplemented: Bool }
        var deviating: [Group: Set<String>] = [:]
        var order: [Group] = []
        var differing: [String: Set<String>] = [:]   // field → cases where it differs at all
        // (A case the reader never ran shows nothing about the case: fix the reader, list nothing.)
        for deviation in verdict.deviations where !verdict.notRun.contains(deviation.caseId) {
            for judgement in deviation.judgements {
                let field = FieldScope.canonical(judgement.field)
                differing[field, default: []].insert(deviation.caseId)
                // A field of a declared revision left out is fixed by the reader or its declaration, never a list line.
                guard judgement.excusedBy == nil, !judgement.declaredButMissing else { continue }
                let group = Group(field: field, notImplemented: judgement.notImplemented)
                if deviating[group] == nil { order.append(group) }
                deviating[group, default: []].insert(deviation.caseId)
            }
        }
        let ids = verdict.caseIds.isEmpty ? verdict.deviations.map(\.caseId) : verdict.caseIds
        let parsed = ids.map(CaseIdParts.init)
        var lines: [Suggestion] = []
        for group in order.sorted(by: { rank($0.field) < rank($1.field) || (rank($0.field) == rank($1.field) && !$0.notImplemented && $1.notImplemented) }) {
            let cover = patterns(ids: ids, parts: parsed, wanted: deviating[group]!, allowed: differing[group.field] ?? [])
            for (pattern, count) in cover {
                if let index = lines.firstIndex(where: { $0.pattern == pattern && $0.notImplemented == group.notImplemented }) {
                    lines[index].fields.append(group.field)
                    lines[index].cases = max(lines[index].cases, count)
                } else {
                    lines.append(Suggestion(pattern: pattern, fields: [group.field], notImplemented: group.notImplemented,
                                            cases: count, reader: verdict.reader))
                }
            }
        }
        return lines
    }

    private static func rank(_ field: String) -> Int { FieldScope.viewFields.firstIndex(of: field) ?? FieldScope.viewFields.count }

    /// Greedy cover of `wanted` by patterns that match no case outside `allowed`.
    static func patterns(ids: [String], parts: [CaseIdParts], wanted: Set<String>, allowed: Set<String>) -> [(String, Int)] {
        var members: [String: [Int]] = [:]
        var forbidden: Set<String> = []
        for (index, id) in ids.enumerated() {
            let candidates = parts[index].generalizations()
            if wanted.contains(id) {
                for pattern in candidates { members[pattern, default: []].append(index) }
            } else if !allowed.contains(id) {
                forbidden.formUnion(candidates)
            }
        }
        var candidates = members.filter { !forbidden.contains($0.key) }
        var covered = [Bool](repeating: false, count: ids.count)
        var remaining = wanted.count
        var chosen: [(String, Int)] = []
        while remaining > 0, !candidates.isEmpty {
            var best: (pattern: String, gain: Int, stars: Int)?
            for (pattern, indices) in candidates {
                let gain = indices.reduce(0) { $0 + (covered[$1] ? 0 : 1) }
                guard gain > 0 else { continue }
                let stars = pattern.filter { $0 == "*" }.count
                if let current = best, (gain, stars, current.pattern) <= (current.gain, current.stars, pattern) { continue }
                best = (pattern, gain, stars)
            }
            guard let best else { break }
            let indices = candidates.removeValue(forKey: best.pattern)!
            // Guard the grammar assumption: a chosen glob must not match a case where the field agrees.
            let matchesOnlyAllowed = ids.allSatisfy { id in
                wanted.contains(id) || allowed.contains(id) || !Glob.matches(pattern: Array(best.pattern.utf8), text: Array(id.utf8))
            }
            guard matchesOnlyAllowed else { continue }
            for index in indices where !covered[index] { covered[index] = true; remaining -= 1 }
            chosen.append((best.pattern, indices.count))
        }
        return chosen
    }
}

/// A case id split along its grammar, `fixture/operator[#param]@zone@instant`.
struct CaseIdParts {
    var fixture: String
    var operatorId: String
    var parameter: String?
    var zone: String
    var instant: String

    init(_ id: String) {
        let slash = id.firstIndex(of: "/")
        fixture = slash.map { String(id[..<$0]) } ?? ""
        let rest = slash.map { id[id.index(after: $0)...] } ?? id[...]
        let body = rest.split(separator: "@", omittingEmptySubsequences: false)
        let head = body.first ?? ""
        if let hash = head.firstIndex(of: "#") {
            operatorId = String(head[..<hash])
            parameter = String(head[head.index(after: hash)...])
        } else {
            operatorId = String(head)
            parameter = nil
        }
        zone = body.count > 1 ? String(body[1]) : ""
        instant = body.count > 2 ? body[2...].joined(separator: "@") : ""
    }

    /// Every pattern this id belongs to, from the id itself to `*/*@*`.
    func generalizations() -> [String] {
        var operators = [parameter.map { "\(operatorId)#\($0)" } ?? operatorId]
        if parameter != nil { operators.append("\(operatorId)#*") }
        if let dot = operatorId.firstIndex(of: ".") { operators.append(operatorId[..<dot] + ".*") }
        operators.append("*")
        var out: [String] = []
        for fixture in [fixture, "*"] {
            for op in operators {
                for zone in [zone, "*"] {
                    for instant in [instant, "*"] {
                        let tail = zone == "*" && instant == "*" ? "@*" : "@\(zone)@\(instant)"
                        out.append("\(fixture)/\(op)\(tail)")
                    }
                }
            }
        }
        return out
    }
}
