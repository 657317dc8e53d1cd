/// Decodes a saved finding's shrunk case again with the readers it names, to say whether
/// the disagreement still happens (`contract-harness fuzz --replay`): how a fixed reader
/// bug is confirmed, and how a CI job re-checks every committed finding.
package enum FindingReplay {
    package enum Verdict: Equatable, Sendable {
        /// The same pair still differs; the first differing field now.
        case stillDiffers(Disagreement)
        /// The pair agrees on every compared field.
        case agrees
        /// A reader the finding names was not given (a testee not passed with `--testee`).
        case readerMissing(String)
    }

    package static func check(_ finding: Finding, readers: [any Reader]) -> Verdict {
        let names = [finding.disagreement.reference, finding.disagreement.reader]
        var found: [any Reader] = []
        for name in names {
            guard let reader = readers.first(where: { $0.name == name }) else { return .readerMissing(name) }
            found.append(reader)
        }
        let expected = found[0].decodeAll([finding.shrunk], jobs: 1)[0]
        let got = found[1].decodeAll([finding.shrunk], jobs: 1)[0]
        guard let now = Disagreement.between(reference: names[0], expected: expected, reader: names[1], got: got) else {
            return .agrees
        }
        return .stillDiffers(now)
    }
}
