import ContractModel

/// The cases × readers matrix behind `report --html`: one status per cell, cases grouped
/// by fixture and mutation family, with per-group counts. Kept apart from the markup so the
/// page and its tests read the same numbers.
package struct HTMLMatrix: Sendable {
    /// One reader's result on one case.
    package struct Cell: Sendable {
        package var status: CaseStatus
        /// Nil when the reader was not compared.
        package var outcome: ReaderOutcome?
        package var deviation: ReaderVerdict.Deviation?
    }

    /// The cases of one fixture and one mutation family (`canonical` × `syntax`).
    package struct Group: Sendable {
        package var fixture: String
        package var family: String
        /// Indices into `GateResult.corpus.cases`, in case order.
        package var caseIndices: [Int]
        /// reader → status → number of cases.
        package var counts: [String: [CaseStatus: Int]]
        /// Cases on which some compared reader does not agree.
        package var deviating: [Int]

        /// True when every compared reader agrees on every case of the group.
        package var allAgree: Bool { deviating.isEmpty }
        /// `g-canonical-syntax`.
        package var anchor: String { "g-" + HTMLText.anchor(fixture + "-" + family) }
    }

    /// Reader names in verdict order (`swift`, `c`, `kotlin`, testees).
    package let readers: [String]
    /// reader → why it was not compared.
    package let notCompared: [String: String]
    /// In case order: fixtures by name, families in first-seen order within each fixture.
    package let groups: [Group]
    private let cells: [[Cell]]

    package init(_ result: GateResult) {
        readers = result.verdicts.map(\.reader)
        var notCompared: [String: String] = [:]
        var cells: [[Cell]] = []
        let caseCount = result.corpus.cases.count
        for verdict in result.verdicts {
            if let reason = verdict.notCompared {
                notCompared[verdict.reader] = reason
                cells.append(Array(repeating: Cell(status: .notCompared, outcome: nil, deviation: nil), count: caseCount))
                continue
            }
            var deviations: [String: ReaderVerdict.Deviation] = [:]
            for deviation in verdict.deviations { deviations[deviation.caseId] = deviation }
            let outcomes = result.outcomes[verdict.reader]
            cells.append(result.corpus.cases.enumerated().map { index, testCase in
                let got = outcomes.map { $0[index] }
                // Not compared when its golden line is stale.
                let compared = result.compared(verdict.entry, at: index)
                let deviation = compared ? deviations[testCase.id] : nil
                return Cell(status: CaseStatus.of(compared: compared, outcome: got, deviation: deviation), outcome: got, deviation: deviation)
            })
        }
        self.notCompared = notCompared
        self.cells = cells

        var groups: [Group] = []
        var position: [String: Int] = [:]
        for (index, testCase) in result.corpus.cases.enumerated() {
            let fixture = String(testCase.fixtureName)
            let family = CaseID.family(of: testCase.id)
            let key = fixture + "\u{0}" + family
            if position[key] == nil {
                position[key] = groups.count
                groups.append(Group(fixture: fixture, family: family, caseIndices: [], counts: [:], deviating: []))
            }
            let at = position[key]!
            groups[at].caseIndices.append(index)
            var deviates = false
            for (readerIndex, reader) in readers.enumerated() {
                let status = cells[readerIndex][index].status
                groups[at].counts[reader, default: [:]][status, default: 0] += 1
                if status != .agree && status != .notCompared { deviates = true }
            }
            if deviates { groups[at].deviating.append(index) }
        }
        // Fixtures keep their case order already; make the grouping independent of it.
        var fixtureOrder: [String] = []
        for group in groups where !fixtureOrder.contains(group.fixture) { fixtureOrder.append(group.fixture) }
        self.groups = fixtureOrder.flatMap { fixture in groups.filter { $0.fixture == fixture } }
    }

    package func cell(case index: Int, reader: String) -> Cell {
        cells[readers.firstIndex(of: reader)!][index]
    }

    /// The worst status of any compared reader on this case.
    package func worst(case index: Int) -> CaseStatus {
        cells.map { $0[index].status }.filter { $0 != .notCompared }.max { $0.severity < $1.severity } ?? .agree
    }

    /// The worst status in a group for one reader.
    package func worst(_ group: Group, reader: String) -> CaseStatus {
        (group.counts[reader] ?? [:]).filter { $0.value > 0 }.keys.max { $0.severity < $1.severity } ?? .agree
    }

    /// Totals per reader and status over the whole corpus.
    package func total(reader: String, _ status: CaseStatus) -> Int {
        groups.reduce(0) { $0 + ($1.counts[reader]?[status] ?? 0) }
    }
}
