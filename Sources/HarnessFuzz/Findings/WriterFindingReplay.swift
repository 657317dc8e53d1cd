import ContractModel
import HarnessGate
import HarnessReaders

/// `fuzz --replay` for a `fuzz states` finding (one saved with its state): a finding whose
/// pair names the Kotlin end is judged as the writer loop judged it (`WriterKotlinComparison`:
/// the Kotlin list held to its departures, D1–D8, pending and not-implemented fields), and the
/// replay runs the Kotlin end for it even when `--kotlin` was not given; with `--kotlin`, a
/// writer finding of another pair has its case read by the Kotlin end too (`alsoKotlin`).
/// A writer's own finding (`state/writer …`) has no case a reader can replay: its state is
/// written again by `fuzz states … --case I` (its reproduce command).
package enum WriterFindingReplay {
    /// Whether the finding came from `fuzz states`.
    package static func isWriterFinding(_ finding: Finding) -> Bool { finding.state != nil }

    /// A writer's own finding (crash, schema, intent): the reference side is the state.
    package static func isWritersOwn(_ finding: Finding) -> Bool { finding.disagreement.reference == "state" }

    /// Whether replaying it needs the Kotlin end.
    package static func namesKotlin(_ finding: Finding) -> Bool {
        isWriterFinding(finding) && finding.disagreement.reader == KotlinTestee.name
    }

    /// A c/kotlin writer finding's case read again by the reference and the Kotlin end, judged
    /// as the writer loop judges.
    package static func check(_ finding: Finding, reference: any Reader, kotlin: any Reader,
                              comparison: WriterKotlinComparison) -> FindingReplay.Verdict {
        let judgement = judge(finding.shrunk, reference: reference, kotlin: kotlin, comparison: comparison)
        if let disagreement = judgement.disagreement { return .stillDiffers(disagreement) }
        return judgement.excusedAs.map { .declared($0) } ?? .agrees
    }

    /// What the Kotlin end makes of a writer finding's case beside its own pair (`--kotlin`).
    package static func alsoKotlin(_ finding: Finding, reference: any Reader, kotlin: any Reader,
                                   comparison: WriterKotlinComparison) -> String {
        let judgement = judge(finding.shrunk, reference: reference, kotlin: kotlin, comparison: comparison)
        if let disagreement = judgement.disagreement {
            return "the Kotlin end differs too: \(disagreement.signature): expected \(UntrustedText.escape(disagreement.difference.expected)), "
                + "got \(UntrustedText.escape(disagreement.difference.got))"
        }
        if let excused = judgement.excusedAs { return "the Kotlin end differs only as declared (\(excused.rawValue))" }
        return "the Kotlin end agrees"
    }

    private static func judge(_ testCase: Case, reference: any Reader, kotlin: any Reader,
                              comparison: WriterKotlinComparison) -> WriterKotlinComparison.Judgement {
        let expected = reference.decodeAll([testCase], jobs: 1)[0]
        let got = kotlin.decodeAll([testCase], jobs: 1)[0]
        return comparison.judge(testCase, expected: expected, got: got)
    }
}
