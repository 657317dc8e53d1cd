import ContractModel

/// One generated fuzz case: its index in the seed's sequence, the case itself, and the
/// recipe that made it (fixture, operators, byte mutations, zone, instant), so a finding
/// can say how its blob came about before it was shrunk.
package struct FuzzCase: Equatable, Sendable {
    package var index: Int
    package var testCase: Case
    /// Human-readable steps, in order: `fixture canonical`, `op dates.impossible-day#2026-02-30`,
    /// `bytes flip@12.3`, `zone Europe/Berlin`, `now before`.
    package var recipe: [String]

    package init(index: Int, testCase: Case, recipe: [String]) {
        self.index = index
        self.testCase = testCase
        self.recipe = recipe
    }
}
