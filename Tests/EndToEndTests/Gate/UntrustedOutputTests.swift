import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import WidgetSnapshot
import XCTest
@testable import ContractModel
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport

/// Text from a pull request (a list's reason, a sealed golden/kotlin error text, a testee's
/// stderr, a fixture's field) goes through every report format without taking it over: no
/// text line starting `::` (a GitHub Actions workflow command), no raw control character,
/// no Markdown or HTML that renders, XML and JSON well-formed with the text intact.
final class UntrustedOutputTests: XCTestCase {
    /// The payloads: workflow commands after a newline, terminal controls, markup that closes
    /// the report's own (`</details>`, `]]>`), a lone surrogate (as a golden line carries it),
    /// a noncharacter, backticks and pipes.
    static let payloads = ["x\n::error file=x::FAKE", "::add-mask::secret", "\u{1B}[31mred", "\u{01}soh",
                           "<script>alert(1)</script>", "]]>", "</details>", "<img src=x onerror=alert(1)>",
                           "<h1>FAKE PASS</h1>", "\u{FFFE}", "`tick``s`", "pi|pe"]
    /// One line (a list reason cannot hold a newline): every payload but the first.
    static var reason: String { "D8: planted reason " + payloads.dropFirst().joined(separator: " ") }
    static let caseId = "canonical/base@berlin@at"

    private var paths: HarnessPaths!

    override func setUpWithError() throws {
        paths = try GateTestSupport.canonicalTree()
    }

    override func tearDownWithError() throws {
        GateTestSupport.remove(paths)
    }

    /// A gate run on a few cases where a sealed golden/kotlin line crashes with every payload
    /// (and a lone surrogate), a testee crashes writing payloads on stderr, and kotlin.txt has
    /// a stale entry whose reason is payloads.
    private func hostileGate() throws -> GateResult {
        let kotlin = paths.golden.appendingPathComponent("kotlin/canonical.jsonl")
        var lines = try String(contentsOf: kotlin, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("{\"id\":\"\(Self.caseId)\"") })
        let marker = try XCTUnwrap(lines[index].range(of: #","case":""#, options: .backwards))
        let fingerprint = String(lines[index][marker.upperBound...].prefix(CaseFingerprint.length))
        let crash = String(decoding: JSONWriter.compact(.string(JSONString(Self.payloads.joined(separator: " ")))), as: UTF8.self)
        let view = "{\"id\":\"\(Self.caseId)\",\"crash\":\(crash.dropLast())\\ud800\"}"
        lines[index] = String(decoding: GoldenLine.seal(Array(view.utf8), caseFingerprint: fingerprint), as: UTF8.self)
        try lines.joined(separator: "\n").write(to: kotlin, atomically: true, encoding: .utf8)
        let list = paths.golden.appendingPathComponent("divergences/kotlin.txt")
        try (String(contentsOf: list, encoding: .utf8) + "canonical/zz-none@*  [parse]  \(Self.reason)\n").write(to: list, atomically: true, encoding: .utf8)

        let full = try Corpus.load(paths)
        let corpus = Corpus(fixtures: full.fixtures, cases: full.cases.filter { $0.id.hasPrefix("canonical/base@berlin@") }, zoneDays: full.zoneDays)
        let evil = ExternalProcessReader(name: "evil", command: #"printf '\n::error file=x::FAKE\n::add-mask::secret\n\033[31m\001\n' >&2; exit 3"#)
        return try Gate.check(paths, corpus: corpus, options: Gate.Options(testees: [evil]))
    }

    func testEveryFormatKeepsPayloadsInert() throws {
        let result = try hostileGate()
        XCTAssertFalse(result.passed)
        let facts = ReportFacts(result)
        let testCase = try XCTUnwrap(result.corpus.cases.first { $0.id == Self.caseId })

        // Text: check's summary and explain.
        let summary = TextSummary.render(facts)
        let explained = try CaseGathering.text(of: testCase, paths: paths)
        for (name, text) in [("check", summary), ("explain", explained)] {
            assertInertText(text, name)
            XCTAssertTrue(text.contains(#"crash: x\n::error file=x::FAKE ::add-mask::secret \u001b[31mred \u0001soh <script>alert(1)</script> ]]> </details> <img src=x onerror=alert(1)> <h1>FAKE PASS</h1> \ufffe `tick``s` pi|pe\ud800"#), "\(name):\n\(text)")
        }
        XCTAssertTrue(summary.contains(#"stderr of evil, last lines:\n  | …\n  | \n  | ::error file=x::FAKE\n  | ::add-mask::secret\n  | \u001b[31m\u0001"#), summary)
        XCTAssertTrue(summary.contains(": canonical/zz-none@*  [parse]  " + Self.reason.replacingOccurrences(of: "\u{1B}", with: #"\u001b"#)
            .replacingOccurrences(of: "\u{01}", with: #"\u0001"#).replacingOccurrences(of: "\u{FFFE}", with: #"\ufffe"#)), summary)

        // Markdown: untrusted text only inside code spans and fenced blocks.
        let markdown = MarkdownReport.render(facts)
        assertInertText(markdown, "markdown")
        let rendered = Self.outsideCode(markdown)
        for markup in ["<img", "<h1>", "<script", "FAKE", "add-mask", "]]>"] {
            XCTAssertFalse(rendered.contains(markup), "`\(markup)` outside code in:\n\(rendered)")
        }
        XCTAssertEqual(rendered.components(separatedBy: "</details>").count, rendered.components(separatedBy: "<details>").count,
                       "only the report's own <details> close")
        XCTAssertTrue(markdown.contains(" — ```D8: planted reason ::add-mask::secret \\u001b[31mred \\u0001soh <script>alert(1)</script> ]]> </details> <img src=x onerror=alert(1)> <h1>FAKE PASS</h1> \\ufffe `tick``s` pi|pe```\n"), markdown)
        for row in markdown.split(separator: "\n") where row.hasPrefix("| ") && row.contains("crash") {
            XCTAssertEqual(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count, 6, "five cells (the last: the writer reach); a cell's pipe ends no cell: \(row)")
        }

        // HTML: markup escaped, controls pictured.
        let html = HTMLReport.render(facts)
        for raw in ["<img src=x", "<script>alert", "<h1>FAKE", "\u{1B}", "\u{01}", "\u{FFFE}"] {
            XCTAssertFalse(html.contains(raw), "HTML carries `\(raw)` raw")
        }
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"))

        // JUnit XML: well-formed, nothing XML 1.0 cannot carry.
        let junit = JUnitReport.render(facts)
        XCTAssertFalse(junit.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE }, "a control character in JUnit")
        XCTAssertFalse(junit.contains("<img") || junit.contains("<script") || junit.contains("]]>"))
        let parser = XMLParser(data: Data(junit.utf8))
        let decoded = DecodedXMLText()
        parser.delegate = decoded
        XCTAssertTrue(parser.parse(), "JUnit XML is not well-formed: \(String(describing: parser.parserError))")
        // What a CI reporter reads out of it (entities decoded): no carriage return, no line
        // break of a payload's own, so no line starts with `::`.
        let texts = decoded.attributes + [decoded.characters]
        XCTAssertFalse(texts.contains { $0.contains("\r") }, "a decoded carriage return in JUnit")
        for text in texts { assertInertText(text, "junit (decoded)") }
        XCTAssertTrue(decoded.characters.contains(#"crash: x\n::error file=x::FAKE ::add-mask::secret \u001b[31mred"#), decoded.characters)
        XCTAssertTrue(decoded.characters.contains(#"stderr of evil, last lines:\n  | …\n  | \n  | ::error file=x::FAKE"#), decoded.characters)

        // JSON: parses, and the reason and crash text come back exactly.
        let json = JSONReport.render(facts)
        XCTAssertFalse(json.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control character in JSON")
        XCTAssertFalse(String(decoding: json, as: UTF8.self).unicodeScalars.contains { $0.value >= 0x80 && UntrustedText.needsEscape($0) },
                       "a raw noncharacter, C1 control, bidi or invisible character in JSON")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let readers = try XCTUnwrap(object["readers"] as? [[String: Any]])
        let kotlin = try XCTUnwrap(readers.first { $0["name"] as? String == "kotlin" })
        let stale = try XCTUnwrap(kotlin["staleEntries"] as? [[String: Any]])
        XCTAssertEqual(stale.first { $0["pattern"] as? String == "canonical/zz-none@*" }?["reason"] as? String, Self.reason)
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains(#"::error file=x::FAKE"#))
    }

    /// An error message names the file and field and shows what the file put there on one
    /// line: a fixture zone `Europe/Berlin\n::error …` cannot open a line of its own.
    func testAnErrorMessageShowsAFilesTextEscaped() throws {
        let fixture = paths.golden.appendingPathComponent("fixtures/canonical.json")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        try text.replacingOccurrences(of: #""zones": ["#, with: #""zones": [ "x\n::error file=x::FAKE\u001b\u0001","#)
            .write(to: fixture, atomically: true, encoding: .utf8)
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path])
        XCTAssertEqual(run.status, 2)
        assertInertText(run.err, "stderr")
        XCTAssertEqual(run.err.split(separator: "\n").count, 1, run.err)
        let line = try XCTUnwrap(text.components(separatedBy: "\n").firstIndex { $0.contains(#""zones": ["#) }) + 1
        XCTAssertTrue(run.err.hasPrefix("contract-harness: golden/fixtures/canonical.json:\(line): field `zones[0]`: unknown time zone `x\\n::error file=x::FAKE\\u001b\\u0001`"), run.err)
    }

    /// The JSON report's rule: the same values for a parser, no invisible character for a reader.
    func testJSONTextShowsInvisibleCharactersEscapedAndKeepsItsValues() throws {
        let texts = ["\u{202E}evil.gpj", "a\u{2028}b\u{2029}c", "nel\u{85}", "tag\u{E0041}", "zw\u{200B}j", "é and 😀 stay"]
        let written = JSONWriter.compact(.array(texts.map { .string(JSONString($0)) }))
        let escaped = UntrustedText.escapingJSON(written)
        XCTAssertEqual(String(decoding: escaped, as: UTF8.self),
                       #"["\u202eevil.gpj","a\u2028b\u2029c","nel\u0085","tag\udb40\udc41","zw\u200bj","é and 😀 stay"]"#)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(escaped)) as? [String], texts)
        // A lone surrogate a string kept as WTF-8 becomes its escape; a stray byte is left as it is.
        XCTAssertEqual(UntrustedText.escapingJSON(Array("[\"x".utf8) + [0xED, 0xA0, 0x80, 0xFF] + Array("\"]".utf8)),
                       Array(#"["x\ud800"#.utf8) + [0xFF] + Array("\"]".utf8))
        XCTAssertEqual(UntrustedText.escapingJSON(Array(#"{"a":1}"#.utf8)), Array(#"{"a":1}"#.utf8))
    }

    func testTheRuleItself() {
        XCTAssertEqual(UntrustedText.escape("a\nb\r\tc\u{1B}\u{01}\u{7F}\u{85}\u{2028}\u{202E}\u{FFFE}"), #"a\nb\r\tc\u001b\u0001\u007f\u0085\u2028\u202e\ufffe"#)
        XCTAssertEqual(UntrustedText.escape("a\u{200B}b\u{200D}c\u{AD}d\u{FEFF}e\u{E0041}f\u{10FFFF}g"),
                       #"a\u200bb\u200dc\u00add\ufeffe\ue0041f\u10ffffg"#, "invisible format characters and noncharacters")
        XCTAssertEqual(HTMLText.escape("a\u{202E}b\u{200B}c\u{2028}d\u{10FFFF}"), "a⟨U+202E⟩b⟨U+200B⟩c⟨U+2028⟩d⟨U+10FFFF⟩")
        XCTAssertEqual(UntrustedText.escape("::add-mask::secret"), #"\u003a:add-mask::secret"#)
        XCTAssertEqual(UntrustedText.escape("  ::error::x"), #"  \u003a:error::x"#)
        XCTAssertEqual(UntrustedText.escape("a ::b"), "a ::b", "mid-line colons start no command")
        XCTAssertEqual(UntrustedText.guardLines("ok\n::error::x\n\tkept\u{1B}\n"), "ok\n\\u003a:error::x\n\tkept\\u001b\n")
        XCTAssertEqual(MarkdownText.code("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownText.code("`x`"), "`` `x` ``")
        XCTAssertEqual(MarkdownText.cell("a|b"), "`a\\|b`")
        XCTAssertEqual(MarkdownText.plain("<h1>x</h1>"), #"\<h1\>x\<\/h1\>"#)
    }

    /// Every attribute value and all character data of an XML document, entities decoded.
    private final class DecodedXMLText: NSObject, XMLParserDelegate {
        var attributes: [String] = []
        var characters = ""
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
                    attributes attributeDict: [String: String] = [:]) {
            attributes += attributeDict.values
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string }
    }

    /// No line of a text output starts (after blanks) with `::`, and no control character
    /// but newline and tab is in it raw, nor U+FFFE, nor a line separator.
    private func assertInertText(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            XCTAssertFalse(row.drop { $0 == " " || $0 == "\t" }.hasPrefix("::"), "\(name): a line starts with `::`: \(row)", file: file, line: line)
        }
        let raw = text.unicodeScalars.filter { UntrustedText.needsEscape($0) && $0 != "\n" && $0 != "\t" }
        XCTAssertTrue(raw.isEmpty, "\(name): raw \(raw.map { String($0.value, radix: 16) })", file: file, line: line)
    }

    /// The Markdown with fenced blocks and code spans removed (CommonMark: a span closes at
    /// the next run of exactly as many backticks; an unclosed run is literal).
    static func outsideCode(_ markdown: String) -> String {
        var kept: [Substring] = []
        var fence: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let ticks = line.prefix { $0 == "`" }.count
            if let open = fence {
                if ticks >= open, line.dropFirst(ticks).allSatisfy({ $0 == " " }) { fence = nil }
                continue
            }
            if ticks >= 3 { fence = ticks; continue }
            kept.append(line)
        }
        let text = Array(kept.joined(separator: "\n"))
        var out = ""
        var index = 0
        while index < text.count {
            guard text[index] == "`" else { out.append(text[index]); index += 1; continue }
            var run = 0
            while index + run < text.count, text[index + run] == "`" { run += 1 }
            var search = index + run
            var close: Int?
            while search < text.count {
                if text[search] == "`" {
                    var other = 0
                    while search + other < text.count, text[search + other] == "`" { other += 1 }
                    if other == run { close = search; break }
                    search += other
                } else {
                    search += 1
                }
            }
            if let close {
                out += "<code/>"
                index = close + run
            } else {
                out += String(repeating: "`", count: run)
                index += run
            }
        }
        return out
    }
}
