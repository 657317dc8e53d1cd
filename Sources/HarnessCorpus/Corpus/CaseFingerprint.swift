import ContractModel

/// What a golden line was produced from, as 16 hex digits: SHA-256 over the case's blob
/// bytes, queued taps (in order), instant, zone, tap times and selected project — everything
/// a reader sees except the id, which names the line already. `check` compares it with the case the corpus generates now,
/// so an edited fixture or operator reads as "stale golden output", never as a reader's
/// deviation.
///
/// The input is length-prefixed, so no two cases share it:
/// `widget-case/1\n` `blob <n>\n<bytes>\n` `taps <k>\n` (`<n>\n<id bytes><0|1>\n` per tap)
/// `now <nowMs>\n` `zone <n>\n<zone bytes>\n`, then (revision 2) only when the case has them,
/// so that every older case keeps its fingerprint: `stamps <k>\n` (`<n>\n<id bytes><ms>\n`
/// per tap time) and `project <n>\n<id bytes>\n`; then (the display question) `capacity <n>\n` only
/// when it is not 20; then `locale <n>\n<tag bytes>\n` only when the case names a device locale.
package enum CaseFingerprint {
    /// Hex digits kept: 64 bits, plenty to tell one case's versions apart.
    package static let length = 16

    package static func of(_ testCase: Case) -> String {
        var input: [UInt8] = Array("widget-case/1\n".utf8)
        func field(_ name: String, _ bytes: [UInt8]) {
            input += Array("\(name) \(bytes.count)\n".utf8)
            input += bytes
            input.append(UInt8(ascii: "\n"))
        }
        field("blob", testCase.blob)
        input += Array("taps \(testCase.pendingDoneTargets.count)\n".utf8)
        for target in testCase.pendingDoneTargets {
            input += Array("\(target.taskId.utf8.count)\n".utf8)
            input += target.taskId.utf8
            input += Array((target.isDone ? "1\n" : "0\n").utf8)
        }
        input += Array("now \(testCase.nowMs)\n".utf8)
        field("zone", Array(testCase.timeZone.utf8))
        if !testCase.pendingDoneTimestamps.isEmpty {
            input += Array("stamps \(testCase.pendingDoneTimestamps.count)\n".utf8)
            for stamp in testCase.pendingDoneTimestamps {
                input += Array("\(stamp.taskId.utf8.count)\n".utf8)
                input += stamp.taskId.utf8
                input += Array("\(stamp.ms)\n".utf8)
            }
        }
        if let selected = testCase.selectedProjectId { field("project", selected.utf8) }
        if testCase.capacity != Case.androidCapacity { input += Array("capacity \(testCase.capacity)\n".utf8) }
        if let device = testCase.deviceLocale { field("locale", Array(device.tag.utf8)) }
        return SHA256.hex(input, digits: length)
    }
}
