import ContractModel
import HarnessCorpus
import Foundation
import WidgetSnapshot

/// The tap's round trip on the snapshot corpus (CONTRACT.md §10.8): for every case that carries
/// taps, what the widget paints with them overlaid (`WidgetData.display` of the case) must be
/// what it paints after the app drained them and wrote the next snapshot — at the same instant,
/// with nothing queued. The app is the blob's: its tasks are the rows of `tasks` and of every
/// project's `tasks` (ids and done states as the readers read them); the widget's store hands
/// the taps over as the contract's writer does (last target per task, the time of each done
/// tap); a drain end decides the changes; the next snapshot is the blob with each changed task's
/// rows rewritten as the writer writes a row (`isDone`, and `doneOn` the change's time, or the
/// drain's instant, the case's `nowMs`). Each tapped task the app has must end in its last
/// target (else data loss).
package enum QueueRoundTrip {
    /// A case ready for the drain: its request and what the judge needs after.
    package struct Prepared: Sendable {
        package var testCase: Case
        package var request: DrainRequest
        package var blob: JSONValue?
        package var entities: [JSONString: Bool]
        package var lastTargets: [(id: JSONString, target: Bool)]
    }

    /// The cases with taps, each prepared; those no app and widget make are set apart with why
    /// (a task id twice with two done states, a tap time no clock gives).
    package static func prepare(_ cases: [Case]) -> (prepared: [Prepared], notAppStates: [(caseId: String, why: String)]) {
        var prepared: [Prepared] = []
        var notAppStates: [(caseId: String, why: String)] = []
        for testCase in cases where !testCase.pendingDoneTargets.isEmpty {
            let blob = try? JSONParser().parse(testCase.blob)
            var entities: [JSONString: Bool] = [:]
            var order: [JSONString] = []
            var contradiction: JSONString?
            for row in rows(of: blob) {
                guard let id = row.id else { continue }
                if let known = entities[id] {
                    if known != row.isDone { contradiction = contradiction ?? id }
                } else {
                    entities[id] = row.isDone
                    order.append(id)
                }
            }
            if let contradiction {
                notAppStates.append((testCase.id, "the blob has task \(QueueShown.text(contradiction)) done and not done: no app state writes it"))
                continue
            }
            // A widget's clock gives tap times after 1970 that JSON.parse reads exactly (up to 2⁵³).
            if let odd = testCase.pendingDoneTimestamps.first(where: { $0.ms <= 0 || $0.ms > 9_007_199_254_740_991 }) {
                notAppStates.append((testCase.id, "the tap time \(odd.ms) of \(QueueShown.text(odd.taskId)) is no time a widget's clock gives (at most 0, or beyond 2^53, which the app's JSON.parse cannot read exactly)"))
                continue
            }
            var targets = JSONObject()
            var lastTarget: [JSONString: Bool] = [:]
            var targetOrder: [JSONString] = []
            for tap in testCase.pendingDoneTargets {
                targets[tap.taskId] = .bool(tap.isDone)
                if lastTarget[tap.taskId] == nil { targetOrder.append(tap.taskId) }
                lastTarget[tap.taskId] = tap.isDone
            }
            var times = JSONObject()
            for stamp in testCase.pendingDoneTimestamps where lastTarget[stamp.taskId] == true {
                times[stamp.taskId] = .integer(stamp.ms)
            }
            let request = DrainRequest(id: testCase.id, queue: JSONString(utf8: JSONWriter.compact(.object(targets))),
                                       times: times.isEmpty ? nil : JSONString(utf8: JSONWriter.compact(.object(times))),
                                       tasks: order.map { DrainTask($0, isDone: entities[$0] ?? false) })
            prepared.append(Prepared(testCase: testCase, request: request, blob: blob, entities: entities,
                                     lastTargets: targetOrder.map { ($0, lastTarget[$0] ?? false) }))
        }
        return (prepared, notAppStates)
    }

    /// The findings of one case, given the drain's answer.
    package static func judge(_ item: Prepared, answer: Result<DrainAnswer, QueueCrash>) -> [QueueFinding] {
        let id = item.testCase.id
        let changes: [DrainChange]
        switch answer {
        case .failure(let crash): return [QueueFinding(id, .crash, crash.text)]
        case .success(let value): changes = value.changes
        }
        var findings: [QueueFinding] = []
        var after = item.entities
        for change in changes {
            guard after[change.id] != nil else {
                findings.append(QueueFinding(id, .drain, "marks \(QueueShown.text(change.id)) \(QueueShown.target(change.isDone)), which the snapshot's app does not have"))
                continue
            }
            after[change.id] = change.isDone
        }
        for tap in item.lastTargets where item.entities[tap.id] != nil && after[tap.id] != tap.target {
            findings.append(QueueFinding(id, .dataLoss, "the tap on \(QueueShown.text(tap.id)) (\(QueueShown.target(tap.target))) is not applied: the app has it \(QueueShown.target(after[tap.id] ?? false))"))
        }
        guard !changes.isEmpty || !findings.isEmpty, let blob = item.blob else { return findings }
        let next = JSONWriter.compact(rewrite(blob, changes: changes, nowMs: item.testCase.nowMs), dialect: .javaDoubles)
        let testCase = item.testCase
        let zone = TimeZone(identifier: testCase.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        let before = WidgetData.display(testCase.blob, pendingDoneTargets: PendingTargets(testCase.pendingDoneTargets.map { ($0.taskId, $0.isDone) }),
                                        pendingDoneTimestamps: PendingTimestamps(testCase.pendingDoneTimestamps.map { ($0.taskId, $0.ms) }),
                                        selectedProjectId: testCase.selectedProjectId?.string, nowMs: testCase.nowMs, timeZone: zone,
                                        capacity: testCase.capacity)
        let painted = WidgetData.display(next, selectedProjectId: testCase.selectedProjectId?.string, nowMs: testCase.nowMs,
                                         timeZone: zone, capacity: testCase.capacity)
        if let difference = difference(before, painted) {
            findings.append(QueueFinding(id, .roundTrip, "with the taps overlaid the widget paints \(difference.before); after the drain and the next snapshot it paints \(difference.after)"))
        }
        return findings
    }

    /// The first thing the two paintings differ in, said both ways.
    static func difference(_ before: WidgetDisplay, _ after: WidgetDisplay) -> (before: String, after: String)? {
        guard before != after else { return nil }
        for (index, pair) in zip(before.rows, after.rows).enumerated() where pair.0 != pair.1 {
            return ("row \(index) as \(row(pair.0))", "it as \(row(pair.1))")
        }
        if before.rows.count != after.rows.count {
            let show = { (rows: [WidgetDisplayRow]) in "\(rows.count) rows (\(rows.map { QueueShown.text(JSONString($0.id), limit: 20) }.joined(separator: ", ")))" }
            return (show(before.rows), show(after.rows))
        }
        if before.moreCount != after.moreCount { return ("\(before.moreCount) more", "\(after.moreCount) more") }
        return ("the header \(before.header)", "\(after.header)")
    }

    private static func row(_ row: WidgetDisplayRow) -> String {
        "\(QueueShown.text(JSONString(row.id), limit: 30)) \(row.isDone ? "done" : "undone")"
    }

    /// Each row of the blob (Today's, then every project's), with its id and done state as the
    /// readers read them; a row without an id has none.
    static func rows(of blob: JSONValue?) -> [(id: JSONString?, isDone: Bool)] {
        guard case .object(let top)? = blob else { return [] }
        var out: [(id: JSONString?, isDone: Bool)] = []
        func read(_ list: JSONValue?) {
            guard case .array(let rows)? = list else { return }
            for case .object(let row) in rows {
                out.append((row["id"].map(OrgJSONCoercion.textBytes), row["isDone"].flatMap(OrgJSONCoercion.bool) ?? false))
            }
        }
        read(top["tasks"])
        if case .array(let projects)? = top["projects"] {
            for case .object(let project) in projects { read(project["tasks"]) }
        }
        return out
    }

    /// The blob with each changed task's rows as the writer writes them after the change.
    static func rewrite(_ blob: JSONValue, changes: [DrainChange], nowMs: Int64) -> JSONValue {
        guard case .object(var top) = blob else { return blob }
        let byID = Dictionary(changes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        func edited(_ list: JSONValue?) -> JSONValue? {
            guard case .array(let rows)? = list else { return list }
            return .array(rows.map { value in
                guard case .object(var row) = value, let id = row["id"].map(OrgJSONCoercion.textBytes), let change = byID[id] else { return value }
                row["isDone"] = .bool(change.isDone)
                row["doneOn"] = change.isDone ? .integer(change.doneOn ?? nowMs) : nil
                return .object(row)
            })
        }
        top["tasks"] = edited(top["tasks"])
        if case .array(let projects)? = top["projects"] {
            top["projects"] = .array(projects.map { value in
                guard case .object(var project) = value, project["tasks"] != nil else { return value }
                project["tasks"] = edited(project["tasks"])
                return .object(project)
            })
        }
        return .object(top)
    }
}
