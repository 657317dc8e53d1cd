import Foundation

/// What of the harness CONTRACT.md names: a Swift type of the harness or a command-line flag. The
/// contract says what every reader must answer and why; how this harness implements it (its types,
/// its options) lives in docs/ and in the code, and changes without the contract changing.
enum ContractNames {
    /// The folders whose types are the harness's (the products' types, `WidgetData` and the
    /// testee kit's, are what an app uses and may be named).
    static let harnessSources = ["Sources/HarnessCorpus", "Sources/HarnessReaders", "Sources/HarnessGate",
                                 "Sources/HarnessFuzz", "Sources/ContractModel", "Sources/contract-harness"]

    private static let declaration = try! NSRegularExpression(
        pattern: #"^\s*(?:(?:public|package|internal|final|indirect|nonisolated)\s+)*(?:struct|enum|class|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
        options: .anchorsMatchLines)

    /// Every type declared in the harness's sources that code outside its file can name (a
    /// `private` or `fileprivate` one is left out: no reader could have met it).
    static func harnessTypes(root: URL) throws -> Set<String> {
        var types: Set<String> = []
        for folder in harnessSources {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where url.pathExtension == "swift" {
                types.formUnion(declaredTypes(in: try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return types
    }

    static func declaredTypes(in source: String) -> Set<String> {
        Set(declaration.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap {
            Range($0.range(at: 1), in: source).map { String(source[$0]) }
        })
    }

    private static let codeSpan = try! NSRegularExpression(pattern: "`([^`]+)`")
    private static let identifier = try! NSRegularExpression(pattern: #"[A-Za-z_][A-Za-z0-9_]*"#)
    /// A compound name (`DeclaredDepartures`): a type even when not written as code.
    private static let compound = try! NSRegularExpression(pattern: #"\b[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+\b"#)
    private static let flag = try! NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z0-9-]*"#)

    /// What CONTRACT.md names, as "§N: NAME" once per section (§0: before the first `## N.`): a
    /// harness type written as code or as a compound name, and every `--flag`. A single word is a
    /// type only in code (`Writer` in prose is the writer).
    static func named(in contract: String, types: Set<String>) -> [String] {
        var section = "0"
        var found: [String] = []
        for line in contract.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## "), let number = line.dropFirst(3).split(separator: ".").first, Int(number) != nil { section = String(number) }
            var names: [String] = []
            for span in strings(codeSpan, in: line, group: 1) { names += strings(identifier, in: span).filter(types.contains) }
            names += strings(compound, in: line).filter(types.contains)
            names += strings(flag, in: line)
            for name in names where !found.contains("§\(section): \(name)") { found.append("§\(section): \(name)") }
        }
        return found
    }

    private static func strings(_ regex: NSRegularExpression, in text: String, group: Int = 0) -> [String] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }
}
