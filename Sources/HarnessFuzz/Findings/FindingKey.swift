import ContractModel
import HarnessCorpus

/// A finding's identity (`Finding.key`): SHA-256 over the shrunk blob and the disagreement
/// signature and, when the case has any, the inputs beside the blob — its taps, tap times,
/// selection, capacity and device locale, as the case stream writes them (CONTRACT.md §6). Two findings on
/// one blob that need different selections are two findings; a finding without such inputs
/// keeps the key it had before they were part of it (the saved findings still load).
enum FindingKey {
    static func of(_ shrunk: Case, signature: String) -> String {
        var input = shrunk.blob + [0] + Array(signature.utf8)
        if let inputs = inputsLine(shrunk) { input += [0] + inputs }
        return SHA256.hex(input)
    }

    /// The case-stream line of the case's inputs alone (id, blob, instant and zone fixed), or
    /// nil when it has none.
    static func inputsLine(_ testCase: Case) -> [UInt8]? {
        guard !testCase.pendingDoneTargets.isEmpty || !testCase.pendingDoneTimestamps.isEmpty
              || testCase.selectedProjectId != nil || testCase.capacity != Case.androidCapacity
              || testCase.deviceLocale != nil else { return nil }
        return CaseStream.line(Case(id: "-", blob: [], pendingDoneTargets: testCase.pendingDoneTargets,
                                    pendingDoneTimestamps: testCase.pendingDoneTimestamps,
                                    selectedProjectId: testCase.selectedProjectId, capacity: testCase.capacity,
                                    nowMs: 0, timeZone: "UTC", deviceLocale: testCase.deviceLocale))
    }
}
