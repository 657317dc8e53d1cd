import ContractModel
import HarnessCorpus

/// Why the gate re-scans tzdata: `golden/zones/transitions.json` decides which zone-days the
/// gate runs, so a hand edit that drops an awkward day (and an `update` after it) would pass
/// with that day never tested. Where this machine's tzdata is the version the file names, the
/// file must be exactly what `contract-harness zones --write` picks; elsewhere it cannot be
/// checked here (the unit tests and `zones` say so on a machine that has that version).
enum ZoneDimensionCheck {
    /// The problem to report, or nil when the file is what this tzdata picks or cannot be
    /// checked on this machine (another tzdata version, no readable tzdata).
    static func problem(_ file: ZoneDayFile, scan: () throws -> ZoneScan = { try ZoneScan.run() }) -> String? {
        guard let scan = try? scan(), scan.tzdataVersion == file.tzdataVersion else { return nil }
        let picked = ZoneDayFile(scan)
        guard picked != file else { return nil }
        func key(_ t: ZoneTransition) -> String { "\(t.zoneClass.rawValue) \(t.zone) \(t.day)" }
        let have = Set(file.transitions.map(key))
        let want = Set(picked.transitions.map(key))
        var what: [String] = []
        let missing = picked.transitions.map(key).filter { !have.contains($0) }
        let extra = file.transitions.map(key).filter { !want.contains($0) }
        if let first = missing.first { what.append("\(missing.count) picked transitions missing (first: \(first))") }
        if let first = extra.first { what.append("\(extra.count) not picked by the scan (first: \(first))") }
        if what.isEmpty { what.append("the class counts or transition details differ") }
        return "\(ZoneDayFile.path) is not what this machine's tzdata \(scan.tzdataVersion) picks: "
            + what.joined(separator: "; ")
            + ". It is written only by `contract-harness zones --write` (never by hand): run it, then `contract-harness update` and `scripts/record-kotlin`"
    }
}
