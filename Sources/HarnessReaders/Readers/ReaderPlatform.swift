/// The JSON library a reader runs on, when that library is one whose departures CONTRACT.md §5
/// declares: the departures belong to the library, not to one reader, so the project's recorded
/// Kotlin end and an app's own Android reader run live as a testee (`# platform: org.json` in
/// its list) may claim the same ones, and nothing else may.
package enum ReaderPlatform: String, CaseIterable, Sendable {
    /// Android's org.json (and the JDK 17 host it runs on): D1–D8.
    case orgJSON = "org.json"

    /// The departures a reader on this platform may rely on.
    package var departures: [ContractDeparture] {
        switch self {
        case .orgJSON: return ContractDeparture.allCases
        }
    }

    /// The comment line a testee's list declares it with, before its first entry.
    package static let declaration = "# platform:"

    /// The line that declares this platform: `# platform: org.json`.
    package var declarationLine: String { "\(Self.declaration) \(rawValue)" }
}
