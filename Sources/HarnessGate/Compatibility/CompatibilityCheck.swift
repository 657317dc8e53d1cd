import ContractModel
import WidgetSnapshot
import Foundation
import HarnessCorpus

/// Whether a change of the contract from one feature set to another keeps the two sides of the
/// blob working (CONTRACT.md §8.7): does every reader of the old set still read the blobs the new
/// writer writes ("old widget, new app"), and does every reader of the new set read the blobs the
/// old writer persisted ("new widget, old blob")? Each direction is answered with the writer
/// schemas of the two sets over every blob of the corpus, with one counterexample case per
/// incompatibility. Readers ignore members they do not know, and a feature's new members are
/// optional to its readers (its writer may write them, an old blob lacks them), so neither is an
/// incompatibility; a member that changes its type, a value an old reader refuses, and a member
/// the other side requires that a blob may lack are.
package struct CompatibilityCheck: Sendable {
    /// One way a blob of one side breaks a reader of the other, with the first case that shows it.
    package struct Incompatibility: Sendable, Equatable {
        /// The rule broken, at its JSON pointer with row numbers folded (`at /tasks/N: …`).
        package var rule: String
        /// The first case whose blob breaks it.
        package var example: String
        /// How many cases' blobs break it.
        package var cases: Int
    }

    /// One direction's answer.
    package struct Direction: Sendable {
        /// Which blobs were read by which readers (for the report).
        package var title: String
        /// The blobs of the writing side among the corpus's (each checked once).
        package var blobs: Int
        package var incompatibilities: [Incompatibility]
        /// Compatible: blobs of the writing side were read, and none broke a rule. With no blob
        /// nothing was judged, and that is never a pass.
        package var isCompatible: Bool { blobs > 0 && incompatibilities.isEmpty }
    }

    package var old: FeatureSet
    package var new: FeatureSet
    package var oldSchema: String
    package var newSchema: String
    /// Old widget, new app: readers of `old` on blobs of `new`'s writer.
    package var forward: Direction
    /// New widget, old blob: readers of `new` on blobs of `old`'s writer.
    package var backward: Direction

    package var isCompatible: Bool { forward.isCompatible && backward.isCompatible }

    /// Checks `old` → `new` of `description` with the writer schemas under `root` over `cases`.
    package static func run(from old: FeatureSet, to new: FeatureSet, description: ContractDescription, root: URL,
                            cases: [Case]) throws(HarnessInputError) -> CompatibilityCheck {
        guard let oldFile = description.writerSchema(of: old) else { throw noSchema(old, description) }
        guard let newFile = description.writerSchema(of: new) else { throw noSchema(new, description) }
        let oldSchema = try WriterSchema.load(root: root, file: oldFile)
        let newSchema = try WriterSchema.load(root: root, file: newFile)
        // Each distinct blob once, with the first case that carries it.
        var seen: Set<[UInt8]> = []
        var blobs: [(id: String, value: JSONValue)] = []
        for testCase in cases where seen.insert(testCase.blob).inserted {
            guard let value = try? JSONParser().parse(testCase.blob) else { continue }
            blobs.append((testCase.id, value))
        }
        let newBlobs = blobs.filter { newSchema.violations(of: $0.value).isEmpty }
        let oldBlobs = blobs.filter { oldSchema.violations(of: $0.value).isEmpty }
        let forward = direction("old widget, new app: readers of \(old.label(in: description)) on blobs the writer of \(new.label(in: description)) writes",
                                blobs: newBlobs, readSo: oldSchema, writtenSo: newSchema)
        let backward = direction("new widget, old blob: readers of \(new.label(in: description)) on blobs the writer of \(old.label(in: description)) persisted",
                                 blobs: oldBlobs, readSo: newSchema, writtenSo: oldSchema)
        return CompatibilityCheck(old: old, new: new, oldSchema: oldFile, newSchema: newFile, forward: forward, backward: backward)
    }

    private static func noSchema(_ set: FeatureSet, _ description: ContractDescription) -> HarnessInputError {
        HarnessInputError(file: ContractDescription.file,
                          message: "no writer schema describes the blobs of \(set.label(in: description)): give the set or one of its features a `writerSchema`")
    }

    /// The rules of `reader` (the reading side's writer schema) that `blobs` break, less what
    /// readers tolerate: a member the reading side does not know, and a member the reading side's
    /// writer requires that the writing side never declared (a feature's new member, optional to
    /// its readers).
    private static func direction(_ title: String, blobs: [(id: String, value: JSONValue)], readSo reader: WriterSchema,
                                  writtenSo writer: WriterSchema) -> Direction {
        var found: [String: Incompatibility] = [:]
        var order: [String] = []
        for blob in blobs {
            let declared = writer.declaredMembers(of: blob.value)
            var rules = Set<String>()
            for violation in reader.violations(of: blob.value) {
                if violation.hasSuffix(" is not a field the writer writes") { continue }
                if let missing = WriterSchema.missingMember(violation), !(declared[missing.pointer]?.contains(missing.key) ?? false) { continue }
                rules.insert(folded(violation))
            }
            for rule in rules.sorted() {
                if found[rule] == nil {
                    found[rule] = Incompatibility(rule: rule, example: blob.id, cases: 0)
                    order.append(rule)
                }
                found[rule]?.cases += 1
            }
        }
        return Direction(title: title, blobs: blobs.count, incompatibilities: order.compactMap { found[$0] })
    }

    /// A violation with its row numbers as `N`, so one rule broken on many rows is one incompatibility.
    static func folded(_ violation: String) -> String {
        guard let colon = violation.range(of: ": ") else { return violation }
        let pointer = violation[..<colon.lowerBound].split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.allSatisfy(\.isNumber) && !$0.isEmpty ? "N" : String($0) }.joined(separator: "/")
        return pointer + violation[colon.lowerBound...]
    }
}
