import WidgetSnapshot

/// What one reader made of one case: a view, or a failure of the reader itself (a crash,
/// a hang, a line that is not a view) — which is never confused with a parse error.
public enum ReaderOutcome: Equatable, Sendable {
    case view(DecodedView)
    case failure(String)

    public var view: DecodedView? {
        if case .view(let view) = self { return view }
        return nil
    }
}

/// The one interface the harness knows readers by: Swift, the C reference, recorded
/// Kotlin outputs and external processes all implement it, so adding a fourth language
/// is one new file.
public protocol Reader: Sendable {
    /// Short, stable, path-safe: `swift`, `c`, `kotlin`, or a testee's name.
    var name: String { get }
    /// Outcomes for `cases`, in the same order. `jobs` bounds the parallelism a reader may use;
    /// results never depend on it.
    func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome]
}

/// A reader that runs inside this process, one case at a time, safely from any thread.
public protocol InProcessReader: Reader {
    func decode(_ testCase: Case) -> DecodedView
}

extension InProcessReader {
    public func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        ParallelMap.map(cases, jobs: jobs) { .view(decode($0)) }
    }
}
