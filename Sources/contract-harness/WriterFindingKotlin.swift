import HarnessCorpus
import HarnessFuzz
import HarnessReaders

/// The Kotlin end of one `fuzz --replay` for the `fuzz states` findings among the files
/// (`WriterFindingReplay`): a writer finding that names the Kotlin end is read again by it,
/// started for the replay when `--kotlin` was not given (the tree's reader; `--kotlin-parser
/// F.kt` for another), and judged as the writer loop judged it; with `--kotlin`, every other
/// writer finding's case is read by it too. Each such line says so.
struct WriterFindingKotlin {
    private let reference: (any Reader)?
    private let kotlin: (any Reader)?
    private let asked: Bool
    private let comparison: WriterKotlinComparison?

    init(_ findings: [Finding], paths: HarnessPaths, readers: [any Reader], start: () throws -> any Reader) throws {
        reference = readers.first { $0.name == ReaderEntry.c.name }
        let given = readers.first { $0.name == KotlinTestee.name }
        asked = given != nil
        let writerFindings = findings.filter(WriterFindingReplay.isWriterFinding)
        if given == nil, writerFindings.contains(where: WriterFindingReplay.namesKotlin) {
            print("the Kotlin end reads the writer findings that name it (started for them: --kotlin was not given)")
            kotlin = try start()
        } else {
            kotlin = given
        }
        comparison = kotlin != nil && !writerFindings.isEmpty ? try WriterKotlinComparison(paths: paths) : nil
    }

    /// A c/kotlin writer finding's verdict, as the writer loop judges; nil for any other finding.
    func verdict(_ finding: Finding) -> FindingReplay.Verdict? {
        guard WriterFindingReplay.namesKotlin(finding), let reference, let kotlin, let comparison else { return nil }
        return WriterFindingReplay.check(finding, reference: reference, kotlin: kotlin, comparison: comparison)
    }

    /// What the finding's line adds when the Kotlin end read it again.
    func saysSo(_ finding: Finding) -> String {
        guard WriterFindingReplay.namesKotlin(finding), kotlin != nil else { return "" }
        return asked ? "; read again by the Kotlin end" : "; read again by the Kotlin end, started for it"
    }

    /// With `--kotlin`: what the Kotlin end makes of another pair's writer finding.
    func alsoKotlin(_ finding: Finding) -> String? {
        guard asked, WriterFindingReplay.isWriterFinding(finding), !WriterFindingReplay.namesKotlin(finding),
              let reference, let kotlin, let comparison else { return nil }
        return WriterFindingReplay.alsoKotlin(finding, reference: reference, kotlin: kotlin, comparison: comparison)
    }
}
