import Foundation

/// Where every test finds the repository: one place, so no test guesses the root from its own
/// path (a file that moves between test folders would then read the wrong tree).
package enum TestRepository {
    /// The repository's top folder (this file is `Tests/TestSupport/TestRepository.swift`).
    package static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A path under the root (`golden/fixtures/legacy.json`).
    package static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
