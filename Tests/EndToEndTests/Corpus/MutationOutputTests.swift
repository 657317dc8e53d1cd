import HarnessCorpus
import ContractModel
import WidgetSnapshot
import XCTest
import HarnessTestSupport

/// Spot checks of what operators write, byte for byte where the text matters.
final class MutationOutputTests: XCTestCase {
    private func text(_ id: String, _ parameter: String? = nil, on fixture: String = "canonical") throws -> String {
        CorpusTestSupport.text(try CorpusTestSupport.output(id, parameter, on: fixture).blob)
    }

    private func parsed(_ id: String, _ parameter: String? = nil, on fixture: String = "canonical") throws -> JSONObject {
        try XCTUnwrap(JSONParser().parse(CorpusTestSupport.output(id, parameter, on: fixture).blob).objectValue)
    }

    func testBaseIsTheFixtureTextOnEveryFixture() throws {
        for fixture in try CorpusTestSupport.fixtures() {
            let output = try CorpusTestSupport.output("base", on: fixture.name)
            XCTAssertEqual(output.blob, fixture.blobText, fixture.name)
            XCTAssertEqual(output.pendingDoneTargets, fixture.pendingDoneTargets, fixture.name)
        }
    }

    func testExactLiteralsSurviveAsWritten() throws {
        XCTAssertTrue(try text("version.float-one").hasPrefix(#"{"v":1.0,"dayStr""#))
        XCTAssertTrue(try text("version.huge", "beyond-int64").hasPrefix(#"{"v":18446744073709551617,"#))
        XCTAssertTrue(try text("numbers.overflow", "validuntil").contains(#""validUntil":1e400,"#))
        XCTAssertTrue(try text("numbers.negative-zero", "version").hasPrefix(#"{"v":-0,"#))
        XCTAssertTrue(try text("numbers.big-int", "int64-min").contains(#""validUntil":-9223372036854775808,"#))
        XCTAssertTrue(try text("numbers.exponent", "lower").contains(#""validUntil":1.7843256e12,"#))
        XCTAssertTrue(try text("meta.validuntil-fraction", "minus-tenth").contains(#""validUntil":1784325599999.9,"#))
        XCTAssertTrue(try text("meta.validuntil-string", "exponent").contains(#""validUntil":"1.7843256E12","#))
        XCTAssertTrue(try text("unicode.lone-surrogate", "high").contains(#""title":"Task one\ud800","#))
        XCTAssertTrue(try text("duplicates.top-level", "version-last-good").hasPrefix(#"{"v":2,"#))
        XCTAssertTrue(try text("duplicates.top-level", "version-last-good").hasSuffix(#","v":1}"#))
    }

    func testByteLevelOperators() throws {
        let base = try CorpusTestSupport.fixture("canonical").blobText
        let bom = try CorpusTestSupport.output("syntax.bom").blob
        XCTAssertEqual(Array(bom.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertEqual(Array(bom.dropFirst(3)), base)
        XCTAssertEqual(try CorpusTestSupport.output("syntax.truncated", "empty").blob, [])
        XCTAssertEqual(try CorpusTestSupport.output("syntax.truncated", "last-byte").blob, Array(base.dropLast()))
        XCTAssertEqual(try text("syntax.truncated", "inside-string"), #"{"v":1,"dayStr":"20"#)
        for parameter in try XCTUnwrap(MutationCatalog.named("unicode.invalid-utf8")).parameters {
            let blob = try CorpusTestSupport.output("unicode.invalid-utf8", parameter).blob
            XCTAssertNil(String(validating: blob, as: UTF8.self), parameter)
        }
    }

    func testDateOperatorsSetDayStrExactly() throws {
        XCTAssertEqual(try parsed("dates.impossible-day", "2026-02-30")["dayStr"], .string("2026-02-30"))
        XCTAssertEqual(try parsed("dates.malformed", "padded")["dayStr"], .string(" 2026-07-17"))
        XCTAssertEqual(try parsed("dates.malformed", "empty")["dayStr"], .string(""))
        XCTAssertEqual(try parsed("dates.non-ascii-digits", "arabic-indic")["dayStr"], .string("٢٠٢٦-٠٧-١٧"))
        // Everything else is untouched.
        var blob = try parsed("dates.year-range", "10000-01-01")
        blob["dayStr"] = .string("2026-07-17")
        XCTAssertEqual(blob, try CorpusTestSupport.fixture("canonical").blob)
    }

    func testFieldOperatorsEditTheRightSpot() throws {
        let nullProject = try parsed("projectid.null", "coloured")
        let firstTask = try XCTUnwrap(nullProject["tasks"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(firstTask["projectId"], .null)
        XCTAssertEqual(nullProject["projectColors"]?.objectValue?["null"], .string("#00ff00"))

        let dayless = try parsed("meta.missing-both")
        XCTAssertNil(dayless["dayStr"])
        XCTAssertNil(dayless["validUntil"])

        let tasks = try XCTUnwrap(parsed("isdone.string", "upper-true")["tasks"]?.arrayValue)
        XCTAssertEqual(tasks.map { $0.objectValue?["isDone"] }, Array(repeating: .string("TRUE"), count: 3))

        let many = try parsed("size.many-tasks")
        XCTAssertEqual(many["tasks"]?.arrayValue?.count, 10_000)
        let long = try parsed("size.long-title")["tasks"]?.arrayValue?.first?.objectValue?["title"]?.stringValue
        XCTAssertEqual(long?.utf8.count, 102_400)
    }

    func testNestingOperatorsStraddleTheParserDepthLimit() throws {
        XCTAssertNoThrow(try JSONParser().parse(CorpusTestSupport.output("size.deep-nesting", "2047").blob))
        XCTAssertThrowsError(try JSONParser().parse(CorpusTestSupport.output("size.deep-nesting", "2048").blob))
    }

    func testPendingOperatorsQueueTheRightTaps() throws {
        XCTAssertEqual(try CorpusTestSupport.output("pending.override", "to-done").pendingDoneTargets,
                       [Case.PendingTarget(taskId: "t1", isDone: true)])
        XCTAssertEqual(try CorpusTestSupport.output("pending.override", "to-undone").pendingDoneTargets,
                       [Case.PendingTarget(taskId: "t2", isDone: false)])
        // non-ascii queues "t-cafe\u{301}" already; the near miss is the composed "t-caf\u{e9}".
        let near = try CorpusTestSupport.output("pending.near-id", "normalization", on: "non-ascii").pendingDoneTargets
        XCTAssertEqual(near.map(\.taskId.utf8), [Array("t-cafe\u{301}".utf8), Array("t-caf\u{e9}".utf8)])
        XCTAssertEqual(near.map(\.isDone), [true, false])
        let dup = try CorpusTestSupport.output("tasks.duplicate-ids", "pending").pendingDoneTargets
        XCTAssertEqual(dup, [Case.PendingTarget(taskId: "t1", isDone: true)])
        // A tap for an id queued before is queued again, at the end (the last one wins).
        let again = try CorpusTestSupport.output("pending.override", "to-undone", on: "many-tasks").pendingDoneTargets
        XCTAssertEqual(again.suffix(1), [Case.PendingTarget(taskId: again.last!.taskId, isDone: false)])
        XCTAssertEqual(again.filter { $0.taskId == again.last!.taskId }.count, 2, "\(again)")
    }

    func testStringEdgeAndHashProbeCasesHaveTheirShape() throws {
        func text(_ id: String, _ parameter: String? = nil) throws -> String {
            String(decoding: try CorpusTestSupport.output(id, parameter).blob, as: UTF8.self)
        }
        XCTAssertTrue(try text("syntax.truncated", "after-escaped-quote").hasSuffix(#""dayStr":"2026\""#))
        XCTAssertTrue(try text("syntax.truncated", "inside-string-8").hasSuffix(#""dayStr":"2026-07-"#))
        XCTAssertTrue(try text("syntax.whitespace", "after-escaped-string").hasPrefix("{\"note\":\"say \\\"hi\\\"\" \t"))
        XCTAssertNoThrow(try JSONParser().parse(try CorpusTestSupport.output("syntax.whitespace", "after-escaped-string").blob))
        let probing = try JSONParser().parse(try CorpusTestSupport.output("colours.probing").blob).objectValue
        XCTAssertEqual(probing?["tasks"]?.arrayValue?.count, 24)
        XCTAssertEqual(probing?["projectColors"]?.objectValue?.count, 31, "more than 8: Swift's hashed lookup, nearly half full")
    }

    func testRepeatedIdQueuesTheFirstTaskTwiceWithTheLastTapDifferent() throws {
        func taps(_ parameter: String) throws -> [Case.PendingTarget] {
            try CorpusTestSupport.output("pending.repeated-id", parameter).pendingDoneTargets
        }
        // canonical: t1 (not done), t2 (done), t3 (not done).
        XCTAssertEqual(try taps("twice"), [Case.PendingTarget(taskId: "t1", isDone: false), Case.PendingTarget(taskId: "t1", isDone: true)])
        XCTAssertEqual(try taps("between").map(\.taskId), ["t1", "t2", "t3", "t1"])
        let long = try taps("long-queue")
        XCTAssertGreaterThan(long.count, 16, "C's sorted pending index")
        XCTAssertEqual(long.filter { $0.taskId == "t1" }.map(\.isDone), [false, true])
    }

    func testOperatorsDeclineWhatDoesNotApply() throws {
        let noTasks = CorpusTestSupport.input(try CorpusTestSupport.fixture("no-tasks"))
        XCTAssertNil(MutationCatalog.named("tasks.id-missing")?.apply(noTasks))
        XCTAssertNil(MutationCatalog.named("pending.override")?.apply(noTasks, parameter: "to-done"))
        let legacy = CorpusTestSupport.input(try CorpusTestSupport.fixture("legacy"))
        XCTAssertNil(MutationCatalog.named("meta.missing-daystr")?.apply(legacy))
        XCTAssertNil(MutationCatalog.named("meta.validuntil-string")?.apply(legacy, parameter: "exact"))
        let canonical = CorpusTestSupport.input(try CorpusTestSupport.fixture("canonical"))
        XCTAssertNil(MutationCatalog.named("version.huge")?.apply(canonical), "a parameter is required")
        XCTAssertNil(MutationCatalog.named("version.huge")?.apply(canonical, parameter: "nope"))
        XCTAssertNil(MutationCatalog.named("version.null")?.apply(canonical, parameter: "x"))
    }

    /// Which canonical variants are RFC 8259 JSON: the syntax, number and unicode families
    /// must really produce the broken text they claim, and everything else must not.
    func testExactlyTheBrokenVariantsFailToParse() throws {
        let broken: Set<String> = [
            "syntax.trailing-garbage#text", "syntax.trailing-garbage#second-object", "syntax.trailing-garbage#comma",
            "syntax.trailing-garbage#nul-byte", "syntax.trailing-comma#object", "syntax.trailing-comma#array",
            "syntax.trailing-comma#nested-object", "syntax.comment#line", "syntax.comment#block", "syntax.comment#hash",
            "syntax.single-quotes#key", "syntax.single-quotes#value", "syntax.unquoted-key", "syntax.byte-before-key", "syntax.bom",
            "syntax.truncated#half", "syntax.truncated#last-byte", "syntax.truncated#empty",
            "syntax.truncated#inside-string", "syntax.truncated#inside-string-8", "syntax.truncated#after-escaped-quote",
            "syntax.separators#equals", "syntax.separators#arrow",
            "syntax.separators#semicolon", "syntax.raw-nul#after-number", "syntax.raw-nul#after-literal",
            "numbers.overflow#validuntil", "numbers.overflow#version", "numbers.overflow#negative",
            "numbers.overflow#ignored-field", "numbers.overflow#long-integer",
            "numbers.invalid-literal#leading-zero", "numbers.invalid-literal#plus", "numbers.invalid-literal#hex",
            "numbers.invalid-literal#nan", "numbers.invalid-literal#infinity", "numbers.invalid-literal#trailing-dot",
            "numbers.invalid-literal#leading-dot", "numbers.invalid-literal#minus-alone",
            "syntax.wrong-closer#array", "syntax.wrong-closer#object", "syntax.bad-literal#true", "syntax.bad-literal#null",
            "syntax.escaped-non-ascii#two-byte", "syntax.escaped-non-ascii#three-byte",
            "syntax.escaped-non-ascii#four-byte", "syntax.escaped-non-ascii#in-u-escape",
            "numbers.overflow-in-array#ignored-field", "numbers.overflow-in-array#projectid",
            "numbers.overflow-in-array#colour", "numbers.overflow-in-array#title",
            "projectid.unprintable#plain", "projectid.unprintable#coloured",
            "syntax.non-json-whitespace#form-feed", "syntax.non-json-whitespace#vertical-tab",
            "unicode.invalid-utf8#lone-continuation", "unicode.invalid-utf8#overlong",
            "unicode.invalid-utf8#encoded-surrogate", "unicode.invalid-utf8#beyond-max",
            "unicode.invalid-utf8#truncated-sequence", "unicode.invalid-utf8#ff-byte", "unicode.escape-near-surrogate#not-hex",
            "unicode.invalid-utf8#overlong-three", "unicode.invalid-utf8#overlong-four", "unicode.invalid-utf8#bad-third-byte",
            "unicode.raw-control#tab", "unicode.raw-control#newline", "unicode.raw-control#soh", "unicode.raw-control#nul",
            "size.deep-nesting#2048", "size.deep-nesting#3000",
        ]
        let input = CorpusTestSupport.input(try CorpusTestSupport.fixture("canonical"))
        var seen: Set<String> = []
        for op in MutationCatalog.all {
            for parameter in op.variants {
                guard let output = op.apply(input, parameter: parameter) else { continue }
                let name = parameter.map { "\(op.id)#\($0)" } ?? op.id
                seen.insert(name)
                let parses = (try? JSONParser().parse(output.blob)) != nil
                XCTAssertEqual(parses, !broken.contains(name), name)
            }
        }
        XCTAssertTrue(broken.isSubset(of: seen), "not generated: \(broken.subtracting(seen).sorted())")
    }
}
