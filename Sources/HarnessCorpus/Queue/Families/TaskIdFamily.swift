import ContractModel
import WidgetSnapshot

/// Task ids of every class a snapshot can carry, through the queue and back: each must reach
/// the drain exactly as the app holds it (CONTRACT.md §10.5). A lone surrogate is held as its
/// escape text (`QueueText`).
enum TaskIdFamily {
    static let ids: [(name: String, id: JSONString)] = [
        ("slash", "a/b"), ("backslash", "a\\b"), ("quote", "say \"hi\""), ("empty", ""), ("space", " "),
        ("proto", "__proto__"), ("numeric", "42"), ("zero", "0"), ("newline", "a\nb"), ("nul", "a\u{0}b"),
        ("emoji", "🎉 party"), ("rtl", "\u{202E}abc"), ("line-separator", "a\u{2028}b"),
        ("nfc", "\u{e9}"), ("nfd", "e\u{301}"), ("high-surrogate", "x\\ud83c"), ("low-surrogate", "\\udc00y"),
        ("long", JSONString(String(repeating: "long-id-", count: 128))),
    ]

    static let family = QueueFamily(name: "ids", summary: "ids of every character class, lone surrogates, `/`, `__proto__`, canonically equivalent pairs") {
        var cases: [QueueCase] = ids.map { item in
            let tasks = item.name == "proto" ? [QueueTask(item.id)] : openTasks([item.id, "other"])
            return .scripted("ids.\(item.name)", "a task id of class \(item.name) reaches the drain as the app holds it", tasks: tasks) { s in
                s.tap(item.id, true)
                s.peekThenDrain()
            }
        }
        cases.append(.scripted("ids.equivalent-pair", "\"é\" and \"e\\u0301\" are two tasks: a tap on each stays its own", tasks: openTasks(["\u{e9}", "e\u{301}"])) { s in
            s.tap("\u{e9}", true)
            s.tap("e\u{301}", false)
            s.tap("e\u{301}", true)
            s.peekThenDrain()
        })
        cases.append(.scripted("ids.surrogate-and-replacement", "a lone surrogate and U+FFFD are two tasks", tasks: openTasks(["x\\ud83c", "x\u{fffd}"])) { s in
            s.tap("x\\ud83c", true)
            s.tap("x\u{fffd}", true)
            s.peekThenDrain()
        })
        return cases
    }
}
