import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// Whether the app's writer can produce a case's blob: what makes a deviation one "users
/// see" (issue 25). Decided per blob, in this order (CONTRACT.md §7.6):
/// 1. **writer-made**: the blob is one the writer end writes from a state — a writer family
///    case (`corpus.writer`: the blob of a `golden/states` state), or a `writerValid` fixture's blob, which `check-schemas`
///    regenerates from its state `fixtures/<name>` byte for byte (a fixture listed in
///    `golden/states/fixture-findings.txt` is not: no state gives it);
/// 2. **same cause**: a mutated case whose blob carries the cause of a departure (CONTRACT §5,
///    `DepartureCause`) that the writer reaches from a state the app holds — the departure
///    predicate is what a reader's view shows, so a user sees the same deviation on the
///    writer's blob (`fuzz states` counts the reach; `departuresReachedInApp` is checked
///    against it by a test);
/// 3. **hand-made**: anything else (robustness inputs: not JSON, wrong types, edits no state
///    gives). Not proof that no state writes it — the generated states did not.
package struct WriterReachability: Sendable {
    package enum Verdict: Equatable, Sendable {
        /// The writer writes exactly this blob from the named state.
        case writerMade(state: String)
        /// The blob carries a departure's cause the writer reaches from the named in-app state.
        case sameCause(ContractDeparture, state: String)
        case handMade

        package var isReachable: Bool { self != .handMade }

        /// `users see this: …` for reachable blobs, `hand-made` otherwise.
        package var label: String {
            switch self {
            case .writerMade(let state): return "users see this: the writer writes this blob (state \(state))"
            case .sameCause(let departure, let state):
                return "users see this: the writer reaches \(departure.name)'s cause (state \(state))"
            case .handMade: return "hand-made: no generated or golden state writes this blob"
            }
        }
    }

    /// The departures whose cause the writer writes from a state the app holds, each with the
    /// golden state that shows it (`fuzz states` measures the reach; `WriterFuzzRunTests`
    /// and `DepartureReachTests` fail when it reaches another, or no longer reaches these).
    package static let departuresReachedInApp: [ContractDeparture: String] = [.d1: "titles/every-class"]

    /// Blob text → the state that writes it.
    private let writerBlobs: [[UInt8]: String]

    /// `notWriterMade`: the fixtures of `golden/states/fixture-findings.txt`.
    package init(corpus: Corpus, notWriterMade: Set<String>) {
        var blobs: [[UInt8]: String] = [:]
        for fixture in corpus.fixtures where fixture.writerValid && !notWriterMade.contains(fixture.name) {
            blobs[fixture.blobText] = "fixtures/\(fixture.name)"
        }
        for entry in corpus.writer?.entries ?? [] {
            guard let blob = entry.blob else { continue }
            blobs[blob] = blobs[blob] ?? entry.state.id
        }
        writerBlobs = blobs
    }

    package func verdict(_ testCase: Case) -> Verdict {
        if let state = writerBlobs[testCase.blob] { return .writerMade(state: state) }
        for departure in DepartureCause.causes(testCase.blob).sorted() {
            if let state = Self.departuresReachedInApp[departure] { return .sameCause(departure, state: state) }
        }
        return .handMade
    }

    /// The fixture names `golden/states/fixture-findings.txt` lists (`<fixture>  <reason>`,
    /// `#` comments); empty when the tree has none.
    package static func fixtureFindings(_ paths: HarnessPaths) -> Set<String> {
        let url = paths.golden.appendingPathComponent("states/fixture-findings.txt")
        guard let bytes = try? GoldenText.read(url, displayName: "golden/states/fixture-findings.txt", tree: paths.tree) else {
            return []
        }
        return Set(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            line.hasPrefix("#") ? nil : line.split(whereSeparator: \.isWhitespace).first.map(String.init)
        })
    }

    /// The verdict of every case some reader deviates on (the reports rank by it).
    package static func ofDeviations(_ result: GateResult, notWriterMade: Set<String>) -> [String: Verdict] {
        let deviating = Set(result.verdicts.flatMap { $0.deviations.map(\.caseId) })
        guard !deviating.isEmpty else { return [:] }
        let model = WriterReachability(corpus: result.corpus, notWriterMade: notWriterMade)
        var verdicts: [String: Verdict] = [:]
        for testCase in result.corpus.cases where deviating.contains(testCase.id) { verdicts[testCase.id] = model.verdict(testCase) }
        return verdicts
    }
}
