import ContractModel

/// What one reader did on one case, in one word: the status every report renders (the HTML
/// matrix, a case's detail, `explain --html`), worked out here only so they cannot disagree.
/// A reader that produced no view at all (crash, hang, bad line) is a crash even when its
/// divergence list excuses the case.
package enum CaseStatus: String, CaseIterable, Sendable {
    /// Equal to the expected view on every compared field.
    case agree
    /// Deviates, and the reader's divergence list excuses every differing field.
    case listed
    /// Deviates, and no list entry excuses some field: the gate fails on it.
    case unexpected
    /// The reader produced no view (`ReaderOutcome.failure`).
    case crash
    /// The reader was not compared (no expected line, or a golden line is stale or edited).
    case notCompared = "not-compared"

    /// Worse statuses win when a group is summed up in one word.
    package var severity: Int {
        switch self {
        case .agree: return 0
        case .notCompared: return 1
        case .listed: return 2
        case .unexpected: return 3
        case .crash: return 4
        }
    }

    package var label: String {
        switch self {
        case .notCompared: return "not compared"
        default: return rawValue
        }
    }

    /// The status of one reader on one case. `deviation` is nil when every compared field
    /// agrees; `compared` is false when the gate does not judge this case for this reader.
    package static func of(compared: Bool = true, outcome: ReaderOutcome?, deviation: ReaderVerdict.Deviation?) -> CaseStatus {
        guard compared else { return .notCompared }
        guard let deviation else { return .agree }
        if case .failure? = outcome { return .crash }
        return deviation.isUnexpected ? .unexpected : .listed
    }
}
