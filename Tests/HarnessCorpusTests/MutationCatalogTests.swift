import HarnessCorpus
import ContractModel
import XCTest

final class MutationCatalogTests: XCTestCase {
    private let catalog = MutationCatalog.all

    func testCatalogSize() {
        XCTAssertGreaterThanOrEqual(catalog.count, 40)
        XCTAssertGreaterThanOrEqual(catalog.reduce(0) { $0 + $1.variants.count }, 60)
    }

    func testIdsAreUniquePathSafeAndPrefixedByTheirFamily() {
        XCTAssertEqual(Set(catalog.map(\.id)).count, catalog.count, "duplicate operator ids")
        for op in catalog {
            XCTAssertTrue(CaseID.isWord(op.id), op.id)
            XCTAssertTrue(op.id == op.family.rawValue || op.id.hasPrefix(op.family.rawValue + "."), op.id)
            XCTAssertEqual(Set(op.parameters).count, op.parameters.count, "\(op.id) repeats a parameter")
            for parameter in op.parameters {
                XCTAssertTrue(CaseID.isWord(parameter), "\(op.id)#\(parameter)")
            }
            XCTAssertFalse(op.summary.isEmpty, op.id)
            XCTAssertFalse(op.summary.contains("\n"), op.id)
        }
    }

    func testEveryFamilyIsRepresentedAndFamiliesAreContiguous() {
        XCTAssertEqual(Set(catalog.map(\.family)), Set(MutationFamily.allCases))
        var seen: [MutationFamily] = []
        for op in catalog where seen.last != op.family {
            XCTAssertFalse(seen.contains(op.family), "family \(op.family) is split in the catalog")
            seen.append(op.family)
        }
        XCTAssertEqual(catalog.first?.id, "base")
    }

    /// Every item of the issue's list, as `operator` or `operator#parameter`.
    func testTheIssueListIsCovered() {
        let required = [
            "base",
            // version
            "version.missing", "version.null", "version.zero", "version.two", "version.minus-one",
            "version.string-one", "version.float-one", "version.fraction", "version.bool-true", "version.huge#beyond-int64",
            // meta
            "meta.missing-daystr", "meta.missing-validuntil", "meta.missing-both", "meta.validuntil-null",
            "meta.daystr-null", "meta.validuntil-zero", "meta.validuntil-negative", "meta.validuntil-string#exact",
            "meta.validuntil-fraction#plus-half", "meta.validuntil-beyond-int64",
            // dates
            "dates.impossible-day#2026-02-30", "dates.impossible-day#2026-02-29", "dates.real-day#2024-02-29",
            "dates.malformed#2026-7-17", "dates.malformed#2026-07-17garbage", "dates.malformed#padded",
            "dates.malformed#empty", "dates.impossible-day#2026-13-01", "dates.impossible-day#2026-07-00",
            "dates.non-ascii-digits#arabic-indic", "dates.year-range#0000-01-01", "dates.year-range#10000-01-01",
            "dates.malformed#iso-datetime",
            // projectId
            "projectid.null#plain", "projectid.missing", "projectid.empty#plain", "projectid.null-text#plain",
            "projectid.number#plain", "projectid.object#plain",
            // colours
            "colours.missing-map", "colours.null-entry", "colours.non-string#integer", "colours.unknown-project#unused-entry",
            // tasks
            "tasks.missing", "tasks.null", "tasks.object", "tasks.empty", "tasks.non-object-element#null",
            "tasks.id-missing", "tasks.id-null", "tasks.id-number#integer", "tasks.title-missing", "tasks.title-null",
            "tasks.title-number#integer", "tasks.duplicate-ids#plain",
            // isDone and pending
            "isdone.string#true", "isdone.string#upper-true", "isdone.number#one", "isdone.null",
            "pending.override#to-done", "pending.override#to-undone", "pending.unknown-id",
            // syntax
            "syntax.trailing-garbage#text", "syntax.trailing-comma#object", "syntax.comment#line",
            "syntax.comment#block", "syntax.single-quotes#key", "syntax.unquoted-key", "syntax.bom",
            "syntax.truncated#half",
            // numbers, unicode, duplicate keys, size
            "numbers.overflow#validuntil", "numbers.negative-zero#version", "numbers.big-int#int64-max",
            "unicode.escaped-pair", "unicode.lone-surrogate#high", "unicode.nul-escape",
            "unicode.invalid-utf8#overlong", "duplicates.top-level#version-last-bad",
            "size.deep-nesting#1000", "size.deep-nesting#3000", "size.many-tasks", "size.long-title",
            // display (issue 24): the colour texts each reader paints differently
            "display.colour#rgb-inbox", "display.colour#name-red", "display.colour#rrggbbaa-css", "display.colour#minus-six",
            "display.colour#plus-six-digits", "display.colour#name-teal", "display.colour#name-grey",
            "display.colour#turkish-dotless-i-lime", "display.colour#kelvin-sign-black", "display.colour#transparent",
            "display.colour#space-before-hex", "display.colour#empty", "display.colour#rgba", "display.colour#rgb-short",
            "display.capacity#0", "display.capacity#1", "display.capacity#3", "display.capacity#9", "display.capacity#20",
            "display.task-count#19-cap-20", "display.task-count#21-cap-20", "display.task-count#21-cap-0", "display.task-count-stale",
            "display.header#project", "display.header#project-missing", "display.header#project-list-broken",
            "display.header#project-title-null", "display.header#project-all-done-expired", "display.header#projects-without-selection",
        ]
        for entry in required {
            let parts = entry.split(separator: "#", maxSplits: 1).map(String.init)
            guard let op = MutationCatalog.named(parts[0]) else {
                XCTFail("missing operator \(parts[0])")
                continue
            }
            if parts.count == 2 {
                XCTAssertTrue(op.parameters.contains(parts[1]), "missing parameter \(entry)")
            } else {
                XCTAssertTrue(op.parameters.isEmpty, "\(entry) was expected without parameters")
            }
        }
    }

    /// One case each: the large blobs (`size`, golden files stay small) and the display texts
    /// whose painting depends on neither zone nor instant (`display.colour`).
    func testSizeAndColourTextOperatorsAreTheOnlySingleCaseOnes() {
        for op in catalog {
            if case .canonicalSingleCase = op.reach {
                XCTAssertTrue(op.family == .size || op.family == .display, op.id)
            } else {
                XCTAssertNotEqual(op.family, .size, op.id)
            }
        }
    }
}
