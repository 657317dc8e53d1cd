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

    Picks the zone-day transitions from this machine's tzdata (every zone's offset changes of
    1970-2037, sorted into classes by how they touch local midnight) and compares them with
    golden/zones/transitions.json; exit 1 when the file differs (edited by hand, or picked from
    another tzdata). The gate's zone-day cases are built from the file, so they are the same on
    every machine. Guide: docs/gate.md; the classes: CONTRACT.md §4.

    OPTIONS:
      --root DIR        the tree that holds golden/ (default: .)
      --write           rewrite the file (atomically); then `golden refresh` and review the diff
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
        let (line, isCurrent) = ZoneFileStatus.of(bytes, picked: text, scan: scan).said(tzdata: scan.tzdataVersion)
        print(line)
        return isCurrent ? ExitCode.passed : ExitCode.contractFailure
    }
}
