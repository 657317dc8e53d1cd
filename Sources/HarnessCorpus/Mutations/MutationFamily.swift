/// The groups the issue lists operators in; every operator id starts with its family's
/// raw value (`version.float-one` is in `version`), except the identity `base`.
///
/// Families let reports and divergence lists talk about "all date cases" at once.
package enum MutationFamily: String, CaseIterable, Sendable {
    case base
    case version
    case meta
    case dates
    case projectId = "projectid"
    case colours
    case tasks
    case isDone = "isdone"
    case pending
    case syntax
    case numbers
    case unicode
    case duplicates
    case size
    // Revision 2 (project widgets, `doneOn`, tap times) and revision 3 (the tracked task):
    // each on the fixture of its revision.
    case projects
    case selection
    case doneOn = "doneon"
    case grace
    case tapTime = "taptime"
    case currentTask = "currenttask"
    /// Old persisted blobs (fixtures of an earlier revision) under today's inputs.
    case compat
    /// What the widget paints (CONTRACT.md §9): colours, capacities, headers, empty states.
    case display
    /// The device's locale, calendar and digits the readers run under (CONTRACT.md §4).
    case device
}
