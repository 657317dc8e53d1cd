import WidgetSnapshot

/// The display question's cases (CONTRACT.md §9): what the widget paints, where readers'
/// painting splits. The colour texts are what the app writes (`rgb()`, the Inbox default) and
/// what colour parsers split on (CSS and Android forms, signs, case, non-ASCII folds and
/// digits, whitespace); each becomes the colour of the canonical fixture's first coloured
/// project. (Capacities, headers of each kind and the empty states need the display inputs:
/// see below.)
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
    ]
}
