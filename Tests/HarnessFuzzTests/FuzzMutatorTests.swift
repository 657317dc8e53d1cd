import HarnessCorpus
import HarnessFuzz
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// The seeded generator and the byte mutator: fixed streams, bounded draws, sane recipes.
final class FuzzMutatorTests: XCTestCase {
    func testTheRandomStreamIsFixed() {
        var random = SeededRandom(seed: 1, stream: 0)
        let first = (0..<3).map { _ in random.next() }
        var again = SeededRandom(seed: 1, stream: 0)
        XCTAssertEqual(first, (0..<3).map { _ in again.next() })
        var other = SeededRandom(seed: 1, stream: 1)
        XCTAssertNotEqual(first[0], other.next())
        var bounded = SeededRandom(seed: 3)
        let draws = (0..<2000).map { _ in bounded.below(7) }
        XCTAssertEqual(Set(draws), Set(0..<7))
    }

    func testMutationsDescribeThemselves() throws {
        let fixtures = try CorpusTestSupport.fixtures()
        let mutator = ByteMutator(spliceSources: fixtures.map(\.blobText))
        var random = SeededRandom(seed: 9)
        var kinds: Set<String> = []
        for _ in 0..<400 {
            var bytes = fixtures[0].blobText
            let description = mutator.mutate(&bytes, &random)
            kinds.insert(String(description.prefix { $0 != "@" }))
        }
        XCTAssertEqual(kinds.subtracting(["none"]),
                       ["token", "splice", "value", "flip", "byte", "delete", "copy", "truncate", "graft", "insert"])
    }

    /// Value starts (after a structural `:`, `[` or `,`, outside strings) agree with the rule
    /// written out one byte at a time, on fixtures and on their mutants (broken strings,
    /// escapes at the end, stray quotes).
    func testValueStartsSkipStringsAndEscapes() throws {
        func expected(_ bytes: [UInt8]) -> [Int] {
            var starts: [Int] = []
            var inString = false
            var escaped = false
            for (position, byte) in bytes.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                } else if byte == 0x22 {
                    inString = true
                } else if byte == 0x3A || byte == 0x5B || byte == 0x2C {
                    starts.append(position + 1)
                }
            }
            return starts
        }
        XCTAssertEqual(ByteMutator.valueStarts(Array(#"{"a:,[":[1,"\",:"],"b\\":2}"#.utf8)), [8, 9, 11, 19, 25])
        XCTAssertEqual(ByteMutator.valueStarts(Array(#"[1,"x\""#.utf8)), [1, 3])
        let fixtures = try CorpusTestSupport.fixtures()
        let mutator = ByteMutator(spliceSources: fixtures.map(\.blobText))
        var random = SeededRandom(seed: 11)
        for round in 0..<600 {
            var bytes = fixtures[round % fixtures.count].blobText
            for _ in 0..<(round % 5) { _ = mutator.mutate(&bytes, &random) }
            XCTAssertEqual(ByteMutator.valueStarts(bytes), expected(bytes), String(decoding: bytes, as: UTF8.self))
        }
    }

    func testGeneratedCasesUseTheFixturesZonesAndOperators() throws {
        let fixtures = try CorpusTestSupport.fixtures()
        let generator = FuzzCaseGenerator(seed: 4, fixtures: fixtures)
        let cases = (0..<300).map(generator.make)
        XCTAssertTrue(cases.allSatisfy { $0.recipe.first?.hasPrefix("fixture ") == true })
        XCTAssertTrue(cases.contains { $0.recipe.contains { $0.hasPrefix("op ") } })
        XCTAssertTrue(cases.contains { $0.recipe.contains { $0.hasPrefix("bytes ") } })
        XCTAssertTrue(cases.contains { !$0.recipe.contains { $0.hasPrefix("bytes ") } })
        XCTAssertFalse(cases.contains { $0.recipe.contains("op size.many-tasks") })
        // The two operators whose blob costs a hundred ordinary cases are the gate's alone;
        // every other operator, deep nesting included, is the fuzzer's too.
        let fuzzed = Set(generator.catalog.map(\.id))
        XCTAssertEqual(Set(MutationCatalog.all.map(\.id)).subtracting(fuzzed), ["size.many-tasks", "size.long-title"])
        XCTAssertTrue(fuzzed.contains("size.deep-nesting"))
        let zones = Set(fixtures.flatMap(\.zones))
        XCTAssertTrue(cases.allSatisfy { zones.contains($0.testCase.timeZone) })
        for fuzzCase in cases {
            let bare = generator.make(fuzzCase.index, recipe: false)
            XCTAssertEqual(bare.testCase, fuzzCase.testCase, "a case without its recipe is the same case")
            XCTAssertEqual(bare.recipe, [])
        }
    }

    func testTheCommittedLibFuzzerDictionaryIsCurrent() throws {
        let path = TestRepository.root.path + "/.clusterfuzzlite/WidgetFuzz.dict"
        let committed = try XCTUnwrap(FileManager.default.contents(atPath: path), "missing \(path)")
        XCTAssertEqual(String(decoding: committed, as: UTF8.self), FuzzDictionary.libFuzzerText,
                       "regenerate with: contract-harness fuzz --print-dictionary > .clusterfuzzlite/WidgetFuzz.dict")
    }
}
