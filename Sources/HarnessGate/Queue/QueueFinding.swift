/// What the queue contract's judge found on one case for one end (CONTRACT.md §10.8). Its kind
/// is what a queue list entry names (`PATTERN  [KINDS]  REASON`) and what reports group by.
package struct QueueFinding: Equatable, Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        /// A tap the end refused (the call threw).
        case tap
        /// What the widget overlays differs from the pending taps.
        case peek
        /// What the end hands the app differs from the pending taps.
        case handoff
        /// A drain's changes differ from the contract's for its features.
        case drain
        /// The widget paints after the drain other rows than it painted with the queue overlaid.
        case roundTrip
        /// A tap that never applies: refused, thrown away, handed unread, not applied — or a
        /// stored value the end could not read, thrown away. Its own kind in every report.
        case dataLoss
        /// A tap applied again over a later change of the task in the app.
        case appliedTwice
        /// The end gave no answer (it crashed, hung, or wrote a line that is not one).
        case crash

        /// As reports name it.
        package var title: String {
            switch self {
            case .tap: "tap refused"
            case .peek: "peek"
            case .handoff: "handoff"
            case .drain: "drain"
            case .roundTrip: "round trip"
            case .dataLoss: "data loss"
            case .appliedTwice: "applied twice"
            case .crash: "crash"
            }
        }
    }

    package var caseId: String
    package var kind: Kind
    /// One line saying what differs (untrusted text: ids and stored values in it are escaped
    /// by each report).
    package var message: String

    package init(_ caseId: String, _ kind: Kind, _ message: String) {
        self.caseId = caseId
        self.kind = kind
        self.message = message
    }
}
