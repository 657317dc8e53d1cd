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

    package static let expected = GoldenFolder(name: "expected", path: "golden/expected", role: "C reference",
                                               command: "contract-harness golden update", isRecording: false,
                                               commandLine: ".build/debug/contract-harness golden update")
    package static let kotlin = GoldenFolder(name: "kotlin", path: "golden/kotlin", role: "recorded Kotlin",
                                             command: "scripts/record-kotlin", isRecording: true,
                                             commandLine: "CONTRACT_HARNESS=.build/debug/contract-harness scripts/record-kotlin")
    /// In the order reports list them.
    package static let all = [expected, kotlin]
}
