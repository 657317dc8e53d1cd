import WidgetSnapshot

/// Escapes and raw bytes inside the first task's title (and two escaped keys): surrogate
/// escapes, `\u0000`, invalid UTF-8 (CONTRACT.md §1, D1, D3), raw controls, and valid
/// but unusual code points that must pass through untouched.
enum UnicodeMutations {
    /// Appends `inserted` verbatim to the first task's title text (inside the quotes).
    private static func title(_ id: String, _ summary: String, _ table: [(String, [UInt8])]) -> MutationOperator {
        .edit(id, .unicode, summary, table) { draft, input, inserted in
            appendToTitle(&draft, input, inserted)
        }
    }

    /// Appends `inserted` to the first task's title (no parameters).
    private static func title(_ id: String, _ summary: String, inserting inserted: [UInt8]) -> MutationOperator {
        .edit(id, .unicode, summary) { draft, input in
            appendToTitle(&draft, input, inserted)
        }
    }

    /// The edit behind both `title` forms; false when no task has a string title.
    private static func appendToTitle(_ draft: inout BlobDraft, _ input: MutationOperator.Input,
                                      _ inserted: [UInt8]) -> Bool {
        guard let (task, title) = input.tasks.lazy.compactMap({ entry in
            entry.task["title"]?.stringValue.map { (entry.index, $0) }
        }).first else { return false }
        return draft.updateTask(task) {
            $0.replace("title", with: .raw(TextEdit.stringLiteral(title, inserting: inserted)))
        }
    }

    private static func text(_ literal: String) -> [UInt8] { Array(literal.utf8) }

    static let all: [MutationOperator] = [
        title("unicode.escaped-pair", "an escaped surrogate pair \\ud83d\\ude00 (one scalar, U+1F600)",
              inserting: text("\\ud83d\\ude00")),
        // The ends of the surrogate ranges, where a reader's range checks (`<= 0xDBFF`, `>= 0xDC00`,
        // `<= 0xDFFF`) are one off or not (a hole generated boundary mutants found).
        title("unicode.escaped-pair-edges", "escaped surrogate pairs at the ends of the surrogate ranges", [
            ("lowest", text("\\ud800\\udc00")),
            ("highest", text("\\udbff\\udfff")),
            ("high-end-low-start", text("\\udbff\\udc00")),
            ("high-start-low-end", text("\\ud800\\udfff")),
        ]),
        title("unicode.lone-surrogate", "escaped lone surrogates (U+FFFD each in Swift and C: D1)", [
            ("high", text("\\ud800")),
            ("low", text("\\udc00")),
            ("high-then-letter", text("\\ud800A")),
            ("high-then-escape", text("\\ud800\\u0041")),
            ("reversed-pair", text("\\ude00\\ud83d")),
            // a high surrogate then \uE000, one past the low range (a `<= 0xDFFF` one off)
            ("high-then-past-low", text("\\udbff\\ue000")),
            // the last low surrogate alone (a `<= 0xDFFF` one off), and a high surrogate after a
            // high one (a `>= 0xDC00` one off takes the two for a pair)
            ("low-last", text("\\udfff")),
            ("two-highs", text("\\ud800\\udbff")),
            // Where the C pre-pass's scan for them can slip (holes generated mutants found): hex
            // digits 9 and a, upper-case hex, two lone lows, a pair then a lone high, a lone high
            // right after a two-byte escape
            ("digits-nine-and-a", text("\\ud9a0")),
            ("upper-case-hex", text("\\uDA0F")),
            ("two-lows", text("\\udc00\\udc00")),
            ("pair-then-high", text("\\ud83d\\ude00\\ud800")),
            ("after-newline-escape", text("\\n\\ud800")),
        ]),
        // Escapes that look like a surrogate's to a careless scan but are none: U+D7FF (one below the
        // range), the text "\ud800" after an escaped backslash, and \uDDzz (not hex: a parse error
        // everywhere; holes generated mutants found).
        title("unicode.escape-near-surrogate", "escapes a scan for lone surrogates must leave alone", [
            ("below-range", text("\\ud7ff")),
            ("escaped-backslash-then-u", text("\\\\ud800")),
            ("not-hex", text("\\uDDzz")),
            // a newline escape followed by the text d800: no \u escape, whatever the four bytes after it
            ("newline-then-hex", text("\\nd800")),
        ]),
        title("unicode.nul-escape", "an escaped NUL \\u0000 inside the title", inserting: text("a\\u0000b")),
        .edit("unicode.escaped-key", .unicode, "a key spelled with \\u escapes (the same key)", [
            ("version", true),
            ("title", false),
        ]) { draft, input, onVersion in
            if onVersion { return draft.rekey("v", to: "\"\\u0076\"") }
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { $0.rekey("title", to: "\"ti\\u0074le\"") }
        },
        title("unicode.invalid-utf8", "bytes that are not UTF-8 inside the title (blobBase64 in the stream)", [
            ("lone-continuation", [0x80]),
            ("overlong", [0xC0, 0xAF]),
            ("encoded-surrogate", [0xED, 0xA0, 0x80]),
            ("beyond-max", [0xF4, 0x90, 0x80, 0x80]),
            ("truncated-sequence", [0xE2, 0x82]),
            ("ff-byte", [0xFF]),
            // overlong three- and four-byte forms (E0 below A0, F0 below 90), and a three-byte
            // sequence whose third byte is no continuation byte (holes generated mutants found)
            ("overlong-three", [0xE0, 0x9F, 0xBF]),
            ("overlong-four", [0xF0, 0x8F, 0xBF, 0xBF]),
            ("bad-third-byte", [0xE4, 0xB8, 0x41]),
        ]),
        // Escapes that decode to two and three UTF-8 bytes, hex digits in upper case, and the
        // last scalar before the surrogates as raw UTF-8 (ED 9F BF: ED is a three-byte lead)
        // (holes generated mutants found).
        title("unicode.escaped-scalars", "escapes of two- and three-byte scalars, upper-case hex, raw U+D7FF, and raw scalars whose lead bytes neighbour E0 and ED", [
            ("two-bytes", text("\\u00e9\\u07ff")),
            ("three-bytes", text("\\u20ac\\u0800")),
            ("upper-case-hex", text("\\u00C9\\uABCD")),
            ("raw-before-surrogates", [0xED, 0x9F, 0xBF]),
            // E1 80, EC A0 and EE A0: second bytes the E0 and ED limits refuse, valid after the
            // lead bytes beside them (a writer checking the wrong lead byte drops U+10D0 Georgian,
            // U+C800 Hangul, U+E800 private use; generated mutants of view_json.c's utf8_seq).
            ("raw-beside-special-leads", Array("\u{1000}\u{10D0}\u{C800}\u{E800}".utf8)),
        ]),
        title("unicode.raw-control", "a raw control character inside the title (not JSON)", [
            ("tab", [0x09]),
            ("newline", [0x0A]),
            ("soh", [0x01]),
            ("nul", [0x00]),
        ]),
        title("unicode.escaped-controls", "escaped controls and an escaped solidus (valid JSON)",
              inserting: text("\\t\\n\\u001f\\b\\f\\r\\/")),
        title("unicode.separators", "raw U+2028, U+2029 and DEL (valid JSON)", inserting: text("\u{2028}\u{2029}\u{7F}")),
        title("unicode.noncharacters", "raw U+FFFE, U+FFFF and U+10FFFF (valid UTF-8 and JSON)",
              inserting: text("\u{FFFE}\u{FFFF}\u{10FFFF}")),
        // A solidus and brackets in every text a view carries, on the tracked-task fixture at one zone
        // and instant: the canonical line writes '/' raw where org.json's dialect writes \/, and the C
        // testee's line must be the in-process reader's bytes; a scan for a row's end that counts a
        // bracket inside a string puts doneOn in the wrong place (holes generated mutants found).
        .change("unicode.solidus-and-brackets", .unicode,
                "\"\(solidusText)\" as a text of the tracked task, of a shown row, or of the selected project (and its id)",
                reach: .fixtureAt(Fixture.currentTaskName, instant: "before"),
                [("current-task", SolidusPlace.currentTask), ("row", .row), ("project", .project)]) { change, input, place in
            place.apply(&change, input)
        },
        .edit("unicode.normalization", .unicode,
              "a projectId and colour keys equal only after Unicode normalization (matched by exact code points)", [
            ("nfc-id-nfd-key", Normalized.nfcIdNFDKey),
            ("nfd-id-both-keys", .nfdIdBothKeys),
            ("nfc-id-both-keys", .nfcIdBothKeys),
        ]) { draft, input, kind in kind.apply(&draft, input) },
    ]

    /// A text with a solidus and both kinds of bracket, a closing brace first: brackets that
    /// balance inside a string would leave a scan that counts them at the right depth again.
    static let solidusText = "Review/merge } {draft [v2]"

    /// Where `unicode.solidus-and-brackets` puts its text: the tracked task's id, title and device
    /// label; the id and title of the selected project's first task (a row the widget shows); the
    /// selected project's id (with the selection) and title (the header, projectTitle, the list).
    private enum SolidusPlace: Sendable {
        case currentTask, row, project

        func apply(_ change: inout CaseChange, _ input: MutationOperator.Input) -> Bool {
            let text = BlobDraft.string(UnicodeMutations.solidusText)
            switch self {
            case .currentTask:
                return change.draft.update("currentTask") { task in
                    ["id", "title", "deviceLabel"].allSatisfy { task.replace($0, with: text) }
                }
            case .row:
                guard let project = input.selectedProject?.index, let task = input.projectTasks(project).first?.index
                else { return false }
                return change.draft.updateProjectTask(project, task) { row in
                    row.replace("id", with: text) && row.replace("title", with: text)
                }
            case .project:
                guard let project = input.selectedProject?.index else { return false }
                change.selectedProjectId = JSONString(UnicodeMutations.solidusText)
                return change.draft.updateProject(project) { entry in
                    entry.replace("id", with: text) && entry.replace("title", with: text)
                }
            }
        }
    }

    /// `pé` composed (U+00E9) and decomposed (e + U+0301): the same text to Swift's `==`,
    /// different keys to org.json's `HashMap` and to jansson.
    private enum Normalized: Sendable {
        case nfcIdNFDKey, nfdIdBothKeys, nfcIdBothKeys

        static let composed = "p\u{E9}"
        static let decomposed = "pe\u{301}"

        func apply(_ draft: inout BlobDraft, _ input: MutationOperator.Input) -> Bool {
            guard let task = input.firstTask(where: { $0["projectId"] != nil }) else { return false }
            let id = self == .nfdIdBothKeys ? Self.decomposed : Self.composed
            guard draft.updateTask(task, { $0.replace("projectId", with: .string(id)) }) else { return false }
            return draft.update("projectColors") { colours in
                if self != .nfcIdNFDKey { colours.append(Self.composed, .string("#00aa00")) }
                return colours.append(Self.decomposed, .string("#aa0000"))
            }
        }
    }
}
