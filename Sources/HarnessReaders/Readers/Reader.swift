import ContractModel
import HarnessCorpus

/// The one interface the harness runs readers by: Swift, the C reference, recorded
/// Kotlin outputs and external processes all implement it, so adding a fourth language
/// is one new file plus its entry in `ReaderRoster` (which says what part it plays).
package protocol Reader: Sendable {
    /// Short, stable, path-safe: its roster entry's name, or a testee's.
    var name: String { get }
    /// Outcomes for `cases`, in the same order. `jobs` bounds the parallelism a reader may use;
    /// results never depend on it.
    func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome]
}

/// A reader that runs inside this process, one case at a time, safely from any thread.
package protocol InProcessReader: Reader {
    /// A view, or a failure when the reader could not finish (never a view with a guessed answer).
    func outcome(_ testCase: Case) -> ReaderOutcome
    /// The outcomes of `cases`, in order, when every one carries the same blob (`fuzz
    /// --writer` reads each writer blob at two instants): a reader may read the blob once.
    func outcomes(sharingBlob cases: [Case]) -> [ReaderOutcome]
}

extension InProcessReader {
    package func outcomes(sharingBlob cases: [Case]) -> [ReaderOutcome] { cases.map(outcome) }

    /// Each outcome as it is compared: long texts as digests (`LongTextDigest`).
    package func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        ParallelMap.map(cases, jobs: jobs) { outcome($0).compacted() }
    }

    /// The external-testee protocol (CONTRACT §6) on this process's standard streams, as
    /// `contract-harness tool decode` answers: each case line read from stdin gets its canonical view
    /// line on stdout, in order, flushed per line; a line that is not a case, a crash line naming
    /// the line and field (under its id, else ""). Blank lines are skipped.
    package func answerStandardInput() {
        CaseLineInput.forEachLine { bytes, number in
            var out: [UInt8]
            do {
                let testCase = try CaseStream.readLine(bytes, file: "stdin", line: number)
                out = outcome(testCase).canonicalLine(id: testCase.id)
            } catch {
                out = ReaderOutcome.failure("bad case: \(error)").canonicalLine(id: CaseLineInput.id(inBadLine: bytes))
            }
            out.append(UInt8(ascii: "\n"))
            StandardStreams.out(out)
        }
    }
}
