import WidgetSnapshot

/// The display question's cases (CONTRACT.md §9): what the widget paints, where readers'
/// painting splits. The colour texts are what the app writes (`rgb()`, the Inbox default) and
/// what colour parsers split on (CSS and Android forms, signs, case, non-ASCII folds and
/// digits, whitespace); each becomes the colour of the canonical fixture's first coloured
/// project. Then widgets of 0, 1, 3, 9 and 20 rows, blobs of 19–21 tasks, project widgets'
/// headers (stale and fresh: the canonical fixture's instants straddle its `validUntil`) and
/// their empty states.
enum DisplayMutations {
    /// Colour texts by parameter name: the same family `Tests/Behaviour/display.jsonl` holds
    /// each reader to (`color/<name>` there).
    static let colourTexts: [(String, String)] = [
        ("rgb-inbox", "rgb(144, 187, 165)"), ("rgb-no-spaces", "rgb(144,187,165)"), ("rgba", "rgba(144, 187, 165, 0.5)"),
        ("hsl", "hsl(150, 25%, 65%)"),
        ("rrggbb-lower", "#90bba5"), ("rrggbb-upper", "#90BBA5"), ("aarrggbb", "#8090bba5"), ("rrggbbaa-css", "#90bba5cc"),
        ("rgb-short", "#abc"), ("rgba-short", "#abcd"), ("five-digits", "#12345"), ("seven-digits", "#1234567"),
        ("minus-six", "#-12345"), ("plus-six-digits", "#+abcdef"), ("plus-five-digits", "#+abcde"), ("minus-nine", "#-1234567"),
        ("plus-nine", "#+1234567"), ("double-minus", "#--12345"), ("hash-only", "#"), ("not-hex", "#ff00zz"),
        ("zero-alpha", "#00000000"), ("hex-without-hash", "90bba5"),
        ("name-black", "black"), ("name-darkgray", "DarkGray"), ("name-gray", "GRAY"), ("name-lightgray", "lightGRAY"),
        ("name-white", "wHITE"), ("name-red", "red"), ("name-red-odd-case", "Red"), ("name-green", "GREEN"),
        ("name-blue", "bLue"), ("name-yellow", "YeLLoW"), ("name-cyan", "CYAN"), ("name-magenta", "Magenta"),
        ("name-aqua", "AQUA"), ("name-fuchsia", "FuChSiA"), ("name-darkgrey", "DARKGREY"), ("name-grey", "GREY"),
        ("name-lightgrey", "LightGrey"), ("name-lime", "LIME"), ("name-maroon", "Maroon"), ("name-navy", "NAVY"),
        ("name-olive", "Olive"), ("name-purple", "pURPLE"), ("name-silver", "SiLvEr"), ("name-teal", "Teal"),
        ("kelvin-sign-black", "blac\u{212A}"), ("turkish-dotted-capital-i-lime", "L\u{130}ME"),
        ("turkish-dotless-i-lime", "l\u{131}me"), ("long-s-silver", "\u{17F}ilver"), ("fullwidth-red", "\u{FF32}\u{FF25}\u{FF24}"),
        ("accented-red", "r\u{E9}d"),
        ("fullwidth-hex-digits", "#\u{FF26}\u{FF26}\u{FF10}\u{FF10}\u{FF10}\u{FF10}"),
        ("arabic-indic-digits", "#\u{661}\u{662}\u{663}\u{664}\u{665}\u{666}"),
        ("devanagari-digits", "#\u{96F}\u{966}\u{96F}\u{966}\u{96F}\u{966}"),
        ("superscript-two-not-digit", "#\u{B2}\u{B2}\u{B2}\u{B2}\u{B2}\u{B2}"),
        ("math-bold-digit-surrogates", "#\u{1D7CE}0000"),
        ("transparent", "transparent"), ("space-before-name", " red"), ("space-after-name", "red "),
        ("space-before-hex", " #ff0000"), ("space-after-hex", "#ff0000 "), ("tab-before-hex", "\t#ff0000"),
        // Character.digit(c, 16)'s edges (holes generated mutants found): F itself, the fullwidth
        // a-f and A-F and the units just outside them, the unit after '9' (':'); a text whose units
        // hold a scalar beyond U+FFFF (two surrogates, never a digit), also one whose low 16 bits
        // are '0' (U+40030)
        ("upper-f", "#FFFFFF"), ("fullwidth-lower-a-f", "#\u{FF41}\u{FF46}0000"), ("fullwidth-upper-a", "#\u{FF21}00000"),
        ("fullwidth-grave-not-digit", "#\u{FF40}00000"), ("fullwidth-lower-g-not-digit", "#\u{FF47}00000"),
        ("fullwidth-upper-g-not-digit", "#\u{FF27}00000"), ("fullwidth-at-not-digit", "#\u{FF20}00000"),
        ("colon-not-digit", "#:00000"), ("emoji-then-six-digits", "#\u{1F600}000000"),
        ("plane-four-zeros", "#" + String(repeating: "\u{40030}", count: 6)),
        ("newline-after-name", "red\n"), ("nbsp-after-hex", "#ff000\u{A0}"), ("empty", ""), ("text-null", "null"),
    ]

    static let all: [MutationOperator] = [
        .edit("display.colour", .display, "the first coloured project's colour is this text (what each reader paints for it)",
              reach: .canonicalSingleCase, colourTexts) { draft, input, text in
            guard let colours = input.blob["projectColors"]?.objectValue, let used = colours.keys.first,
                  input.firstTask(where: { $0["projectId"]?.stringValue == used }) != nil else { return false }
            return draft.update("projectColors") { map in
                guard case .object(var members) = map, !members.isEmpty else { return false }
                members[0].value = .string(text)
                map = .object(members)
                return true
            }
        },
        .change("display.capacity", .display, "the widget holds this many rows (the fixture's own tasks)", reach: .canonicalFixture,
                capacities.map { ("\($0)", $0) }) { edit, _, rows in
            edit.capacity = rows
            return true
        },
        .change("display.task-count", .display, "N tasks (every other one coloured, every third done) on a widget of C rows: N-cap-C",
                reach: .canonicalSingleCase, [19, 20, 21].flatMap { n in capacities.map { c in ("\(n)-cap-\(c)", (n, c)) } }) { edit, _, shape in
            edit.capacity = shape.1
            return edit.draft.set("tasks", .array((1...shape.0).map(row)))
        },
        .change("display.task-count-stale", .display, "21 tasks on Android's 20 rows, fresh and stale", reach: .canonicalFixture) { edit, _ in
            edit.draft.set("tasks", .array((1...21).map(row)))
        },
        .change("display.header", .display, "a project widget: its header and rows, fresh and stale", reach: .canonicalFixture,
                ProjectWidget.allCases.map { ($0.rawValue, $0) }) { edit, _, widget in
            widget.apply(&edit)
        },
    ]

    static let capacities = [0, 1, 3, 9, 20]

    /// Row `n` of the display cases: coloured through `p1` when odd, done every third.
    static func row(_ n: Int) -> BlobDraft {
        var members: [BlobDraft.Member] = [.init("id", .string("d\(n)")), .init("title", .string("Row \(n)")),
                                           .init("isDone", .bool(n % 3 == 0))]
        if n % 2 == 1 { members.append(.init("projectId", .string("p1"))) }
        return .object(members)
    }

    /// The project widgets of the header cases (CONTRACT.md §9.3, §9.4): the blob gains a
    /// `projects` list and the case a selection.
    enum ProjectWidget: String, CaseIterable, Sendable {
        /// A titled project selected: its title heads its rows, stale or not.
        case project
        /// The selection names no project: Today's rows under the stamp's header.
        case projectMissing = "project-missing"
        /// Another entry has no title: projectTitle throws, the rows empty, the stamp's header.
        case projectListBroken = "project-list-broken"
        /// The selected entry's title is JSON null: the header reads "null".
        case projectTitleNull = "project-title-null"
        /// Every row of the project was done long ago: no rows under the project's header.
        case projectAllDoneExpired = "project-all-done-expired"
        /// Projects in the blob, no selection: Today's widget, projects not read.
        case projectsWithoutSelection = "projects-without-selection"

        func apply(_ edit: inout CaseChange) -> Bool {
            func entry(_ id: String, title: BlobDraft?, tasks: [BlobDraft]) -> BlobDraft {
                var members: [BlobDraft.Member] = [.init("id", .string(id))]
                if let title { members.append(.init("title", title)) }
                members.append(.init("tasks", .array(tasks)))
                return .object(members)
            }
            let work = [row(1), row(2)]
            let expired = [BlobDraft.object([.init("id", .string("w1")), .init("title", .string("Done long ago")),
                                             .init("isDone", .bool(true)), .init("doneOn", .integer(1000))])]
            var projects = [entry("pw", title: .string("Work"), tasks: self == .projectAllDoneExpired ? expired : work)]
            switch self {
            case .projectListBroken: projects.append(entry("px", title: nil, tasks: []))
            case .projectTitleNull: projects[0] = entry("pw", title: .text("null"), tasks: work)
            default: break
            }
            edit.selectedProjectId = self == .projectsWithoutSelection ? nil : self == .projectMissing ? "gone" : "pw"
            return edit.draft.set("projects", .array(projects))
        }
    }
}
