import ContractModel
import HarnessCorpus

/// What a fuzz run did: cases, time, throughput per reader, every disagreement counted by
/// signature, and each one it shrank (or saved unshrunk) with what became of it (saved as a
/// new finding, or already saved).
///
/// Bounded whatever the run's length: one entry per disagreement settled (at most
/// `FuzzPlan.shrinksPerSignature` per signature, one unshrunk per signature), a count for
/// the rest.
///
/// The CLI prints it; the tests compare two runs' reports to prove determinism.
package struct FuzzReport: Sendable {
    /// One disagreement found on one case.
    package struct Entry: Equatable, Sendable {
        package var index: Int
        package var disagreement: Disagreement
        package var originalSize: Int
        package var shrunkSize: Int
        package var shrinkEvaluations: Int
        /// The shrunk finding's key (blob + signature).
        package var key: String
        /// nil when the run had no finding store.
        package var outcome: FindingStore.Outcome?
        /// How far it was shrunk (`notStarted`: saved as generated, the time was up).
        package var shrinking: ShrinkState = .complete
    }

    /// How often one signature came up, and its first case.
    package struct Tally: Equatable, Sendable {
        package var count: Int
        package var firstIndex: Int
    }

    package var seed: UInt64
    package var shard: FuzzShard
    package var jobs: Int
    package var cases = 0
    package var elapsed = 0.0
    /// Reader name → seconds spent decoding the generated cases (shrinking not included),
    /// in reader order, the reference first: for readers in this process, their
    /// thread-seconds divided by the threads (their share of the wall time); for testees,
    /// wall time.
    package var readerSeconds: [(name: String, seconds: Double)] = []
    /// Making the cases, as the in-process readers' time.
    package var generationSeconds = 0.0
    package var shrinkSeconds = 0.0
    /// The disagreements settled (shrunk, or saved unshrunk), in the order they were settled.
    package var entries: [Entry] = []
    /// Every disagreement seen, by signature (settled or not).
    package var tallies: [String: Tally] = [:]
    /// Cases on which a reader differed only in ways its declared departures excuse, by
    /// `reader departure` (`kotlin D2/D3/D5/D6`).
    package var excused: [String: Int] = [:]
    /// Disagreements an org.json testee's departure would excuse but whose field it reads unlike
    /// the live Kotlin end (`Disagreement.Borrowed`): findings, by `reader departure` (`ios D1`),
    /// with the first case, field and platform reader as the example.
    package var borrowed: [String: (count: Int, first: Int, example: Disagreement.Borrowed)] = [:]
    /// Fields a reader's views leave out ("not implemented", CONTRACT §6), by `reader field`
    /// (`partial meta.dayStr`): counted, never findings, as in the gate.
    package var notImplemented: [String: Int] = [:]
    /// Reader name → cases it was handed but did not answer before the time budget ran out
    /// (not compared; what it answered of the same batch was judged).
    package var unanswered: [String: Int] = [:]
    /// Reader name → cases it was judged on (it answered them, and a reader it is held to did too).
    package var judged: [String: Int] = [:]
    /// A testee declared broken (`TesteeSession`) ended the run: its name, why, and how many
    /// cases of the batch it broke in were never run by it (not compared, never findings).
    package var broken: (testee: String, reason: String, casesNotRun: Int)?
    /// True when a stop request (SIGINT) ended the run early.
    package var interrupted = false

    package var newFindings: Int { entries.filter { if case .saved? = $0.outcome { return true } else { return false } }.count }

    /// Disagreements whose shrunk finding was already saved (before or earlier in this run).
    package var knownFindings: Int {
        entries.filter { if case .alreadySaved? = $0.outcome { return true } else { return false } }.count
    }

    /// The readers compared with the reference that were judged on no case of a run that had cases: a run that did
    /// not judge a reader it was given does not pass (a testee that answered nothing before the
    /// budget ran out, one broken from its first case).
    package var unjudged: [String] {
        cases == 0 ? [] : readerSeconds.dropFirst().map(\.name).filter { judged[$0, default: 0] == 0 }
    }

    /// Every disagreement seen (settled or only counted).
    package var disagreements: Int { tallies.values.reduce(0) { $0 + $1.count } }

    /// Distinct signatures among the disagreements, sorted.
    package var signatures: [String] { tallies.keys.sorted() }

    /// Counts one disagreement of `signature` on case `index`.
    mutating func count(_ signature: String, index: Int) {
        if tallies[signature] == nil {
            tallies[signature] = Tally(count: 1, firstIndex: index)
        } else {
            tallies[signature]!.count += 1
        }
    }

    /// Decoded cases per second of that reader's own decoding time.
    package func casesPerSecond(_ reader: String) -> Double? {
        guard let seconds = readerSeconds.first(where: { $0.name == reader })?.seconds, seconds > 0 else { return nil }
        return Double(cases) / seconds
    }
}

extension FuzzReport {
    mutating func countNotImplemented(_ fields: [FieldPath.Name], reader: String) {
        for field in fields { notImplemented["\(reader) \(FieldPath(field))", default: 0] += 1 }
    }

    mutating func countBorrowed(_ borrowed: Disagreement.Borrowed, reader: String, index: Int) {
        let key = "\(reader) \(borrowed.departure.rawValue)"
        if let seen = self.borrowed[key] {
            self.borrowed[key]!.count = seen.count + 1
        } else {
            self.borrowed[key] = (1, index, borrowed)
        }
    }
}
