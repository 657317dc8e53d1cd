import Foundation
import WidgetSnapshot
import HarnessCorpus

/// The first operator step of fuzz cases, memoised: an operator with a parameter applied to
/// an unchanged fixture always gives the same blob, and six cases in seven start a chain so.
/// Generation was half of a fuzz run's instructions, most of it re-applying these steps
/// (building and writing the same drafts, parsing the same output again).
///
/// Bounded by fixtures × operators × parameters, and by `budget` bytes of outputs in all
/// (the size family's 90 KB titles fit; past the budget, steps are computed each time).
final class FirstStepCache: @unchecked Sendable {
    struct Key: Hashable {
        var fixture: Int
        var op: Int
        var variant: Int
    }

    /// One step's result: the output, and the object a next step reads (nil: the chain ends).
    struct Step {
        var output: MutationOperator.Output?
        var next: JSONObject?
    }

    static let budget = 48 << 20

    private let lock = NSLock()
    private var steps: [Key: Step] = [:]
    private var bytes = 0

    func step(_ key: Key, compute: () -> Step) -> Step {
        lock.lock()
        let known = steps[key]
        lock.unlock()
        if let known { return known }
        let step = compute()
        let size = step.output?.blob.count ?? 0
        lock.lock()
        if bytes + size <= Self.budget, steps.updateValue(step, forKey: key) == nil { bytes += size }
        lock.unlock()
        return step
    }
}
