// CoverageDriver: the gate's case stream through the Swift reader's public API only, for
// scripts/adequacy's coverage figures. The harness itself also uses WidgetSnapshot's JSON
// scanner (fixtures, mutations, case lines, golden views), so running `contract-harness
// check` instrumented would count the harness's own use as reader coverage. This driver
// reads case lines with Foundation's JSONSerialization instead, then does per case what
// the gate's Swift reader (HarnessReaders' SwiftReader) does through the public API: rows
// with the queued taps, meta, staleness, header in the case's zone. scripts/adequacy compiles it
// against the instrumented objects.
import Foundation
import WidgetSnapshot

/// The queued taps of a case line in order, as the gate passes them: a repeated id kept (a
/// dictionary would keep one tap per id and merge canonically equivalent ids), each id with
/// its exact code points. JSONSerialization has already accepted the line, so this walks it
/// without checks: the top-level members, then those of the last `pendingDoneTargets`.
func taps(in line: [UInt8]) -> [(taskId: String, isDone: Bool)] {
    var at = 0
    func skipSpace() { while at < line.count, [0x20, 0x09, 0x0A, 0x0D].contains(line[at]) { at += 1 } }
    func string() -> String {            // at a quote; steps past the closing one
        let start = at
        at += 1
        while line[at] != UInt8(ascii: "\"") { at += line[at] == UInt8(ascii: "\\") ? 2 : 1 }
        at += 1
        let text = Data(line[start..<at])
        return (try? JSONSerialization.jsonObject(with: text, options: .fragmentsAllowed)) as? String ?? ""
    }
    func skipValue() {
        var depth = 0
        repeat {
            switch line[at] {
            case UInt8(ascii: "\""): _ = string(); continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): if depth == 0 { return }
            default: break
            }
            at += 1
        } while at < line.count && depth > 0
        while at < line.count, depth == 0, ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(line[at]) { at += 1 }
    }
    func members(_ body: (String) -> Void) {   // at `{`; steps past its `}`
        at += 1
        skipSpace()
        while at < line.count, line[at] == UInt8(ascii: "\"") {
            let key = string()
            skipSpace()
            at += 1                      // `:`
            skipSpace()
            body(key)
            skipSpace()
            if at < line.count, line[at] == UInt8(ascii: ",") { at += 1; skipSpace() }
        }
        at += 1
    }
    var found: [(taskId: String, isDone: Bool)] = []
    skipSpace()
    members { key in
        guard key == "pendingDoneTargets", line[at] == UInt8(ascii: "{") else { return skipValue() }
        var queue: [(taskId: String, isDone: Bool)] = []
        members { id in
            queue.append((taskId: id, isDone: line[at] == UInt8(ascii: "t")))
            skipValue()
        }
        found = queue
    }
    return found
}

var cases = 0, rows = 0, errors = 0, stale = 0
while let line = readLine(strippingNewline: true) {
    guard !line.isEmpty,
          let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { continue }
    let blob: [UInt8]
    if let text = object["blob"] as? String {
        blob = Array(text.utf8)
    } else if let base64 = object["blobBase64"] as? String, let data = Data(base64Encoded: base64) {
        blob = Array(data)
    } else {
        continue
    }
    let pending = object["pendingDoneTargets"] is [String: Any] ? taps(in: Array(line.utf8)) : []
    let nowMs = (object["nowMs"] as? NSNumber)?.int64Value ?? 0
    let zone = (object["timeZone"] as? String).flatMap { TimeZone(identifier: $0) }
    cases += 1
    do {
        rows += try WidgetData.parse(blob, pendingDoneTargets: PendingTargets(pending)).count
    } catch {
        errors += 1
    }
    let meta = WidgetData.parseMeta(blob)
    if WidgetData.isSnapshotStale(meta, nowMs: nowMs) { stale += 1 }
    if let zone { _ = WidgetData.headerFor(meta, nowMs: nowMs, timeZone: zone) }
}
FileHandle.standardError.write(Data("coverage driver: \(cases) cases, \(rows) rows, \(errors) parse errors, \(stale) stale\n".utf8))
