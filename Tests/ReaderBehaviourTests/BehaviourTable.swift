import ContractModel
import Foundation
import WidgetSnapshot
import TestSupport

/// The shared behaviour table (`Tests/Behaviour/table.jsonl`): one case per line, with the
/// view every reader must produce under `expect`. The same file feeds the C testee under
/// valgrind (`scripts/c-memcheck`), which ignores `expect`.
struct BehaviourRow {
    var testCase: Case
    var expected: DecodedView
}

enum BehaviourTable {
    static let url = TestRepository.url("Tests/Behaviour/table.jsonl")

    static func load() throws -> [BehaviourRow] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").enumerated().map { number, line in
            // Repeated keys kept, as case lines are read: a row may queue one id twice.
            let value = try JSONParser(keepsRepeatedKeys: true).parse(String(line))
            guard case .object(let object) = value else { throw TableError("line \(number + 1): not an object") }
            return try row(object, line: number + 1)
        }
    }

    private static func row(_ object: JSONObject, line: Int) throws -> BehaviourRow {
        func require<T>(_ value: T?, _ field: String) throws -> T {
            guard let value else { throw TableError("line \(line): field \(field)") }
            return value
        }
        let id = try require(object["id"]?.stringValue?.string, "id")
        let blob: [UInt8]
        if let text = object["blob"]?.stringValue {
            blob = text.utf8
        } else {
            let encoded = try require(object["blobBase64"]?.stringValue?.string, "blobBase64")
            blob = Array(try require(Data(base64Encoded: encoded), "blobBase64"))
        }
        var pending: [Case.PendingTarget] = []
        for member in object["pendingDoneTargets"]?.objectValue?.members ?? [] {
            guard case .bool(let flag) = member.value else { throw TableError("line \(line): pendingDoneTargets") }
            pending.append(Case.PendingTarget(taskId: member.key, isDone: flag))
        }
        guard case .integer(let nowMs)? = object["nowMs"] else { throw TableError("line \(line): nowMs") }
        let zone = try require(object["timeZone"]?.stringValue?.string, "timeZone")
        let expect = try require(object["expect"]?.objectValue, "expect")

        let parseObject = try require(expect["parse"]?.objectValue, "expect.parse")
        let parse: DecodedView.Parse
        if let tasks = parseObject["tasks"]?.arrayValue {
            parse = .tasks(try tasks.map { element in
                let task = try require(element.objectValue, "expect.parse.tasks[]")
                guard case .bool(let isDone)? = task["isDone"] else { throw TableError("line \(line): isDone") }
                return WidgetTaskRow(
                    id: try require(task["id"]?.stringValue?.string, "row id"),
                    title: try require(task["title"]?.stringValue?.string, "row title"),
                    isDone: isDone,
                    projectColor: task["projectColor"]?.stringValue?.string)
            })
        } else {
            parse = .error(try require(parseObject["error"]?.stringValue?.string, "expect.parse.error"))
        }
        let meta = try require(expect["meta"]?.objectValue, "expect.meta")
        var validUntil: Int64?
        if case .integer(let number)? = meta["validUntil"] { validUntil = number }
        guard case .bool(let stale)? = expect["stale"] else { throw TableError("line \(line): stale") }
        let headerObject = try require(expect["header"]?.objectValue, "expect.header")
        let header: WidgetHeader
        if headerObject["kind"]?.stringValue == "today" {
            header = .today
        } else {
            var dayMs: Int64?
            if case .integer(let number)? = headerObject["dayMs"] { dayMs = number }
            header = .outdated(dayMs: dayMs)
        }
        return BehaviourRow(
            testCase: Case(id: id, blob: blob, pendingDoneTargets: pending, nowMs: nowMs, timeZone: zone),
            expected: DecodedView(id: id, parse: parse,
                                  meta: SnapshotMeta(dayStr: meta["dayStr"]?.stringValue?.string, validUntil: validUntil),
                                  stale: stale, header: header))
    }

    struct TableError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = "Tests/Behaviour/table.jsonl " + description }
    }
}
