import HarnessCorpus
import HarnessGate
import HarnessReaders

/// Where `fuzz` learns that a `--testee` runs on a platform CONTRACT.md §5 declares departures
/// for (an app's own `WidgetData.kt` on Android's org.json): the testee's own list,
/// golden/divergences/NAME.txt under --root, read as `check` reads it (`HarnessPaths.judged`).
/// So a testee's `# platform: org.json` line makes both commands excuse the same differences,
/// and `fuzz` judges it exactly as it judges the Kotlin end under `--kotlin` (with `--kotlin`,
/// each excused field also held to the live Kotlin end's reading: `FuzzRun.platformReaders`).
/// No list, or one without the line: no departures, every difference a finding.
enum TesteePlatforms {
    /// Testee name → the departures of the platform its list declares (testees that declare
    /// one only), and one line per such testee for the summary. `kotlin`: the live Kotlin end
    /// runs too (`--kotlin`), so each excused field is also held to its reading of the case.
    static func departures(_ testees: [ExternalProcessReader], paths: HarnessPaths, kotlin: Bool) throws
        -> (departures: [String: DeclaredDepartures], notes: [String]) {
        var departures: [String: DeclaredDepartures] = [:]
        var notes: [String] = []
        for testee in testees {
            let (entry, list) = try paths.judged(.liveTestee(testee))
            guard let platform = entry.platform else { continue }
            departures[testee.name] = DeclaredDepartures(entry.departures)
            let names = entry.departures.map(\.rawValue)
            let named = names.count == ContractDeparture.allCases.count ? "\(names[0])-\(names[names.count - 1])" : names.joined(separator: ", ")
            notes.append("\(testee.name) runs on \(platform.rawValue) (\(list.file)): differences its departures excuse "
                         + "(\(named), CONTRACT.md §5) are counted, not findings, "
                         + (kotlin ? "where it reads each excused field exactly as \(KotlinTestee.name) (the live Kotlin end) does"
                                   : "held to their causes only (with --kotlin, also to the live Kotlin end's reading)"))
        }
        return (departures, notes)
    }
}
