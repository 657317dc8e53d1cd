import ContractModel

/// Reads a team's queue end as the command line gives it (CONTRACT.md §10.4), in the one
/// spelling of every external end: `NAME@FEATURES=COMMAND`. FEATURES is features joined by `+`
/// or a set's name (schemas/queue-contract.json); a writer's also names its stored format
/// (`app@android+targets+tapTimes=…`, or a set that has one: `app@android-b28e0ade=…`).
package enum QueueEndDeclaration {
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    package static func parse(_ spec: String, role: QueueEndEntry.Role,
                              contract: QueueDescription = .current) throws(Problem) -> QueueEndEntry {
        let option = "--queue-\(role.rawValue)"
        guard let equals = spec.firstIndex(of: "=") else { throw Problem(description: "\(option) takes NAME@FEATURES=COMMAND, got `\(spec)`") }
        let head = String(spec[..<equals])
        let command = String(spec[spec.index(after: equals)...])
        guard let at = head.firstIndex(of: "@") else {
            throw Problem(description: "\(option) \(head): say which features it implements, NAME@FEATURES=COMMAND (features: \(contract.features.map(\.name).joined(separator: ", ")); sets: \(contract.sets.map(\.name).joined(separator: ", ")))")
        }
        let name = String(head[..<at])
        guard !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }) else {
            throw Problem(description: "\(option): the end's name `\(name)` must be [a-z0-9_-]+")
        }
        guard !QueueRoster.reservedNames.contains(name) else {
            throw Problem(description: "\(option) \(name): `\(name)` is the name of one of the project's queue ends (\(QueueRoster.reservedNames.sorted().joined(separator: ", "))); name the end after your own")
        }
        guard !command.isEmpty else { throw Problem(description: "\(option) \(name)= has no command") }
        var parts = head[head.index(after: at)...].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var format: String?
        if role == .writer {
            let formats = parts.filter { contract.format($0) != nil }
            guard formats.count <= 1 else { throw Problem(description: "\(option) \(name): it declares two stored formats (\(formats.joined(separator: ", ")))") }
            format = formats.first
            parts.removeAll { contract.format($0) != nil }
            if format == nil, parts.count == 1 { format = contract.namedSet(parts[0])?.format }
            guard format != nil else {
                throw Problem(description: "\(option) \(name): say the format it stores the queue in, one of \(contract.formats.map(\.name).joined(separator: ", ")) (`\(name)@\(contract.formats.first?.name ?? "android")+targets=…`)")
            }
        }
        let features: QueueFeatures
        do {
            features = try QueueFeatures.parse(parts.joined(separator: "+"), role: role == .writer ? .writer : .drain, in: contract)
        } catch {
            throw Problem(description: "\(option) \(name): \(error)")
        }
        return QueueEndEntry(name: name, role: role, features: features, format: format, source: .command(command))
    }
}
