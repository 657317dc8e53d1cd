import ContractModel
import WidgetSnapshot
import HarnessCorpus

/// Makes fuzz case `i` of a seed from the golden fixtures: a random chain of named
/// mutation operators, then random byte-level mutations, a zone, an instant and the case
/// inputs of revision 2 (`CaseInputMutator`). A case carries every input its fixture and
/// operators set — taps, tap times, the selected project, the capacity — as the corpus's does.
///
/// Case `i` is a pure function of `(seed, i)` and the fixtures/catalog — its own
/// `SeededRandom` stream, no shared state — so shards are just `i % n`, threads can make
/// cases in any order, and `--case i` regenerates exactly the case a finding came from.
package struct FuzzCaseGenerator: Sendable {
    package let seed: UInt64
    /// Sorted by name (the order the seed's choices index into).
    package let fixtures: [Fixture]
    package let catalog: [MutationOperator]
    private let mutator: ByteMutator
    /// Operator steps on an unchanged fixture, memoised (shared by copies and threads).
    private let firstSteps = FirstStepCache()
    /// Each fixture's text and each zone's id label, made once (they were a tenth of a
    /// case's generation when made per case).
    private let blobTexts: [[UInt8]]
    private let zoneLabels: [String: String]

    /// The catalog without the two operators whose blob costs as much as a hundred ordinary
    /// cases, which the gate's corpus already runs through every reader:
    /// - `size.many-tasks`: a 10 000-task blob, a thousand times slower to make and decode;
    /// - `size.long-title`: a 102 400-byte title. Drawn for 1 % of cases (seed 1, 20 000 cases),
    ///   its blobs were two thirds of every byte the readers parsed (81 KB against 1.2 KB on
    ///   average), and the byte mutations after it land inside the title. Without it the
    ///   fuzzer makes 1.25 (one job) to 1.4 (two) times as many cases a second.
    /// The other size operators stay: deep nesting around the 2048 limit is exactly where
    /// mutations find edges.
    package static let defaultCatalog = MutationCatalog.all.filter { !gateOnly.contains($0.id) }

    /// Operators the fuzzer leaves to the gate (see `defaultCatalog`).
    package static let gateOnly: Set<String> = ["size.many-tasks", "size.long-title"]

    package init(seed: UInt64, fixtures: [Fixture], catalog: [MutationOperator] = FuzzCaseGenerator.defaultCatalog) {
        precondition(!fixtures.isEmpty, "the fuzzer needs at least one fixture")
        self.seed = seed
        self.fixtures = fixtures.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        self.catalog = catalog
        self.blobTexts = self.fixtures.map(\.blobText)
        self.mutator = ByteMutator(spliceSources: blobTexts)
        var labels: [String: String] = [:]
        for zone in self.fixtures.flatMap(\.zones) { labels[zone] = CaseID.zoneLabel(zone) }
        self.zoneLabels = labels
    }

    /// Edge instants tried now and then besides the fixture's own.
    static let edgeInstants: [(String, Int64)] = [("zero", 0), ("minus-one", -1), ("min", Int64.min), ("max", Int64.max)]

    /// Whether the next operator of a chain may read this output. Operators are written
    /// for blobs a writer makes (a writer's `validUntil` is within JavaScript's exact integer
    /// range), so a chain stops once `validUntil` leaves that range. (A chain also stops after a `size` operator: further edits of a
    /// 2047-deep or 100 KB blob only cost time.)
    static func isWriterLike(_ blob: JSONObject) -> Bool {
        guard case .integer(let validUntil)? = blob["validUntil"] else { return true }
        return validUntil.magnitude <= 1 << 53
    }

    /// One operator step: its output, and the object the next step reads (nil: the chain
    /// stops here — a `size` operator, output that is not an object, or not writer-like).
    static func apply(_ op: MutationOperator, _ parameter: String?, to input: MutationOperator.Input) -> FirstStepCache.Step {
        guard let output = op.apply(input, parameter: parameter) else { return FirstStepCache.Step(output: nil, next: nil) }
        return FirstStepCache.Step(output: output, next: next(after: op, output))
    }

    /// The object a step after `op` reads from its output, or nil when the chain stops there.
    static func next(after op: MutationOperator, _ output: MutationOperator.Output) -> JSONObject? {
        guard op.family != .size, case .object(let object)? = try? JSONParser().parse(output.blob),
              isWriterLike(object) else { return nil }
        return object
    }

    /// Case `index`, with its recipe.
    package func make(_ index: Int) -> FuzzCase { make(index, recipe: true) }

    /// Case `index`. Without `recipe` its recipe is left empty (the same case otherwise: the
    /// recipe draws nothing from the stream), for a run that needs one only for a finding —
    /// writing every step out was a tenth of a case's generation.
    package func make(_ index: Int, recipe wanted: Bool) -> FuzzCase {
        var random = SeededRandom(seed: seed, stream: UInt64(index))
        let fixtureIndex = random.below(fixtures.count)
        let fixture = fixtures[fixtureIndex]
        var recipe: [String] = []
        if wanted { recipe.append("fixture \(fixture.name)") }
        // Every case input the fixture has (taps, tap times, selection) and the instants an
        // operator sets times by: an operator's output carries them all on to the case.
        var input = MutationOperator.Input(fixture)
        var inputIsFixture = true
        var blob = blobTexts[fixtureIndex]
        var inputs = MutationOperator.Output(blob: [], pendingDoneTargets: fixture.pendingDoneTargets,
                                             pendingDoneTimestamps: fixture.pendingDoneTimestamps,
                                             selectedProjectId: fixture.selectedProjectId)

        // A chain of named operators; each next one reads the previous output while it is
        // still a JSON object (byte-level quirks of an earlier step may be normalised away).
        let chain = random.pick([0, 1, 1, 1, 2, 2, 3])
        // The chain's last step off the fixture: what a next step would read from its output
        // is worked out only if a tap needs the tasks (parsing an output is most of a step).
        var lastStep: (op: MutationOperator, output: MutationOperator.Output)?
        for position in 0..<chain {
            let opIndex = random.below(catalog.count)
            let op = catalog[opIndex]
            let variantIndex = random.below(op.variants.count)
            let parameter = op.variants[variantIndex]
            // A step on the fixture itself is a pure function of (fixture, operator, parameter).
            let step: FirstStepCache.Step
            if inputIsFixture {
                step = firstSteps.step(FirstStepCache.Key(fixture: fixtureIndex, op: opIndex, variant: variantIndex)) {
                    Self.apply(op, parameter, to: input)
                }
            } else if position == chain - 1 {
                guard let output = op.apply(input, parameter: parameter) else { continue }
                lastStep = (op, output)
                step = FirstStepCache.Step(output: output, next: nil)
            } else {
                step = Self.apply(op, parameter, to: input)
            }
            guard let output = step.output else { continue }
            if wanted { recipe.append("op \(op.id)" + (parameter.map { "#\($0)" } ?? "")) }
            blob = output.blob
            inputs = output
            guard let next = step.next else { break }
            input = Self.input(next, carrying: output, instants: fixture.instants)
            inputIsFixture = false
        }

        // Byte-level mutations: none for a third of the cases, so operator chains are also
        // tried on intact text.
        let byteMutations = random.pick([0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 6, 8])
        for _ in 0..<byteMutations {
            let description = mutator.mutate(&blob, &random, describe: wanted)
            if wanted { recipe.append("bytes " + description) }
        }

        if random.chance(1, in: 10) {
            let tasks = lastStep.flatMap { Self.next(after: $0.op, $0.output) }
                .map { MutationOperator.Input(blob: $0).tasks } ?? input.tasks
            let ids = tasks.compactMap { $0.task["id"]?.stringValue }
            let taskId = ids.isEmpty || random.chance(1, in: 4) ? JSONString("t1") : random.pick(ids)
            let target = random.chance(1, in: 2)
            inputs.pendingDoneTargets = inputs.pendingDoneTargets.queuing(taskId, target)
            if wanted { recipe.append("tap \(taskId)=\(target)") }
        }

        let zone = random.pick(fixture.zones)
        let instant: (name: String, epochMs: Int64)
        if random.chance(1, in: 12) {
            instant = random.pick(Self.edgeInstants)
        } else {
            let chosen = random.pick(fixture.instants)
            instant = (chosen.name, chosen.epochMs)
        }
        // Drawn after everything above, so the blob, zone and instant of case i are what they
        // were before the fuzzer drew these inputs.
        let inputSteps = CaseInputMutator.mutate(&inputs, blob: blob, nowMs: instant.epochMs, random: &random, describe: wanted)
        if wanted {
            // The zone and the instant stay the recipe's last two steps (what the case id names).
            recipe += inputSteps
            recipe.append("zone \(zone)")
            recipe.append("now \(instant.name) \(instant.epochMs)")
        }
        // `CaseID.make(fixture: "fuzz", operator: "<seed>-<index>", parameter: nil, zone:, instant:)`.
        let id = "fuzz/\(seed)-\(index)@\(zoneLabels[zone] ?? CaseID.zoneLabel(zone))@\(instant.name)"
        return FuzzCase(index: index, testCase: Case(id: id, blob: blob, pendingDoneTargets: inputs.pendingDoneTargets,
                                                     pendingDoneTimestamps: inputs.pendingDoneTimestamps,
                                                     selectedProjectId: inputs.selectedProjectId, capacity: inputs.capacity,
                                                     nowMs: instant.epochMs, timeZone: zone, deviceLocale: inputs.deviceLocale),
                         recipe: recipe)
    }

    /// What the next operator of a chain reads: the object, every case input the last output
    /// set (taps, tap times, selection, capacity, device locale) and the fixture's instants.
    static func input(_ object: JSONObject, carrying output: MutationOperator.Output,
                      instants: [Fixture.Instant]) -> MutationOperator.Input {
        MutationOperator.Input(blob: object, pendingDoneTargets: output.pendingDoneTargets,
                               pendingDoneTimestamps: output.pendingDoneTimestamps, selectedProjectId: output.selectedProjectId,
                               capacity: output.capacity, deviceLocale: output.deviceLocale, instants: instants)
    }
}
