import ContractModel

/// The lines `check` suggests for a reader's unexpected deviations, field by field:
/// for each field, patterns over the case-id grammar (`fixture/operator#param@zone@instant`,
/// each part literal or `*`, the operator also as its family `family.*` or `op#*`) that
/// cover only cases where that field deviates — never a case where it agrees — chosen
/// greedily, most cases first, so a few patterns cover them all. Two kinds of field get
/// broader lines, each saying so in its reason:
/// - a field the reader answers with one value on every case (`null` for a day it never
///   reads), or never answers at all (not implemented): one line `*/*@*` — where it agrees, it
///   agrees by chance, not by reading;
/// - a pattern on nearly every case of which the field deviates (`nearlyEvery`, at least
///   `nearlyEveryMinimum` of them): it may match the few where it agrees, and its reason
///   counts them.
/// Patterns found for several fields become one line. Every line carries a placeholder reason
/// (`TODO`), which the list refuses (exit 2) until a reviewer replaces it with the why.
enum SuggestionGrouping {
    /// The share of the cases a broader pattern matches on which the field must deviate.
    static let nearlyEvery = 0.95
    /// The fewest deviating cases a broader pattern must cover.
    static let nearlyEveryMinimum = 20
    /// The pattern that matches every case.
    static let everyCase = "*/*@*"

    struct Suggestion: Equatable {
        var pattern: String
        var fields: [String]
        var notImplemented: Bool
        var cases: Int
        var reader: String
        /// Per field answered with one value on every case: that value, as reports show it.
        var constants: [String: String] = [:]
        /// Cases the pattern also matches where none of its fields deviates.
        var alsoAgreeing = 0

        var text: String {
            let what = fields.joined(separator: ", ")
            let broader = alsoAgreeing > 0 ? "; the pattern also matches \(alsoAgreeing) cases where it agrees" : ""
            let reason: String
            if fields.allSatisfy(FieldScope.outcomes.contains) {
                reason = "TODO: why \(reader) gives no view here (\(what), \(cases) cases)"
            } else if notImplemented {
                reason = "not implemented: TODO say which build of \(reader) lacks \(what) (\(cases) cases\(broader))"
            } else if !constants.isEmpty, constants.count == fields.count {
                let values = fields.map { "\($0) \(constants[$0] ?? "")" }.joined(separator: ", ")
                reason = "TODO: why \(reader) gives one value on every case (\(values)): it differs on \(cases) cases"
            } else {
                reason = "TODO: why \(reader) reads \(what) differently (\(cases) cases\(broader))"
            }
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
                // A field of a declared revision left out, or a painted one a painting reader leaves out,
                // is fixed by the reader or its declaration, never a list line.
                guard judgement.excusedBy == nil, !judgement.declaredButMissing, !judgement.paintedButMissing else { continue }
                let group = Group(field: field, notImplemented: judgement.notImplemented)
                if deviating[group] == nil { order.append(group) }
                deviating[group, default: []].insert(deviation.caseId)
            }
        }
        let ids = verdict.caseIds.isEmpty ? verdict.deviations.map(\.caseId) : verdict.caseIds
        let parsed = ids.map(CaseIdParts.init)
        var lines: [Suggestion] = []
        for group in order.sorted(by: { rank($0.field) < rank($1.field) || (rank($0.field) == rank($1.field) && !$0.notImplemented && $1.notImplemented) }) {
            let wanted = deviating[group]!
            var constant: String?
            let cover: [Cover]
            if FieldScope.outcomes.contains(group.field) {
                cover = patterns(ids: ids, parts: parsed, wanted: wanted, allowed: differing[group.field] ?? [], broader: false)
            } else if group.notImplemented ? verdict.fieldTally.answered(group.field) == 0 : verdict.fieldTally.constantValue(of: group.field) != nil {
                // Never answered, or always the same answer: one line for every case.
                constant = verdict.fieldTally.constantValue(of: group.field).map(summary)
                cover = [Cover(pattern: everyCase, cases: wanted.count, alsoAgreeing: 0)]
            } else {
                cover = patterns(ids: ids, parts: parsed, wanted: wanted, allowed: differing[group.field] ?? [], broader: true)
            }
            for item in cover {
                if let index = lines.firstIndex(where: { $0.pattern == item.pattern && $0.notImplemented == group.notImplemented
                                                         && ($0.constants.isEmpty == (constant == nil)) }) {
                    lines[index].fields.append(group.field)
                    lines[index].cases = max(lines[index].cases, item.cases)
                    lines[index].alsoAgreeing = min(lines[index].alsoAgreeing, item.alsoAgreeing)
                    if let constant { lines[index].constants[group.field] = constant }
                } else {
                    lines.append(Suggestion(pattern: item.pattern, fields: [group.field], notImplemented: group.notImplemented,
                                            cases: item.cases, reader: verdict.reader,
                                            constants: constant.map { [group.field: $0] } ?? [:], alsoAgreeing: item.alsoAgreeing))
                }
            }
        }
        return lines
    }

    /// A value as a suggested line's reason shows it.
    private static func summary(_ value: ViewValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .int(let number): return String(number)
        case .text(let text): return FieldDifference.quoted(text)
        case .error: return "an error"
        case .list(let elements): return "\(elements.count) entries"
        case .object: return "an object"
        case .omitted: return FieldDifference.notImplemented
        }
    }

    private static func rank(_ field: String) -> Int { FieldScope.viewFields.firstIndex(of: field) ?? FieldScope.viewFields.count }

    /// One chosen pattern: how many wanted cases it covers, and how many cases where the field
    /// does not deviate it also matches (0 but for a broader pattern).
    struct Cover: Equatable {
        var pattern: String
        var cases: Int
        var alsoAgreeing: Int
    }

    /// Greedy cover of `wanted` by patterns that match no case outside `allowed` — or, when
    /// `broader`, a pattern on `nearlyEvery` of whose cases the field differs.
    static func patterns(ids: [String], parts: [CaseIdParts], wanted: Set<String>, allowed: Set<String>, broader: Bool) -> [Cover] {
        var members: [String: [Int]] = [:]
        var forbidden: [String: Int] = [:]     // pattern → cases it matches where the field does not differ
        var excused: [String: Int] = [:]       // pattern → cases where it differs but is not wanted
        for (index, id) in ids.enumerated() {
            let candidates = parts[index].generalizations()
            if wanted.contains(id) {
                for pattern in candidates { members[pattern, default: []].append(index) }
            } else if !allowed.contains(id) {
                for pattern in candidates { forbidden[pattern, default: 0] += 1 }
            } else if broader {
                for pattern in candidates { excused[pattern, default: 0] += 1 }
            }
        }
        var candidates = members.filter { pattern, indices in
            guard let agreeing = forbidden[pattern] else { return true }
            guard broader, indices.count >= nearlyEveryMinimum else { return false }
            let differs = indices.count + (excused[pattern] ?? 0)
            return Double(differs) >= nearlyEvery * Double(differs + agreeing)
        }
        var covered = [Bool](repeating: false, count: ids.count)
        var remaining = wanted.count
        var chosen: [Cover] = []
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
            // Guard the grammar assumption: a chosen glob matches no case where the field agrees
            // but the ones its count allows (none for an exact pattern).
            let agreeing = ids.reduce(0) { count, id in
                wanted.contains(id) || allowed.contains(id) || !Glob.matches(pattern: Array(best.pattern.utf8), text: Array(id.utf8)) ? count : count + 1
            }
            guard agreeing == (forbidden[best.pattern] ?? 0) else { continue }
            for index in indices where !covered[index] { covered[index] = true; remaining -= 1 }
            chosen.append(Cover(pattern: best.pattern, cases: indices.count, alsoAgreeing: agreeing))
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
