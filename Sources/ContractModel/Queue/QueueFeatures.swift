/// The features a queue end declares: `targets+tapTimes` or a set's name (`android-b28e0ade`),
/// checked against the queue description (each a feature of the end's role, with the features
/// it needs). What a writer end is sent and what a drain is held to follow from it.
package struct QueueFeatures: Hashable, Sendable, CustomStringConvertible {
    package let names: Set<String>

    package init(_ names: Set<String>) { self.names = names }

    package func has(_ feature: String) -> Bool { names.contains(feature) }

    /// In the description's order, joined by `+`.
    package var description: String {
        QueueDescription.current.features.map(\.name).filter(names.contains).joined(separator: "+")
    }

    /// Reads a declaration for an end of `role`; the error says what is wrong in words.
    package static func parse(_ text: String, role: QueueDescription.Role,
                              in contract: QueueDescription = .current) throws(QueueDeclarationError) -> QueueFeatures {
        let names: [String]
        if let named = contract.namedSet(text) {
            guard let members = named.features(for: role) else {
                throw QueueDeclarationError("the set `\(text)` says nothing of a \(role.rawValue) end")
            }
            names = members
        } else {
            names = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        }
        guard !names.isEmpty, !names.contains("") else {
            throw QueueDeclarationError("`\(text)` declares no feature (features: \(contract.features.map(\.name).joined(separator: ", ")); sets: \(contract.sets.map(\.name).joined(separator: ", ")))")
        }
        for name in names {
            guard let feature = contract.feature(name) else {
                throw QueueDeclarationError("`\(name)` is neither a queue feature (\(contract.features.map(\.name).joined(separator: ", "))) nor a set (\(contract.sets.map(\.name).joined(separator: ", ")))")
            }
            guard feature.roles.contains(role) else {
                throw QueueDeclarationError("`\(name)` is not a feature of a \(role.rawValue) end (it applies to \(feature.roles.map(\.rawValue).sorted().joined(separator: ", ")))")
            }
            for need in feature.needs where !names.contains(need) {
                throw QueueDeclarationError("`\(name)` needs `\(need)`: declare both (\(need)+\(name))")
            }
        }
        return QueueFeatures(Set(names))
    }

    /// Every feature of `role`: what the project's ends implement.
    package static func all(_ role: QueueDescription.Role, in contract: QueueDescription = .current) -> QueueFeatures {
        QueueFeatures(Set(contract.features.filter { $0.roles.contains(role) }.map(\.name)))
    }
}

/// A queue end's declaration that the description does not allow.
package struct QueueDeclarationError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
