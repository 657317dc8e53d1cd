/// The features a reader or a writer declares it implements (CONTRACT.md §8): named by a set of
/// the description (`3`, `default`, `pr-9624`) or by its features joined with `+`
/// (`base+currentTask`, `2+currentTask`). Every field and question of a feature it holds is
/// compared; those of the others are pending for it. A set always holds the base, what each of
/// its features needs, and never two features that conflict.
package struct FeatureSet: Sendable, Hashable, CustomStringConvertible {
    /// Its features, in the description's order.
    package let names: [String]
    private let members: Set<String>

    /// The named set's or the feature list's features, checked against `description`.
    package init(validating names: [String], in description: ContractDescription = .current) throws(HarnessInputError) {
        if let problem = Self.problem(names, in: description.features) {
            throw HarnessInputError(file: ContractDescription.file, message: problem)
        }
        self.init(unchecked: names, in: description)
    }

    private init(unchecked names: [String], in description: ContractDescription) {
        let members = Set(names)
        self.members = members
        self.names = description.features.map(\.name).filter(members.contains)
    }

    /// The base alone: the app's default branch, and every reader that declares nothing.
    package static func base(in description: ContractDescription = .current) -> FeatureSet {
        FeatureSet(unchecked: [description.base.name], in: description)
    }

    /// `spec`: a set name of the description, or set and feature names joined with `+`.
    /// The reason it names no valid set, on one line, when it does not.
    package static func parse(_ spec: String, in description: ContractDescription = .current) -> Result<FeatureSet, Problem> {
        if let named = description.set(named: spec) { return .success(FeatureSet(unchecked: named.features, in: description)) }
        var names: [String] = []
        for part in spec.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
            if let named = description.set(named: part) {
                names += named.features
            } else if description.feature(named: part) != nil {
                names.append(part)
            } else {
                let shown: String = UntrustedText.escape(part)
                let sets: String = description.sets.map(\.name).joined(separator: ", ")
                let features: String = description.features.map(\.name).joined(separator: ", ")
                return .failure(Problem(message: "`\(shown)` is neither a set nor a feature of \(ContractDescription.file) (sets: \(sets); features: \(features))"))
            }
        }
        if !names.contains(description.base.name) { names.insert(description.base.name, at: 0) }
        if let problem = problem(names, in: description.features) { return .failure(Problem(message: problem)) }
        return .success(FeatureSet(unchecked: names, in: description))
    }

    /// Why a spelling names no set, on one line.
    package struct Problem: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// Why `names` is not a set: an unknown feature, a need left out, two that conflict; nil when it is.
    package static func problem(_ names: [String], in features: [ContractDescription.Feature]) -> String? {
        let held = Set(names)
        guard let base = features.first, held.contains(base.name) else { return "a set holds the base feature `\(features.first?.name ?? "")`" }
        for name in names {
            guard let feature = features.first(where: { $0.name == name }) else { return "`\(name)` is not a feature" }
            if let need = feature.needs.first(where: { !held.contains($0) }) { return "`\(name)` needs `\(need)`, which the set does not hold" }
            if let other = feature.conflicts.first(where: held.contains) {
                return "`\(name)` and `\(other)` give the same question two meanings: a set holds one of them"
            }
        }
        return nil
    }

    /// A set's name: letters, digits, `-` and `.` (`pr-9624`), so it can stand in a command line and a report.
    package static func isSetName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
    }

    package func contains(_ feature: String) -> Bool { members.contains(feature) }

    /// Whether every feature of `other` is in this one.
    package func isSuperset(of other: FeatureSet) -> Bool { other.members.isSubset(of: members) }

    /// The first named set of the description with exactly these features, else the features joined with `+`.
    package func label(in description: ContractDescription = .current) -> String {
        description.sets.first { Set($0.features) == members }?.name ?? names.joined(separator: "+")
    }

    package var description: String { label() }

    package static func == (lhs: FeatureSet, rhs: FeatureSet) -> Bool { lhs.members == rhs.members }
    package func hash(into hasher: inout Hasher) { hasher.combine(members) }
}

extension FeatureSet {
    /// What a reader of this project declares in its own code (`WidgetSnapshotContract.features`,
    /// `rd_contract_features()`): the set it names, or the base alone when the description has no
    /// such set (`ReaderRosterTests` holds every declaration to the description).
    package static func declared(_ spec: String, in description: ContractDescription = .current) -> FeatureSet {
        (try? parse(spec, in: description).get()) ?? .base(in: description)
    }
}

extension ContractDescription {
    /// The writer schema of the blobs a writer of `set` writes: the named set's with exactly these
    /// features when it names one, else that of the last of its features that names one, else
    /// that of the largest named set inside it that names one; nil when none does.
    package func writerSchema(of set: FeatureSet) -> String? {
        if let exact = sets.first(where: { Set($0.features) == Set(set.names) && $0.writerSchema != nil }) { return exact.writerSchema }
        if let feature = features.last(where: { set.contains($0.name) && $0.writerSchema != nil }), feature.name != base.name {
            return feature.writerSchema
        }
        let inside = sets.filter { named in named.writerSchema != nil && named.features.allSatisfy(set.contains) }
        return inside.max { $0.features.count < $1.features.count }?.writerSchema ?? base.writerSchema
    }
}
