import ContractModel
/// Outputs recorded earlier by running a reader that is not available here (the Kotlin
/// end on Android's org.json, recorded by `scripts/record-kotlin`), replayed by case id.
package struct RecordedReader: Reader {
    package let name: String
    private let outcomes: [String: ReaderOutcome]

    package init(name: String, outcomes: [String: ReaderOutcome]) {
        self.name = name
        self.outcomes = outcomes
    }

    package func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        cases.map { outcomes[$0.id] ?? .failure("missing: no recorded line for this case (re-record with `scripts/record-kotlin`)") }
    }
}
