/// A small, conventional argument reader (no outside packages): `--name VALUE`,
/// `--name=VALUE`, repeated options, flags, positionals, and `--` to end options.
struct Arguments {
    private var items: [String]

    init(_ items: [String]) { self.items = items }

    var isEmpty: Bool { items.isEmpty }

    /// Removes `--name` and reports whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = optionIndex(name), !items[index].contains("=") else { return false }
        items.remove(at: index)
        return true
    }

    /// The value of the last `--name VALUE` / `--name=VALUE`, removing every occurrence.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        try options(name).last
    }

    /// Every value of a repeatable option, in order.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        while let index = optionIndex(name) {
            let item = items.remove(at: index)
            if let equals = item.firstIndex(of: "=") {
                values.append(String(item[item.index(after: equals)...]))
            } else {
                guard index < items.count, !items[index].hasPrefix("--") || items[index] == "-" else {
                    throw UsageError("\(name) needs a value")
                }
                values.append(items.remove(at: index))
            }
        }
        return values
    }

    mutating func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text) else { throw UsageError("\(name) takes a whole number, got `\(text)`") }
        return value
    }

    /// Removes the first argument when it is one of `words` (a subcommand's subject: `fuzz
    /// states`), and returns it.
    mutating func leadingWord(_ words: Set<String>) -> String? {
        guard let first = items.first, words.contains(first) else { return nil }
        return items.removeFirst()
    }

    /// The value `--name VALUE` has, without removing anything (nil when absent or a flag).
    func peekValue(_ name: String) -> String? {
        guard let index = optionIndex(name) else { return nil }
        if let equals = items[index].firstIndex(of: "=") { return String(items[index][items[index].index(after: equals)...]) }
        return index + 1 < items.count && !items[index + 1].hasPrefix("--") ? items[index + 1] : nil
    }

    /// The next positional argument.
    mutating func positional() -> String? {
        let end = items.firstIndex(of: "--") ?? items.count
        guard let index = items[..<end].firstIndex(where: { !$0.hasPrefix("--") || $0 == "-" }) else {
            if end < items.count, end + 1 < items.count {
                items.remove(at: end)
                return items.remove(at: end)
            }
            return nil
        }
        return items.remove(at: index)
    }

    /// Fails on an option left over, before positionals are taken (so `--typo VALUE` is named
    /// as the unknown option, not VALUE taken for a positional).
    func rejectUnknownOptions() throws(UsageError) {
        let end = items.firstIndex(of: "--") ?? items.count
        if let first = items[..<end].first(where: { $0.hasPrefix("--") }) { throw UsageError("unknown option \(first)") }
    }

    /// Fails on anything left over (a typo must not be ignored).
    func finish() throws(UsageError) {
        if let first = items.first(where: { $0 != "--" }) {
            throw UsageError(first.hasPrefix("--") ? "unknown option \(first)" : "unexpected argument \(first)")
        }
    }

    private func optionIndex(_ name: String) -> Int? {
        let end = items.firstIndex(of: "--") ?? items.count
        return items[..<end].firstIndex { $0 == name || $0.hasPrefix(name + "=") }
    }
}

/// Bad usage: exit code 2 with the message and a pointer to `--help`.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
