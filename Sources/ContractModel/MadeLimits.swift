/// The limits on what the harness makes and holds, beside `InputLimits` (what it reads): a
/// pull request or a hostile testee or writer cannot make the gate hold gigabytes or run for
/// minutes, whatever it prints or whatever the tree expands into. Each is far above what the
/// project's own tree makes today (the figures in the reasons) and low enough that the gate
/// stays within seconds and a few hundred megabytes; docs/threat-model.md has the table. Going
/// over one is said naming what went over and the limit: bad input (exit 2) for a tree, a
/// failed case or state for a reader's or writer's answer, a broken reader or writer (the run
/// fails) for its answers to one batch, and nothing is written when an output would go over.
package enum MadeLimits {
    /// A blob the writer end answers (one line): a case blob's limit, since every writer blob
    /// becomes the blob of the writer family's cases (`InputLimits.blobBytes`, 2 MiB).
    package static let writerBlobBytes = InputLimits.blobBytes
    /// One view line a reader in another process (a testee, the Kotlin end) answers: 4 MiB. The
    /// largest view of the corpus (`size.many-tasks`, 10 000 rows) is 0.86 MB; a longer line
    /// fails its case (the reader is restarted), held only up to the limit while it is read.
    package static let viewLineBytes = 4 << 20
    /// What one reader or writer in another process answers to one batch (the gate's whole
    /// corpus, a fuzz batch, the writer's states), counted in line bytes: 32 MiB. A reader's
    /// views of today's 10 474 cases are 9.5 MB (0.9 KB a case, so a corpus at the case limit
    /// stays under it); past the limit the batch's remaining cases or states are not run and
    /// the reader or writer is declared broken, so what the harness holds of it stays bounded
    /// whatever it prints (80 000 rows a view, a blob per state near the blob limit). Held as
    /// views, a line takes up to ~5 times its bytes (display rows of a few bytes each).
    package static let heldAnswerBytes = 32 << 20
    /// One golden view folder (`golden/expected`, `golden/kotlin`), every file together, as
    /// read or as `update` and `record` would write it: 128 MiB (today 9.5 MB each; a fixture
    /// at its limit adds 3.6 MiB). A write that would go over is refused before any file is
    /// written, as is one file over `InputLimits.goldenViewFileBytes`.
    package static let goldenFolderBytes = 128 << 20
    /// Fixtures in `golden/fixtures`: 64 (today 13).
    package static let fixtures = 64
    /// Every fixture file together: 512 KiB (today 68 KB): two fixtures at the file limit
    /// (`InputLimits.fixtureFileBytes`), each of which costs the gate ~12 s of CPU and ~120 MB.
    package static let fixtureBytes = 512 << 10
    /// Zones and instants one fixture names: 8 each (today at most 4 each). Every operator's
    /// case is made once per zone and instant, so these multiply the fixture's cases.
    package static let zonesPerFixture = 8
    package static let instantsPerFixture = 8
    /// Transitions in `golden/zones/transitions.json`: 1 000 (today 60; each makes ~6 cases).
    package static let transitions = 1_000
    /// App states in `golden/states`, every file together: 1 000 states and 1 MiB (today 70
    /// states, 56 KB); each state is one writer answer and a few cases.
    package static let states = 1_000
    package static let stateBytes = 1 << 20
    /// Cases in one corpus (fixtures, zone days and the writer family together): 30 000
    /// (today 10 474). Generation stops and the run is refused once it would go over.
    package static let cases = 30_000
}
