/// The size limits on what a tree or a case stream hands the harness (docs/threat-model.md;
/// what the harness makes and holds from them is `MadeLimits`, beside this):
/// far above anything the app writes (thousands of tasks, titles of kilobytes) and the
/// harness generates (its largest case, `size.many-tasks`, is a 0.6 MB blob), low enough that
/// a pull request cannot make the gate take minutes and gigabytes. Going over one is bad
/// input (exit 2) naming the file; a case line over the blob limit is a bad case.
package enum InputLimits {
    /// A case's blob (a case line's `blob` / `blobBase64`): 2 MiB, three times the largest
    /// generated case.
    package static let blobBytes = 2 << 20
    /// One fixture file (`golden/fixtures/*.json`): 256 KiB — today's are under 4 KB, and an
    /// app snapshot of 2 000 tasks with 100-byte titles is about 200 KB. Every fixture becomes
    /// up to ~3 300 cases that all carry its blob, so this bounds the gate's memory and the
    /// golden files (README, "Limits", has the measured figures).
    package static let fixtureFileBytes = 256 << 10
    /// One divergence list (`golden/divergences/*.txt`): 1 MiB and 10 000 entries — more
    /// entries than the corpus has cases per reader would excuse (~6 000), and today's lists
    /// hold under 50.
    package static let listFileBytes = 1 << 20
    package static let listEntries = 10_000
    /// A case id: 256 bytes (the longest generated one is under 80).
    package static let caseIdBytes = 256
    /// A case's `capacity` (the rows the widget shows, CONTRACT.md §9.1): 1 000 — no widget
    /// holds more than a screen of rows, and a capacity beyond the blob's rows changes nothing.
    package static let capacityRows = 1_000
    /// One golden view file (`golden/expected/*.jsonl`, `golden/kotlin/*.jsonl`): 64 MiB —
    /// today's largest is 2 MB, and with long texts kept as digests (CONTRACT §6) a file grows
    /// with its fixture's cases, not with blob bytes × cases.
    package static let goldenViewFileBytes = 64 << 20
    /// One saved fuzz finding (`golden/findings/*.json`): 16 MiB, room for a blob at the blob
    /// limit written with every byte escaped.
    package static let findingFileBytes = 16 << 20
    /// One case line (a testee's or `decode`'s stdin, a case stream file): 16 MiB, room for a
    /// blob at the blob limit written with every byte escaped. A longer line is kept only up
    /// to here while it is read, and answered by a crash line.
    package static let caseLineBytes = 16 << 20

    /// A schema file of the tree (`schemas/contract.json`, `schemas/decoded-view.fields.schema.json`):
    /// 1 MiB — today's are under 10 KB.
    package static let schemaFileBytes = 1 << 20

    /// A source file the harness hashes into a recording's provenance (`scripts/kotlin/*.kt`):
    /// 1 MiB — the Kotlin end's are under 40 KB.
    package static let sourceFileBytes = 1 << 20

    /// `golden/zones/transitions.json`: 1 MiB — today's is 16 KB (a forged file of 23 MB made
    /// 910 120 cases before there was one; its transitions are limited too: `MadeLimits.transitions`).
    package static let zoneFileBytes = 1 << 20

    /// `2 MiB`, `256 KiB`: a limit as the messages and README say it.
    package static func shown(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}
