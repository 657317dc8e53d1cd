import ContractModel
import ReferenceView

/// The C reference on libjansson (CONTRACT §5: it defines the expected outputs), run in
/// this process through its C API (`CReference`) and turned into the same `DecodedView` as
/// the Swift reader, each case under its device's POSIX locale (`DevicePOSIXLocale`, CONTRACT.md
/// §4). Out of memory, or a zone file it could not read, is a failure.
package struct CReferenceReader: InProcessReader {
    package var name: String { ReaderEntry.c.name }

    package init() {}

    package func outcome(_ testCase: Case) -> ReaderOutcome {
        DevicePOSIXLocale.run(under: testCase.deviceLocale) { decode(testCase) }
    }

    private func decode(_ testCase: Case) -> ReaderOutcome {
        CReference.decode(id: testCase.id, blob: testCase.blob,
                          pending: testCase.pendingDoneTargets, pendingTimes: testCase.pendingDoneTimestamps,
                          selectedProjectId: testCase.selectedProjectId?.utf8, capacity: testCase.capacity, nowMs: testCase.nowMs,
                          timeZone: testCase.timeZone)
    }

    /// The blob loaded into one C document for all of them.
    package func outcomes(sharingBlob cases: [Case]) -> [ReaderOutcome] {
        guard let first = cases.first else { return [] }
        precondition(cases.allSatisfy { $0.blob == first.blob }, "outcomes(sharingBlob:) of cases with different blobs")
        // One document for all only when one device setting holds for all.
        guard cases.allSatisfy({ $0.deviceLocale == first.deviceLocale }) else { return cases.map(outcome) }
        return DevicePOSIXLocale.run(under: first.deviceLocale) { CReference.decode(blob: first.blob, cases: cases) }
    }
}
