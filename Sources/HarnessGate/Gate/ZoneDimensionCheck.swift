import ContractModel
import HarnessCorpus

/// Why the gate checks `golden/zones/transitions.json`: it decides which zone-days the gate
/// runs, so a hand edit that drops an awkward day (and an `update` after it) would pass with
/// that day never tested. The file's seal shows a hand edit on every machine; where this
/// machine's tzdata is the version the file names, the file must also be exactly what
/// `contract-harness golden zones --write` picks. Elsewhere that comparison cannot run, and the gate
/// says so in every report (a notice, not a failure: the zone cases still run from the file).
///
/// A file that claims another tzdata than this machine's is weighed by who runs the gate
/// (`ForeignTzdata`): on a contributor's machine a notice; in CI a failure, unless the run names
/// the machine that does check it — otherwise a pull request could switch the zone comparison
/// off by claiming a version no CI machine has.
enum ZoneDimensionCheck {
    /// What the check found: problems fail the gate; a notice says what could not be checked.
    struct Finding: Equatable {
        var problems: [String] = []
        var notice: String?
    }

    static let rewrite = "It is written only by `contract-harness golden zones --write` (never by hand): run it, then `contract-harness golden update` and `scripts/record-kotlin`"

    static func assess(_ file: ZoneDayFile, scan: () throws -> ZoneScan = { try ZoneScan.run() },
                       foreign: ForeignTzdata = .notice) -> Finding {
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
            return notChecked(file, here: "no readable tzdata (\(error))", foreign: foreign, into: finding)
        }
        guard machine.tzdataVersion == file.tzdataVersion else {
            return notChecked(file, here: "this machine has \(UntrustedText.escape(machine.tzdataVersion))", foreign: foreign, into: finding)
        }
        if let problem = difference(file, machine) { finding.problems.append(problem) }
        return finding
    }

    /// The file's claim cannot be checked here (`here` says why): a notice, or in CI a problem
    /// unless the run names the machine that checks it.
    private static func notChecked(_ file: ZoneDayFile, here: String, foreign: ForeignTzdata, into finding: Finding) -> Finding {
        var finding = finding
        let claim = "the file was picked from tzdata \(UntrustedText.escape(file.tzdataVersion)), \(here)"
        switch foreign {
        case .notice:
            finding.notice = "the tzdata comparison of \(ZoneDayFile.path) cannot run here: \(claim); its zone cases still run from the file"
        case .checkedOn(let machine):
            finding.notice = "the tzdata comparison of \(ZoneDayFile.path) cannot run here (\(claim)): it is checked on \(UntrustedText.escape(machine)) (--zones-checked-on); its zone cases still run from the file"
        case .failInCI:
            finding.problems.append("\(ZoneDayFile.path) claims tzdata \(UntrustedText.escape(file.tzdataVersion)), and the tzdata comparison cannot run here (\(here)): "
                                    + "in CI a claim no machine checks would let a pull request switch the zone comparison off. Run the gate on a machine with tzdata "
                                    + "\(UntrustedText.escape(file.tzdataVersion)), or name the machine or job that checks it with `--zones-checked-on NAME` "
                                    + "(and have that run check it); if this machine's tzdata is the one meant, rewrite the file with `contract-harness golden zones --write`")
        }
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

/// What the gate makes of a zone file whose tzdata it cannot compare (another version than this
/// machine's, or none here): a contributor is told (`notice`); CI fails (`failInCI`, when the
/// environment's `CI` is set), unless the run names the machine that checks it (`checkedOn`).
package enum ForeignTzdata: Sendable, Equatable {
    case notice
    case failInCI
    case checkedOn(String)
}
