import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate

/// `contract-harness tool compare A B`: two sets of view lines compared as the gate compares, for
/// scripts (a recording against `golden/kotlin`, a mutant's views against `golden/expected`).
enum CompareCommand: Subcommand {
    static let name = "compare"
    static let summary = "compare two sets of view lines case by case, as the gate does"
    static let help = """
    USAGE: contract-harness tool compare EXPECTED GOT [--list FILE] [--parse-only] [--features SET --cases FILE]
                                          [--exact] [--first] [--show N] [--quiet]

    Compares two sets of view lines case by case and field by field, as `check` compares a reader
    with golden/expected. Each side is a file of view lines or a golden folder; GOT may be `-`
    (stdin, read as it arrives). Exit 0 equal, 1 differ, 2 bad usage or input.

    OPTIONS:
      --list FILE   a divergence list: differences its entries excuse are not counted
      --parse-only  GOT's lines hold only parse (meta, stale, header "not implemented")
      --features SET
                    the contract features GOT's reader declares (a set of schemas/contract.json,
                    or features joined with +; --revision N is the set N); with --cases FILE (the
                    case lines GOT answered) the other features' fields are pending, as in `check`
      --exact       error and crash texts must be equal too
      --first       stop at the first case that differs
      --show N      differences shown (default 10)
      --quiet       print only the summary line
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let listPath = try arguments.option("--list")
        var options = ViewComparison.Options(parseOnly: arguments.flag("--parse-only"), exact: arguments.flag("--exact"))
        let declaredText = try arguments.option("--features") ?? arguments.option("--revision")
        let casesPath = try arguments.option("--cases")
        let first = arguments.flag("--first")
        let quiet = arguments.flag("--quiet")
        let show = try arguments.integer("--show") ?? 10
        guard let expectedPath = arguments.positional(), let gotPath = arguments.positional() else {
            throw UsageError("compare takes two paths: EXPECTED GOT")
        }
        try arguments.finish()
        guard (declaredText == nil) == (casesPath == nil) else { throw UsageError("--features and --cases go together") }
        if let declaredText, let casesPath {
            let declared: FeatureSet
            switch FeatureSet.parse(declaredText) {
            case .success(let set): declared = set
            case .failure(let problem): throw UsageError("--features: \(problem.message)")
            }
            let url = URL(fileURLWithPath: casesPath)
            guard let bytes = try GoldenText.read(url, displayName: casesPath, tree: TreeBoundary(root: url.deletingLastPathComponent()),
                                                  special: true) else {
                throw HarnessInputError(file: casesPath, message: "no such file")
            }
            let cases = try CaseStream.read(bytes, file: casesPath)
            options.pending = (declared, Dictionary(cases.map { ($0.id, PendingRule.inputs(of: $0)) }, uniquingKeysWith: { _, last in last }))
        }
        if let listPath {
            let url = URL(fileURLWithPath: listPath)
            options.list = try DivergenceList.load(url, displayName: listPath, tree: TreeBoundary(root: url.deletingLastPathComponent()))
        }
        var expected: [String: ReaderOutcome] = [:]
        for line in try ViewLineFile.read(expectedPath) {
            guard expected.updateValue(line.outcome, forKey: line.id) == nil else {
                throw HarnessInputError(file: expectedPath, line: line.lineNumber, field: "id", message: "case \(line.id) again")
            }
        }
        var comparison = ViewComparison(expected: expected, options: options)
        var stopped = false
        func add(_ line: ViewLineFile.Line, file: String) throws(HarnessInputError) {
            let (isNew, difference) = comparison.add(id: line.id, outcome: line.outcome)
            guard isNew else { throw HarnessInputError(file: file, line: line.lineNumber, field: "id", message: "case \(line.id) again") }
            if first, difference != nil { stopped = true }
        }
        if gotPath == "-" {
            var number = 0
            while !stopped, let text = readLine(strippingNewline: true) {
                number += 1
                if text.isEmpty { continue }
                try add(try ViewLineFile.parse(Array(text.utf8), file: "stdin", lineNumber: number), file: "stdin")
            }
        } else {
            for line in try ViewLineFile.read(gotPath) where !stopped { try add(line, file: gotPath) }
        }
        if !quiet {
            for difference in comparison.differences.prefix(show) {
                for line in difference.lines { print("  " + line) }
            }
            if comparison.differences.count > show { print("  … and \(comparison.differences.count - show) more cases") }
            for line in comparison.breakdown() { print(line) }
        }
        let how = stopped ? " (stopped at the first difference)" : ""
        print("compare \(expectedPath) \(gotPath): " + (stopped ? "\(comparison.differences[0].caseId) differs" : comparison.summary) + how)
        return comparison.agrees && !stopped ? ExitCode.passed : ExitCode.contractFailure
    }
}
