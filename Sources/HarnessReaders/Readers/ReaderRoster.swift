import ContractModel
import HarnessCorpus
import ReferenceView
import WidgetSnapshot

/// One reader as the harness knows it: its name (which keys its list
/// `golden/divergences/<name>.txt`, its views in the reports and its `--testee` option),
/// what part it plays, where its views are kept, which departures from the reference
/// CONTRACT.md §5 declares for it, and the contract features it implements. The gate, the
/// reports, `explain`, `decode` and `--testee` ask an entry, never compare a name.
package struct ReaderEntry: Sendable {
    /// What part a reader plays in a run.
    package enum Role: String, Sendable {
        /// Defines the expected outputs: `golden/expected` is its views (CONTRACT.md §5), so
        /// it never has list entries, only `update` and review.
        case reference
        /// The product under test, run in this process.
        case product
        /// Outputs recorded elsewhere and replayed from its golden folder by case id.
        case recorded
        /// An external process run live (`--testee NAME=COMMAND`).
        case liveTestee = "live testee"
    }

    package var name: String
    package var role: Role
    /// The folder its views are kept in (`golden/expected` for the reference, `golden/kotlin`
    /// for the recorded Kotlin end); nil when its views are never stored.
    package var golden: GoldenFolder?
    /// The departures its list entries may rely on (each names one, CONTRACT.md §5); none for
    /// a reader that must equal the reference wherever the contract is defined.
    package var departures: [ContractDeparture]
    /// The JSON library it runs on when §5 declares departures for that library (the Kotlin
    /// end's org.json, or a testee whose list declares `# platform: org.json`); its departures
    /// are then that platform's.
    package var platform: ReaderPlatform?
    /// The contract features it implements (CONTRACT.md §8): every field and question of
    /// these is compared, those of the others are pending for it.
    package var features: FeatureSet
    /// Whether it is the reader of a widget on screen, which paints what it reads: then the
    /// question the description marks `paints` (CONTRACT.md §9, the display) is one no `not
    /// implemented` entry excuses (CONTRACT.md §5). The roster says it for its readers; a
    /// testee paints unless its list says `# paints: nothing`.
    package var paintsWidget: Bool
    /// A new reader of this kind in this process; nil for recorded readers and live testees.
    package var make: (@Sendable () -> any InProcessReader)?

    /// `departures`: by default its platform's (none without one); a test narrows them.
    package init(name: String, role: Role, golden: GoldenFolder? = nil, platform: ReaderPlatform? = nil,
                 departures: [ContractDeparture]? = nil, features: FeatureSet = .base(), paintsWidget: Bool = true,
                 make: (@Sendable () -> any InProcessReader)? = nil) {
        self.name = name
        self.paintsWidget = paintsWidget
        self.role = role
        self.golden = golden
        self.platform = platform
        self.departures = departures ?? platform?.departures ?? []
        self.features = features
        self.make = make
    }

    /// A reader the app brings (a live testee, or a recording in an app's contract folder),
    /// not one of the harness's own: its list says which platform it runs on.
    package var declaresOwnPlatform: Bool { role == .liveTestee || golden?.inContractFolder == true }

    /// Whose the reader is in a run for an app: not one of the harness's own readers (its
    /// list and recording are then in the app's contract folder).
    package var isAppsOwn: Bool { !ReaderRoster.standard.entries.contains { $0.name == name } }

    /// An app's reader recorded where it runs (`recordings/NAME` of its contract folder), made by `command`.
    package static func appRecording(_ name: String, command: String, in contract: ContractFolder? = nil, features: FeatureSet) -> ReaderEntry {
        ReaderEntry(name: name, role: .recorded, golden: .appRecording(of: name, command: command, in: contract), features: features)
    }

    /// `golden/divergences/<name>.txt`: the reviewed list of where it may differ.
    package var listFile: String { "golden/divergences/\(name).txt" }

    /// A `--testee NAME[@SET]=COMMAND` (or a test's reader that is not in the roster),
    /// implementing the features it declares (the base when it declares none), on the platform its
    /// list declares (none: it has no departures).
    package static func liveTestee(_ name: String, features: FeatureSet = .base(), platform: ReaderPlatform? = nil,
                                   paintsWidget: Bool = true) -> ReaderEntry {
        ReaderEntry(name: name, role: .liveTestee, platform: platform, features: features, paintsWidget: paintsWidget)
    }

    /// The entry of an external testee: its declared features with it.
    package static func liveTestee(_ testee: ExternalProcessReader, platform: ReaderPlatform? = nil) -> ReaderEntry {
        liveTestee(testee.name, features: testee.features, platform: platform)
    }

    /// The product: the `WidgetSnapshot` library (`SwiftReader`), what the iOS widget paints from.
    /// It implements what `WidgetSnapshotContract.features` says.
    package static let swift = ReaderEntry(name: "swift", role: .product, features: .declared(WidgetSnapshotContract.features),
                                           make: { SwiftReader() })
    /// The C reference on libjansson (`CReferenceReader`), which writes `golden/expected`: it
    /// implements what `rd_contract_features()` says, and a feature it does not implement is
    /// pending for every reader (the expected views do not hold it).
    /// It paints no widget: it states the contract.
    package static let c = ReaderEntry(name: "c", role: .reference, golden: .expected,
                                       features: .declared(CReference.features), paintsWidget: false,
                                       make: { CReferenceReader() })
    /// The Kotlin end on Android's org.json (what the Android widget paints from), recorded by `scripts/record-kotlin` into
    /// `golden/kotlin`, with every departure of CONTRACT.md §5. Its features are the set
    /// ends/kotlin/WidgetData.kt answers (`record-kotlin --print-revision`; RECORDING.json's
    /// `revision`, a set's name, held equal by KotlinRecordingRevisionTests).
    package static let kotlin = ReaderEntry(name: "kotlin", role: .recorded, golden: .kotlin, platform: .orgJSON,
                                            features: .declared("3"))
}

/// Every reader the harness runs, in the order the gate judges and the reports list them.
/// Adding a reader is its own file plus one entry: `standard.adding(entry)`.
package struct ReaderRoster: Sendable {
    package var entries: [ReaderEntry]

    package init(_ entries: [ReaderEntry]) { self.entries = entries }

    /// Swift, the C reference, the recorded Kotlin end.
    package static let standard = ReaderRoster([.swift, .c, .kotlin])

    /// This roster with one more reader (last).
    package func adding(_ entry: ReaderEntry) -> ReaderRoster { ReaderRoster(entries + [entry]) }

    package func entry(named name: String) -> ReaderEntry? { entries.first { $0.name == name } }

    /// The entry a reader is judged as: its roster entry, else a live testee's.
    package func entry(for reader: any Reader) -> ReaderEntry { entry(named: reader.name) ?? .liveTestee(reader.name) }

    /// The readers that run in this process (reference and products), made anew.
    package var inProcessReaders: [any InProcessReader] { entries.compactMap { $0.make?() } }

    /// The readers replayed from a golden folder.
    package var recorded: [ReaderEntry] { entries.filter { $0.role == .recorded && $0.golden != nil } }

    /// Names no testee may take: every reader's, then every golden folder's (`expected`),
    /// since they key lists, reports and golden files.
    package var reservedNames: [String] {
        var seen = Set<String>()
        return (entries.map(\.name) + entries.compactMap { $0.golden?.name }).filter { seen.insert($0).inserted }
    }
}
