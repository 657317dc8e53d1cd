// CoverageDriver: the gate's case stream through the Swift reader's public API only, for
// scripts/adequacy's coverage figures. The harness itself also uses WidgetSnapshot's JSON
// scanner (fixtures, mutations, case lines, golden views), so running `contract-harness
// check` instrumented would count the harness's own use as reader coverage. This driver
// reads case lines with Foundation's JSONSerialization instead, then does per case what
// the gate's Swift reader (ContractHarness's SwiftReader) does through the public API: rows
// with the queued taps, meta, staleness, header in the case's zone. scripts/adequacy compiles it
// against the instrumented objects.
import Foundation
import WidgetSnapshot

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
    var pending: [String: Bool] = [:]
    if let targets = object["pendingDoneTargets"] as? [String: Any] {
        for (id, value) in targets { if let flag = value as? Bool { pending[id] = flag } }
    }
    let nowMs = (object["nowMs"] as? NSNumber)?.int64Value ?? 0
    let zone = (object["timeZone"] as? String).flatMap { TimeZone(identifier: $0) }
    cases += 1
    do {
        rows += try WidgetData.parse(blob, pendingDoneTargets: PendingTargets(pending.map { (taskId: $0.key, isDone: $0.value) })).count
    } catch {
        errors += 1
    }
    let meta = WidgetData.parseMeta(blob)
    if WidgetData.isSnapshotStale(meta, nowMs: nowMs) { stale += 1 }
    if let zone { _ = WidgetData.headerFor(meta, nowMs: nowMs, timeZone: zone) }
}
FileHandle.standardError.write(Data("coverage driver: \(cases) cases, \(rows) rows, \(errors) parse errors, \(stale) stale\n".utf8))
