/// The values of the view members that revisions after 1 add (`projects`, `display`, a row's
/// `doneOn` …), by member name: what `DecodedView.added` and each of its `addedRowValues`
/// hold. A handful of named values kept in the order they were set and found by a linear
/// scan: a `Dictionary` per view and per row (every name hashed, storage allocated for each)
/// was a good part of building and comparing every view in `fuzz states`. Two are equal
/// when they hold the same names with equal values, in any order, as dictionaries are.
package struct AddedValues: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    private struct Entry: Sendable {
        var name: String
        var value: ViewValue
    }

    private var entries: [Entry] = []

    package init() {}

    /// Each name once (a name given twice keeps the last value, in the first one's place).
    package init(dictionaryLiteral elements: (String, ViewValue)...) {
        entries.reserveCapacity(elements.count)
        for (name, value) in elements { self[name] = value }
    }

    /// One named value (a row's `doneOn`), without the literal's temporary array.
    package init(_ name: String, _ value: ViewValue) {
        entries = [Entry(name: name, value: value)]
    }

    package init(_ values: [String: ViewValue]) {
        entries = values.map { Entry(name: $0.key, value: $0.value) }
    }

    /// The value of `name`, nil when none is held; setting nil removes it.
    package subscript(name: String) -> ViewValue? {
        get { entries.first { $0.name == name }?.value }
        set {
            let position = entries.firstIndex { $0.name == name }
            switch (position, newValue) {
            case (let position?, let value?): entries[position].value = value
            case (let position?, nil): entries.remove(at: position)
            case (nil, let value?): entries.append(Entry(name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }
    /// The names held, in the order they were set.
    package var names: [String] { entries.map(\.name) }
    /// The values held, in the order they were set.
    package var values: [ViewValue] { entries.map(\.value) }

    /// The same names, each value transformed.
    package func mapValues(_ transform: (ViewValue) throws -> ViewValue) rethrows -> AddedValues {
        var mapped = self
        for position in mapped.entries.indices { mapped.entries[position].value = try transform(mapped.entries[position].value) }
        return mapped
    }

    package static func == (lhs: AddedValues, rhs: AddedValues) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        // Both readers set the names in the description's order: that is tried first.
        if lhs.entries.indices.allSatisfy({ lhs.entries[$0].name == rhs.entries[$0].name }) {
            return lhs.entries.indices.allSatisfy { lhs.entries[$0].value == rhs.entries[$0].value }
        }
        return lhs.entries.allSatisfy { entry in rhs[entry.name].map { $0 == entry.value } ?? false }
    }
}
