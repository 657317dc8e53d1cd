import ContractModel
import HarnessCorpus
import HarnessGate

/// `contract-harness tool list mutations|fixtures`.
enum ListCommand: Subcommand {
    static let name = "list"
    static let summary = "list the mutation operators or the fixtures"
    static let help = """
    USAGE: contract-harness tool list mutations
           contract-harness tool list fixtures [--root DIR]

    mutations: every operator's id, family, parameters and one-line description, in catalog order.
    fixtures:  every golden fixture with its zones, instants and description.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let what = arguments.positional()
        switch what {
        case "mutations":
            try arguments.finish()
            var byFamily: [String: Int] = [:]
            for op in MutationCatalog.all {
                byFamily[op.family.rawValue, default: 0] += 1
                let parameters = op.parameters.isEmpty ? "" : "  [#" + op.parameters.joined(separator: " #") + "]"
                print(TextSummary.pad(op.id, 34) + TextSummary.pad(op.family.rawValue, 11) + op.summary + parameters)
            }
            let variants = MutationCatalog.all.reduce(0) { $0 + $1.variants.count }
            print("\n\(MutationCatalog.all.count) operators, \(variants) variants, \(byFamily.count) families")
        case "fixtures":
            let paths = try paths(&arguments)
            try arguments.finish()
            for fixture in try FixtureLoader.load(root: paths.root.path) {
                print("\(fixture.name): \(UntrustedText.escape(fixture.description))")
                print("    zones: \(UntrustedText.escape(fixture.zones.joined(separator: ", ")))")
                print("    instants: " + fixture.instants.map { "\($0.name)=\($0.epochMs)" }.joined(separator: ", "))
            }
        default:
            throw UsageError("list what? `mutations` or `fixtures`")
        }
        return ExitCode.passed
    }
}
