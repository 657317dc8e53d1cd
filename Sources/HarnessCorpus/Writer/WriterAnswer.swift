/// What a writer end answered for one app-state line (CONTRACT.md §7.3).
package enum WriterAnswer: Equatable, Sendable {
    /// The blob, exactly the line the writer wrote (whatever it is: a line that is not JSON
    /// is still the writer's blob, judged by the writer schema and read by every reader).
    case blob([UInt8])
    /// A crash line (`{"id":…,"crash":…}`): the writer could not project the state.
    case crash(String)
    /// No answer: the process died, hung, could not start, or was declared broken.
    case failure(String)
}
