import ContractModel
import HarnessCorpus
import HarnessReaders

/// What changed in the golden outputs between a git revision and the work tree, per
/// reader (`golden/expected` is the C reference's, `golden/kotlin` the recorded Kotlin
/// end's): cases added, removed, changed on a compared field, or changed only in an
/// (informational) error text. `contract-harness golden diff --base REV` prints it; a reviewer
/// reads it before the raw `git diff` of thousands of lines.
package struct GoldenDiff: Sendable {
    /// One case whose compared fields changed: `expected` in each difference is the base
    /// revision's value, `got` the work tree's.
    package struct Change: Sendable {
        package var caseId: String
        package var differences: [FieldDifference]
    }

    /// The changes of one reader's folder.
    package struct Reader: Sendable {
        package var golden: GoldenFolder
        /// `expected`, `kotlin`.
        package var name: String { golden.name }
        /// `golden/expected`.
        package var folder: String { golden.path }
        /// `C reference`, `recorded Kotlin`.
        package var role: String { golden.role }
        package var added: [String] = []
        package var removed: [String] = []
        package var changed: [Change] = []
        /// Lines that differ only in what is never compared (error texts).
        package var errorTextOnly: [String] = []

        package init(_ golden: GoldenFolder) {
            self.golden = golden
        }

        package var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && errorTextOnly.isEmpty }

        /// Changed cases per field with row numbers dropped (`parse.tasks[].title`), most
        /// cases first; a case counts once per field it changed on.
        package var byField: [(field: String, cases: Int)] {
            Tally.mostFirst(changed.flatMap { Set($0.differences.map { $0.path.key }) }).map { ($0.key, $0.count) }
        }

        /// Changed, added and removed cases per fixture and mutation family
        /// (`offset-4h/meta`), most cases first.
        package var byFamily: [(family: String, cases: Int)] {
            Tally.mostFirst((changed.map(\.caseId) + added + removed).map { "\(CaseID.fixture(of: $0))/\(CaseID.family(of: $0))" })
                .map { ($0.key, $0.count) }
        }

        /// At most `limit` changes, taken in turn from each field group (largest first) so
        /// every kind of change shows up before any repeats; within a group, one case per
        /// mutation (`fixture/operator#param`) before a second zone or instant of it.
        package func examples(_ limit: Int) -> [(caseId: String, difference: FieldDifference)] {
            let queues: [[(caseId: String, difference: FieldDifference)]] = byField.map { group in
                let all = changed.compactMap { change in
                    change.differences.first { $0.path.key == group.field }.map { (caseId: change.caseId, difference: $0) }
                }
                var heads: Set<Substring> = []
                let first = all.filter { heads.insert(CaseID.mutation(of: $0.caseId)).inserted }
                let firstIds = Set(first.map(\.caseId))
                return first + all.filter { !firstIds.contains($0.caseId) }
            }
            var picked: [(caseId: String, difference: FieldDifference)] = []
            var seen: Set<String> = []
            var round = 0
            while picked.count < limit, queues.contains(where: { round < $0.count }) {
                for position in queues.indices where round < queues[position].count && picked.count < limit {
                    let candidate = queues[position][round]
                    if seen.insert(candidate.caseId + "\u{0}" + candidate.difference.field).inserted { picked.append(candidate) }
                }
                round += 1
            }
            return picked
        }
    }

    /// The revision as given and the commit it resolved to.
    package var baseName: String
    package var baseCommit: String
    package var readers: [Reader]

    package var isEmpty: Bool { readers.allSatisfy(\.isEmpty) }

    /// Compares every golden folder at `base` with the work tree under `paths.root`.
    package static func load(_ paths: HarnessPaths, base: String) throws -> GoldenDiff {
        let revision = try GitRevision(base, root: paths.root)
        var readers: [Reader] = []
        for golden in GoldenFolder.all {
            readers.append(try compare(before: try GoldenViews.at(revision, folder: golden.path),
                                       after: try GoldenViews.workTree(paths, folder: golden.path),
                                       reader: Reader(golden)))
        }
        return GoldenDiff(baseName: base, baseCommit: revision.commit, readers: readers)
    }

    /// Fills `reader` with the differences from `before` to `after` (work-tree order;
    /// removed cases in their old order).
    package static func compare(before: GoldenViews, after: GoldenViews, reader: Reader) throws(HarnessInputError) -> Reader {
        var result = reader
        for entry in after.entries {
            guard let old = before[entry.id] else {
                result.added.append(entry.id)
                continue
            }
            if old.line == entry.line { continue }
            let differences = FieldDifference.between(expected: try old.outcome(), got: try entry.outcome())
            if differences.isEmpty {
                result.errorTextOnly.append(entry.id)
            } else {
                result.changed.append(Change(caseId: entry.id, differences: differences))
            }
        }
        result.removed = before.entries.map(\.id).filter { after[$0] == nil }
        return result
    }
}
