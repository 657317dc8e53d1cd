import ContractModel
/// What one reader did on one case, as the HTML pages colour it. Separate from the
/// verdict types because a page needs one word per cell: a reader that produced no view at
/// all (crash, hang, bad line) is shown as such even when its deviation is listed.
package enum HTMLCaseStatus: String, CaseIterable, Sendable {
    /// Equal to the expected view on every compared field.
    case agree
    /// Deviates, and the reader's divergence list names the case.
    case listed
    /// Deviates, and no list entry names it: the gate fails on it.
    case unexpected
    /// The reader produced no view (`ReaderOutcome.failure`).
    case crash
    /// The reader was not compared (its golden line is stale: the case changed since it was written).
    case notCompared = "not-compared"

    /// Worse statuses win when a group is summed up in one colour.
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

    /// The CSS class every cell of this status carries (`HTMLPage` defines the colours).
    package var cssClass: String { "st-\(rawValue)" }

    /// The status of a compared reader's outcome given its deviation (nil when it agrees).
    package static func of(got: ReaderOutcome?, deviation: ReaderVerdict.Deviation?) -> HTMLCaseStatus {
        guard let deviation else { return .agree }
        guard deviation.isUnexpected else { return .listed }
        if case .failure? = got { return .crash }
        return .unexpected
    }
}
