import HarnessGate
import HarnessReaders

/// Decodes a saved finding's shrunk case again with the readers it names, to say whether
/// the disagreement still happens (`contract-harness fuzz --replay`): how a fixed reader
/// bug is confirmed, and how a CI job re-checks every committed finding.
///
/// It judges a difference as the live loop does: with the departures declared for the
/// reader (the Kotlin end's D1–D8, CONTRACT §5), a difference they excuse is reported as
/// declared, not as still differing; a field the reader leaves out ("not implemented") is
/// no difference. With `platformReaders` (an org.json testee → the live Kotlin end, given as one
/// of `readers`), the platform's reader reads the case too and a departure excuses a field only
/// where the testee reads it as that reader does (`borrowed` otherwise), as the live loop judges.
package enum FindingReplay {
    package enum Verdict: Equatable, Sendable {
        /// The same pair still differs; the first differing field no departure excuses now.
        case stillDiffers(Disagreement)
        /// The pair still differs, but only as a departure declared for the reader (the
        /// first one that excused a field): the live loop counts it and saves nothing.
        case declared(DeclaredDepartures.Departure)
        /// The pair differs as a departure declared for the reader would excuse, but the reader
        /// reads that field unlike the platform's reader: still a finding.
        case borrowed(Disagreement, Disagreement.Borrowed)
        /// The pair agrees on every compared field.
        case agrees
        /// A reader the finding names was not given (a testee not passed with `--testee`).
        case readerMissing(String)
    }

    package static func check(_ finding: Finding, readers: [any Reader],
                              departures: [String: DeclaredDepartures] = [:], platformReaders: [String: String] = [:]) -> Verdict {
        let names = [finding.disagreement.reference, finding.disagreement.reader]
        var found: [any Reader] = []
        for name in names {
            guard let reader = readers.first(where: { $0.name == name }) else { return .readerMissing(name) }
            found.append(reader)
        }
        let expected = found[0].decodeAll([finding.shrunk], jobs: 1)[0]
        let got = found[1].decodeAll([finding.shrunk], jobs: 1)[0]
        let platform = platformReaders[names[1]].flatMap { name in readers.first { $0.name == name } }
            .map { ($0.name, $0.decodeAll([finding.shrunk], jobs: 1)[0]) }
        let judged = Disagreement.between(reference: names[0], expected: expected, reader: names[1], got: got,
                                          testCase: finding.shrunk, departures: departures[names[1]], platform: platform)
        if let disagreement = judged.disagreement {
            return judged.borrowed.map { .borrowed(disagreement, $0) } ?? .stillDiffers(disagreement)
        }
        return judged.excused.map { .declared($0) } ?? .agrees
    }
}
