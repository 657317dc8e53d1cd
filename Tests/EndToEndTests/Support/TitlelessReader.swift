import ContractModel
import HarnessReaders

/// A fourth in-tree reader, to show that adding one is this file plus one roster entry
/// (`ReaderRosterTests`): the Swift reader with every task title dropped, as a widget that
/// shows no titles would read the blob.
struct TitlelessReader: InProcessReader {
    /// Its roster entry: a product reader with no departures and its own list
    /// (`golden/divergences/titleless.txt`).
    static let entry = ReaderEntry(name: "titleless", role: .product, make: { TitlelessReader() })

    var name: String { Self.entry.name }

    func outcome(_ testCase: Case) -> ReaderOutcome {
        guard case .view(var view) = SwiftReader().outcome(testCase), case .tasks(var rows) = view.parse else {
            return SwiftReader().outcome(testCase)
        }
        for index in rows.indices { rows[index].title = "" }
        view.parse = .tasks(rows)
        return .view(view)
    }
}
