import Foundation
import WidgetSnapshot

/// The first operator step of fuzz cases, memoised: an operator with a parameter applied to
/// an unchanged fixture always gives the same blob, and six cases in seven start a chain so.
/// Generation was half of a fuzz run's instructions, most of it re-applying these steps
/// (building and writing the same drafts, parsing the same output again).
///
/// Bounded by fixtures × operators × parameters; an output over `largest` bytes (the size
/// family's 100 KB blobs) is computed each time instead, so the cache stays a few MB.
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

    static let largest = 16_384

    private let lock = NSLock()
    private var steps: [Key: Step] = [:]

    func step(_ key: Key, compute: () -> Step) -> Step {
        lock.lock()
        let known = steps[key]
        lock.unlock()
        if let known { return known }
        let step = compute()
        guard (step.output?.blob.count ?? 0) <= Self.largest else { return step }
        lock.lock()
        steps[key] = step
        lock.unlock()
        return step
    }
}
