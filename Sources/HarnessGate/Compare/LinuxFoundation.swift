import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// Where swift-corelibs-foundation — the Foundation a Swift reader runs on when it is run live on
/// Linux (an app's `"swift"` reader, docs/adopting.md) — is known to differ from Apple's, so that a
/// difference on such a case is said to be Linux Foundation's, not the reader's. The reader's
/// answer on Apple's Foundation comes from its recording; the live Linux run leaves these cases
/// out of its judgement (they would otherwise need list entries that the Apple recording then calls
/// stale) and says so in every report, case by case kind.
package enum LinuxFoundation {
    /// One known difference.
    package struct Difference: Sendable, Equatable {
        /// A short name: `scanner-trap`, `depth-512`.
        package var id: String
        /// What happens, and where it comes from.
        package var summary: String
    }

    /// swift-corelibs-foundation's `String.scanHex` converts each UTF-16 unit to a Unicode scalar and
    /// force-unwraps it: a string starting with a character outside the Basic Multilingual Plane (a
    /// surrogate pair) traps inside `Scanner.scanHexInt64` (and `scanInt32`), where Apple's Foundation
    /// returns false. Readers scan a project colour's hex digits so.
    package static let scannerTrap = Difference(
        id: "scanner-trap",
        summary: "swift-corelibs-foundation's Scanner.scanHexInt64 traps on a string starting with a character outside the BMP (a colour here); Apple's returns false")

    /// swift-corelibs-foundation's `JSONSerialization` refuses containers nested deeper than 512
    /// (`maximumRecursionDepth`); the contract reads up to 2048. Whether Apple's Foundation stops at the
    /// same depth is not verified here: its recording says.
    package static let depthLimit = Difference(
        id: "depth-512",
        summary: "swift-corelibs-foundation's JSONSerialization refuses nesting deeper than 512; Apple's limit is judged by the recording")

    package static let nestingLimit = 512

    /// The known difference that explains what a reader on Linux Foundation answered on this case
    /// (`got`) where the reference answered `expected`, if any.
    package static func explaining(_ testCase: Case, expected: ReaderOutcome, got: ReaderOutcome) -> Difference? {
        if case .failure(let reason) = got, reason.contains("trapped") || reason.contains("ended before answering"),
           colourStartsOutsideTheBMP(testCase.blob) {
            return scannerTrap
        }
        if refused(got), !refused(expected), nestingDepth(testCase.blob) > nestingLimit {
            return depthLimit
        }
        return nil
    }

    /// The cases (positions among `indices`) of a Linux-Foundation reader that a known difference
    /// explains, by difference.
    package static func explained(_ cases: [Case], expected: [ReaderOutcome], got: [ReaderOutcome],
                                  among indices: [Int]) -> [(difference: Difference, positions: [Int])] {
        var found: [String: (Difference, [Int])] = [:]
        var order: [String] = []
        for index in indices {
            guard let difference = explaining(cases[index], expected: expected[index], got: got[index]),
                  !FieldDifference.between(expected: expected[index], got: got[index]).isEmpty else { continue }
            if found[difference.id] == nil { order.append(difference.id); found[difference.id] = (difference, []) }
            found[difference.id]!.1.append(index)
        }
        return order.map { (found[$0]!.0, found[$0]!.1) }
    }

    /// What every report says about them.
    package static func notice(reader: String, _ explained: [(difference: Difference, positions: [Int])], ids: [String]) -> String {
        let parts = explained.map { item in
            "\(item.positions.count) case\(item.positions.count == 1 ? "" : "s") where \(item.difference.summary) "
                + "(\(item.difference.id); first: \(ids[item.positions[0]]))"
        }
        return "\(reader) runs on Linux Foundation here: not judged on " + parts.joined(separator: "; ")
            + " — Linux Foundation's differences, not the reader's; its recording on Apple's Foundation judges those cases"
    }

    private static func refused(_ outcome: ReaderOutcome) -> Bool {
        switch outcome {
        case .failure: return true
        case .view(let view):
            if case .error = view.parse { return true }
            return false
        }
    }

    /// True when some value of the blob's `projectColors` (as text) begins, after blanks and a
    /// `#`, with a character outside the Basic Multilingual Plane.
    static func colourStartsOutsideTheBMP(_ blob: [UInt8]) -> Bool {
        guard case .object(let top)? = try? JSONParser().parse(blob), case .object(let colours)? = top["projectColors"] else { return false }
        for member in colours.members {
            guard case .string(let text) = member.value else { continue }
            var scalars = Substring(text.string).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if scalars.first == "#" { scalars = scalars.dropFirst() }
            if let first = scalars.first, first.value > 0xFFFF { return true }
        }
        return false
    }

    /// The deepest nesting of arrays and objects in the blob, strings skipped (bytes of any validity).
    static func nestingDepth(_ blob: [UInt8]) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in blob {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
