import ContractModel
import Foundation
import HarnessCorpus

/// `contract-harness golden zones`: the zone dimension picked from the machine's tzdata, compared
/// with (or written to) golden/zones/transitions.json.
enum ZonesCommand: Subcommand {
    static let name = "zones"
    static let summary = "pick the zone-day transitions from tzdata; --write regenerates golden/zones/transitions.json"
    static let help = """
    USAGE: contract-harness golden zones [--root DIR] [--write]

    Scans every zone in /usr/share/zoneinfo (tzdata.zi names them and the tzdata version)
    for the offset changes of 1970-2037, through the C reference's TZif reader, and sorts
    them into classes by how they touch local midnight: day-skipped, midnight-skipped,
    midnight-repeated, non-hour-offset (:30/:45), negative-dst, date-line-east/-west
    (the offset moves 12 h or more). It picks every whole-day skip and, for every other class,
    every zone when it has at most 5, else 3 zones evenly spaced through the sorted names
    (first, middle, last), each with its latest transition of that class. The gate's
    zone-day cases (`zones/zone.<class>#<day>.<prev|day|next>@<zone>@<before|at>`) are built
    from the golden file, not from the machine, so they are the same everywhere.

    Without --write: prints the classes and exits 1 when the golden file differs from what
    this machine's tzdata picks (0 when it is current), saying so when it was edited by hand
    (its seal, which --write computes, does not match) or picked from another tzdata. With --write: rewrites the file
    atomically; review `git diff golden/zones`, then `update` and `scripts/record-kotlin`.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let write = arguments.flag("--write")
        try arguments.finish()
        // Not the repository is bad usage, not a file that "differs" (nor a folder to create).
        var isFolder: ObjCBool = false
        let golden = paths.root.appendingPathComponent("golden").path
        guard FileManager.default.fileExists(atPath: golden, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--root \(paths.root.path): no golden/ folder there (give --root the repository's top folder)")
        }
        let scan = try ZoneScan.run()
        let text = ZoneDayFile(scan).render()
        print("tzdata \(scan.tzdataVersion): \(scan.zoneCount) zones, transitions 1970-2037 by class (zones / transitions / picked):")
        for count in scan.counts {
            let picked = scan.picked.filter { $0.zoneClass == count.zoneClass }
            print("  " + count.zoneClass.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
                  + "\(count.zones) / \(count.transitions) / \(picked.count): "
                  + picked.map { "\($0.zone) \($0.day)" }.joined(separator: ", "))
        }
        let url = paths.root.appendingPathComponent(ZoneDayFile.path)
        let bytes = try ZoneDayFile.bytes(root: paths.root.path)
        let current = bytes.map { String(decoding: $0, as: UTF8.self) }
        if write {
            if current == text {
                print("\(ZoneDayFile.path) is up to date")
            } else {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(text, to: url, within: paths.tree)
                print("wrote \(ZoneDayFile.path); review with: git diff -- golden/zones")
            }
            return ExitCode.passed
        }
        if current == text {
            print("\(ZoneDayFile.path) is current")
            return ExitCode.passed
        }
        if let bytes, let file = try? ZoneDayFile.parse(bytes) {
            if file.seal != .intact {
                print("\(ZoneDayFile.path) was edited by hand (its seal \(file.seal == .missing ? "is missing" : "does not match its content")): it is written only by `contract-harness golden zones --write`")
            } else if file.tzdataVersion != scan.tzdataVersion {
                print("\(ZoneDayFile.path) was picked from tzdata \(UntrustedText.escape(file.tzdataVersion)), this machine has \(scan.tzdataVersion): the comparison cannot run here")
            }
        }
        print("\(ZoneDayFile.path) differs from what tzdata \(scan.tzdataVersion) picks: run `contract-harness golden zones --write`")
        return ExitCode.contractFailure
    }
}
