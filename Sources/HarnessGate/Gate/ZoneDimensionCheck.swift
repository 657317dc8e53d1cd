import ContractModel
import HarnessCorpus

/// Why the gate checks `golden/zones/transitions.json`: it decides which zone-days the gate
/// runs, so a hand edit that drops an awkward day (and an `update` after it) would pass with
/// that day never tested. The file's seal shows a hand edit on every machine; where this
/// machine's tzdata is the version the file names, the file must also be exactly what
/// `contract-harness golden zones --write` picks. Elsewhere that comparison cannot run, and the gate
/// says so in every report (a notice, not a failure: the zone cases still run from the file).
enum ZoneDimensionCheck {
    /// What the check found: problems fail the gate; a notice says what could not be checked.
    struct Finding: Equatable {
        var problems: [String] = []
        var notice: String?
    }

    static let rewrite = "It is written only by `contract-harness golden zones --write` (never by hand): run it, then `contract-harness golden update` and `scripts/record-kotlin`"

    static func assess(_ file: ZoneDayFile, scan: () throws -> ZoneScan = { try ZoneScan.run() }) -> Finding {
        var finding = Finding()
        switch file.seal {
        case .intact: break
        case .missing:
            finding.problems.append("\(ZoneDayFile.path) has no seal: it was edited by hand or written by an older harness. \(rewrite)")
        case .broken:
            finding.problems.append("\(ZoneDayFile.path) was edited by hand: its seal does not match its content (a transition, a count or the tzdata version changed). \(rewrite)")
        }
        let machine: ZoneScan
        do {
            machine = try scan()
        } catch {
            finding.notice = "the tzdata comparison of \(ZoneDayFile.path) cannot run here: no readable tzdata (\(error)); its zone cases still run from the file"
            return finding
        }
        guard machine.tzdataVersion == file.tzdataVersion else {
            finding.notice = "the tzdata comparison of \(ZoneDayFile.path) cannot run here: the file was picked from tzdata \(UntrustedText.escape(file.tzdataVersion)), this machine has \(machine.tzdataVersion); its zone cases still run from the file"
            return finding
        }
        if let problem = difference(file, machine) { finding.problems.append(problem) }
        return finding
    }

    /// The problem to report when the file is not what this tzdata picks, or nil.
    private static func difference(_ file: ZoneDayFile, _ scan: ZoneScan) -> String? {
        let picked = ZoneDayFile(scan)
        guard picked != file else { return nil }
        func key(_ t: ZoneTransition) -> String { "\(t.zoneClass.rawValue) \(UntrustedText.escape(t.zone)) \(t.day)" }
        let have = Set(file.transitions.map(key))
        let want = Set(picked.transitions.map(key))
        var what: [String] = []
        let missing = picked.transitions.map(key).filter { !have.contains($0) }
        let extra = file.transitions.map(key).filter { !want.contains($0) }
        if let first = missing.first { what.append("\(missing.count) picked transitions missing (first: \(first))") }
        if let first = extra.first { what.append("\(extra.count) not picked by the scan (first: \(first))") }
        if what.isEmpty { what.append("the class counts or transition details differ") }
        return "\(ZoneDayFile.path) is not what this machine's tzdata \(scan.tzdataVersion) picks: "
            + what.joined(separator: "; ") + ". " + rewrite
    }
}
