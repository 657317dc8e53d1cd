/// The two folders of golden views, described once: whose views each holds and the one
/// command that writes it. `diff --base` (`GoldenDiff`) and the gate's freshness check
/// (`GoldenFreshness`) name and treat them alike from here.
package struct GoldenFolder: Sendable, Equatable {
    /// `expected`, `kotlin`: the reader its views stand for.
    package var name: String
    /// `golden/expected`.
    package var path: String
    /// `C reference`, `recorded Kotlin`.
    package var role: String
    /// `contract-harness golden update`, `scripts/record-kotlin`.
    package var command: String
    /// A reader's recording (`golden/kotlin`), not the expected output `update` writes. A
    /// recording may leave out fields its reader does not implement (CONTRACT §6);
    /// `golden/expected` is always complete.
    package var isRecording: Bool
    /// `command` as run from a checkout with the harness built (what failure messages say).
    package var commandLine: String
    /// A folder of the app's contract folder (`recordings/NAME`, `path` relative to it), not
    /// of the harness's tree.
    package var inContractFolder = false
    /// How messages name it (`widget-contract/recordings/ios` for an app's recording).
    package var displayPath: String { shownAs ?? path }
    private var shownAs: String?

    package static let expected = GoldenFolder(name: "expected", path: "golden/expected", role: "C reference",
                                               command: "contract-harness golden update", isRecording: false,
                                               commandLine: ".build/debug/contract-harness golden update")
    package static let kotlin = GoldenFolder(name: "kotlin", path: "golden/kotlin", role: "recorded Kotlin",
                                             command: "scripts/record-kotlin", isRecording: true,
                                             commandLine: "CONTRACT_HARNESS=.build/debug/contract-harness scripts/record-kotlin")
    /// In the order reports list them.
    package static let all = [expected, kotlin]

    /// An app reader's recording in its contract folder (`recordings/NAME`), made where the
    /// reader runs by `command` (the config's `recorded`), which stale lines name.
    package static func appRecording(of reader: String, command: String, in contract: ContractFolder? = nil) -> GoldenFolder {
        let path = "\(ContractFolder.recordingsFolder)/\(reader)"
        var folder = GoldenFolder(name: reader, path: path, role: "recorded \(reader)",
                                  command: command, isRecording: true, commandLine: command)
        folder.inContractFolder = true
        folder.shownAs = contract?.shown(path)
        return folder
    }
}
