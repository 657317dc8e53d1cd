/// A deliberate departure from the Android end and its JDK 17 host that CONTRACT.md §5
/// declares, as a divergence list entry names it (`D3: …`): the entry may excuse only
/// differences the gate's `DeclaredDepartures.holds` finds that departure's cause in. The
/// roster (`ReaderEntry.departures`) says which a reader has.
package enum ContractDeparture: String, CaseIterable, Comparable, Sendable {
    case d1 = "D1", d2 = "D2", d3 = "D3", d4 = "D4", d5 = "D5", d6 = "D6", d7 = "D7", d8 = "D8"

    /// `D1` … `D8`.
    package var name: String { rawValue }

    package static func < (lhs: ContractDeparture, rhs: ContractDeparture) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
