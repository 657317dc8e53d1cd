import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The contract's drain (CONTRACT.md §10.6), in Swift: what a drain of given features applies
/// for a handed queue and the app's tasks. Every drain end is held to it for the features it
/// declares; the writer ends' judge drains with all of them (what the project's drain does).
/// JavaScript's reading is followed where it matters: `JSON.parse` keeps the last of a repeated
/// key at its first position, `Object.entries` lists array-index keys first, ascending.
package enum DrainModel {
    /// What a handed queue text holds, read as the contract reads it.
    package enum Reading: Equatable, Sendable {
        /// Nothing handed, not JSON, or a value of no queue form (`null`, a number…).
        case nothing
        /// The object form: each member in `Object.entries` order, its value a boolean or not.
        case targets([(id: JSONString, target: Bool?)])
        /// The first version's array: its string elements, in order, repeats kept.
        case array([JSONString])

        package static func == (lhs: Reading, rhs: Reading) -> Bool {
            switch (lhs, rhs) {
            case (.nothing, .nothing): true
            case (.targets(let a), .targets(let b)): a.map(\.id) == b.map(\.id) && a.map(\.target) == b.map(\.target)
            case (.array(let a), .array(let b)): a == b
            default: false
            }
        }
    }

    package static func read(_ text: JSONString?) -> Reading {
        guard let text, let value = try? QueueText.parser.parse(text.utf8) else { return .nothing }
        switch value {
        case .object(let object):
            let members = object.members.map { member -> (id: JSONString, target: Bool?) in
                if case .bool(let flag) = member.value { return (member.key, flag) }
                return (member.key, nil)
            }
            return .targets(entriesOrder(members))
        case .array(let elements):
            return .array(elements.compactMap(\.stringValue))
        default:
            return .nothing
        }
    }

    /// The tap times handed over: positive safe integers by id (JavaScript's `Number.isSafeInteger`).
    package static func times(_ text: JSONString?) -> [JSONString: Int64] {
        guard let text, case .object(let object)? = try? QueueText.parser.parse(text.utf8) else { return [:] }
        var out: [JSONString: Int64] = [:]
        for member in object.members {
            switch member.value {
            case .integer(let ms) where ms > 0 && ms <= 9_007_199_254_740_991:
                out[member.key] = ms
            case .double(let ms) where ms > 0 && ms <= 9_007_199_254_740_991 && ms == ms.rounded():
                out[member.key] = Int64(ms)
            default:
                out[member.key] = nil
            }
        }
        return out
    }

    /// The changes a drain of `features` applies: one per existing task whose target differs
    /// from its state; for the array form (with `legacyArray`) each string id, once, marked done.
    package static func changes(queue: JSONString?, times timesText: JSONString?, tasks: [JSONString: Bool],
                                features: QueueFeatures) -> [DrainChange] {
        switch read(queue) {
        case .nothing:
            return []
        case .array(let ids):
            guard features.has("legacyArray") else { return [] }
            var seen: Set<JSONString> = []
            return ids.filter { seen.insert($0).inserted && tasks[$0] == false }.map { DrainChange($0, isDone: true) }
        case .targets(let members):
            guard features.has("targets") else { return [] }
            let doneAt = features.has("tapTimes") ? times(timesText) : [:]
            return members.compactMap { member in
                guard let target = member.target, let state = tasks[member.id], state != target else { return nil }
                return DrainChange(member.id, isDone: target, doneOn: target ? doneAt[member.id] : nil)
            }
        }
    }

    /// The taps a handed value holds, whatever a drain declares: each id's last target (the
    /// array form's ids as done). What the judge calls lost when it is not applied.
    package static func intents(_ text: JSONString?) -> [(id: JSONString, target: Bool)] {
        switch read(text) {
        case .nothing: return []
        case .array(let ids):
            var seen: Set<JSONString> = []
            return ids.filter { seen.insert($0).inserted }.map { ($0, true) }
        case .targets(let members):
            return members.compactMap { member in member.target.map { (member.id, $0) } }
        }
    }

    /// `Object.entries` order: array-index keys (canonical decimals below 2³² − 1) ascending, then
    /// the others as they came.
    private static func entriesOrder(_ members: [(id: JSONString, target: Bool?)]) -> [(id: JSONString, target: Bool?)] {
        let indexed = members.compactMap { member in arrayIndex(member.id).map { ($0, member) } }
        guard !indexed.isEmpty else { return members }
        return indexed.sorted { $0.0 < $1.0 }.map(\.1) + members.filter { arrayIndex($0.id) == nil }
    }

    private static func arrayIndex(_ id: JSONString) -> UInt32? {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= 10, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              bytes.count == 1 || bytes[0] != 0x30, let value = UInt64(id.string), value < 4_294_967_295 else { return nil }
        return UInt32(value)
    }
}
