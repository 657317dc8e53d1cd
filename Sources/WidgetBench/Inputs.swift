import HarnessCorpus
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot

/// The inputs of the throughput table and of the memory runs.
enum Inputs {
    /// Every single-blob row runs at the canonical fixture's `after` instant in Berlin: the
    /// snapshot is stale there, so the header's day computation is part of the work.
    static let nowMs: Int64 = 1_784_329_200_000
    static let zone = "Europe/Berlin"

    struct Row {
        var key: String
        var label: String
        var prepared: PreparedCases
    }

    /// (a) canonical, (b) many-tasks, (c) 500 generated tasks, (d) the whole case stream.
    static func rows(_ corpus: Corpus) throws -> [Row] {
        func corpusCase(_ id: String) throws -> Case {
            guard let found = corpus.cases.first(where: { $0.id == id }) else {
                throw BenchError("the corpus has no case \(id)")
            }
            return found
        }
        let canonical = try corpusCase("canonical/base@berlin@after")
        let many = try corpusCase("many-tasks/base@berlin@after")
        let generated = Case(id: "bench/500-tasks@berlin@after", blob: tasksBlob(count: 500), nowMs: nowMs, timeZone: zone)
        return [
            Row(key: "a", label: "(a) canonical, 3 tasks", prepared: PreparedCases([canonical])),
            Row(key: "b", label: "(b) many-tasks, \(taskCount(many)) tasks", prepared: PreparedCases([many])),
            Row(key: "c", label: "(c) 500 tasks", prepared: PreparedCases([generated])),
            Row(key: "d", label: "(d) case stream, \(corpus.cases.count) cases", prepared: PreparedCases(corpus.cases)),
        ]
    }

    static func taskCount(_ item: Case) -> Int {
        guard case .tasks(let rows) = SwiftReader().decode(item).parse else { return 0 }
        return rows.count
    }

    /// A writer-shaped blob (`JSON.stringify` text) of `count` tasks, ~200 bytes each:
    /// every fifth task without a project, every third done, 20 projects (p19 uncoloured),
    /// an accented title now and then.
    static func tasksBlob(count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 205 + 1024)
        out.append(contentsOf: #"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":["#.utf8)
        let filler = "Prepare the quarterly review notes, book the meeting room and send the agenda to everyone on the team beforehand"
        for number in 1...count {
            if number > 1 { out.append(UInt8(ascii: ",")) }
            let id = "t" + String(number).leftPadded(to: 6)
            let accent = number % 7 == 0 ? " — café" : ""
            out.append(contentsOf: #"{"id":"\#(id)","title":"Task \#(number): \#(filler)\#(accent)","isDone":\#(number % 3 == 0)"#.utf8)
            if number % 5 != 0 {
                out.append(contentsOf: #","projectId":"p\#(String(number % 20).leftPadded(to: 2))""#.utf8)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"projectColors":{"#.utf8)
        for project in 0..<19 {
            if project > 0 { out.append(UInt8(ascii: ",")) }
            let red = String(project * 13 % 256, radix: 16).leftPadded(to: 2)
            out.append(contentsOf: ##""p\##(String(project).leftPadded(to: 2))":"#\##(red)80c0""##.utf8)
        }
        out.append(contentsOf: "}}".utf8)
        return out
    }

    /// One task whose title is `bytes` long (ASCII).
    static func longTitleBlob(bytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 200)
        out.append(contentsOf: #"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":""#.utf8)
        let unit = Array("0123456789abcdef".utf8)
        for index in 0..<bytes { out.append(unit[index & 15]) }
        out.append(contentsOf: ##"","isDone":false,"projectId":"p1"}],"projectColors":{"p1":"#ff0000"}}"##.utf8)
        return out
    }

    /// Enough ~200-byte tasks to make a blob of about `bytes`.
    static func manyTasksBlob(bytes: Int) -> [UInt8] { tasksBlob(count: Swift.max(1, bytes / 205)) }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
