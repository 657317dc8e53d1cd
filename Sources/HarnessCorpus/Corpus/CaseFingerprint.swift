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
    package static let length = GoldenProvenance.fingerprintLength

    package static func of(_ testCase: Case) -> String {
        SHA256.hex(GoldenProvenance.fingerprintInput(of: testCase), digits: length)
    }
}
