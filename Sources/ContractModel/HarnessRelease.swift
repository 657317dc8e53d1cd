/// The release this build is: the one place the version is written. `contract-harness
/// --version` prints it, `scripts/release` names the tag (`v` + version), the archive and the
/// install after it, and a recording the testee kit makes names it as its recorder. An app's
/// contract folder pins the release it was made with (`harness` in its config) and the
/// reusable workflow and the container install exactly that one.
package enum HarnessRelease {
    /// Semantic version: a breaking change to the CLI, the contract folder or the kit's API
    /// bumps the major (the minor while it is 0).
    package static let version = "0.9.0"

    /// The git tag of this release.
    package static var tag: String { "v\(version)" }
}
