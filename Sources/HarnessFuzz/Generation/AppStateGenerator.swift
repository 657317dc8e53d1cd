import HarnessCorpus
import WidgetSnapshot

/// Makes app state `i` of a seed (issue 25's dimensions), for `fuzz states`: the zone
/// dimension's transition days (and ordinary days), start-of-day offsets, titles from every
/// Unicode class the mutation families use (lone surrogates included), free-text colours,
/// projects without colour, tasks whose entity is gone, empty projects, 0/20/21 tasks (a
/// project listing 20 or 21 of them) and revision 2's done tasks with and without completion
/// times (some around the grace of a project widget at the day boundary).
///
/// State `i` is a pure function of `(seed, i)` and the zone transitions, like a fuzz case:
/// its own `SeededRandom` stream, so shards, threads and `--case i` see the same state.
/// `inApp` is set from what the state holds (CONTRACT.md §7.1): false exactly when the day
/// is not one `getDbDateStr` writes after 1970 or the offset is outside the app's settings.
package struct AppStateGenerator: Sendable {
    package let seed: UInt64
    /// The zone dimension (`golden/zones/transitions.json`).
    package let transitions: [ZoneTransition]

    package init(seed: UInt64, transitions: [ZoneTransition]) {
        self.seed = seed
        self.transitions = transitions
    }

    /// Zones drawn besides the transitions' own: offsets of every kind, both date-line sides.
    static let plainZones = ["Europe/Berlin", "America/Los_Angeles", "UTC", "Asia/Kolkata", "Asia/Kathmandu",
                             "Australia/Lord_Howe", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Sao_Paulo",
                             "Africa/Tunis", "America/Havana", "Pacific/Apia", "Asia/Tokyo", "America/St_Johns"]

    /// Offsets the app's settings give (whole minutes, 0 … 23:59) and, for robustness, some it does not.
    static let appOffsets: [Int64] = [0, 3_600_000, 14_400_000, 82_800_000, AppState.largestAppOffsetMs, 30 * 60_000]
    static let outsideOffsets: [Int64] = [-3_600_000, -82_800_000, -1, 86_400_000, 90_000_000, 1]

    /// Day texts the app never writes (`inApp: false`): unsplittable, unpadded, outside the
    /// writer's calendar (D4), before 1900 (D8), impossible, before 1970.
    static let outsideDays = ["not-a-day", "", "2026-7-5", "0050-01-01", "1799-12-31", "10000-01-01", "1582-10-10",
                              "0001-01-01", "2026-02-30", "1969-12-31", "1900-01-01", "2026-07-17T00:00"]

    /// Colours as the app stores a theme's primary (free text), the empty one (falsy: no colour) and none.
    static let namedColours: [AppText?] = ["rgb(144, 187, 165)", "#29a1aa", "#abc", "teal", "hsl(184, 61%, 41%)", "red",
                                           "", nil, "#ABCDEF", "transparent", "rgba(0,0,0,0.5)"]

    /// The `long` title class: 5,000 `x`s, made once (U+0078; `String(repeating: "x", count:)` appends
    /// a character at a time, which was 3 % of a `fuzz states` run's instructions).
    static let longTitle = AppText(units: [UInt16](repeating: 0x78, count: 5000))

    /// One title per Unicode class the mutation families (`unicode.*`) and `titles/every-class` use.
    static let titleClasses: [(String, AppText)] = [
        ("ascii", "Buy milk"),
        ("empty", ""),
        ("json-escapes", "quote \" backslash \\ solidus / tab \t newline \n"),
        ("controls", "\u{0}\u{1}\u{1F}\u{8}\u{C}\r"),
        ("nul", "a\u{0}b"),
        ("del-separators", "\u{7F}\u{2028}\u{2029}"),
        ("noncharacters", "\u{FFFE}\u{FFFF}\u{10FFFF}"),
        ("replacement-bom-nbsp", "\u{FFFD}\u{FEFF}\u{A0}"),
        ("emoji-pair", "\u{1F600} grin"),
        ("emoji-zwj", "\u{1F469}\u{200D}\u{1F4BB} family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"),
        ("rtl", "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{5E9}\u{5DC}\u{5D5}\u{5DD}"),
        ("cjk", "\u{4ECA}\u{65E5}\u{306E}\u{4ED5}\u{4E8B}"),
        ("combining", "p\u{E9} and pe\u{301}"),
        ("private-use", "\u{F0000}"),
        ("sliced-emoji", AppText(units: Array("Party \u{1F389}".utf16.dropLast()))),
        ("lone-low", AppText(units: [0xDC00] + Array(" low first".utf16))),
        ("reversed-pair", AppText(units: [0xDE00, 0xD83D])),
        ("high-then-letter", AppText(units: [0xD800, 0x41])),
    ]

    /// A generated state and the steps that made it (shown in a finding).
    package struct Made: Sendable {
        package var state: AppState
        package var recipe: [String]
    }

    package func make(_ index: Int) -> Made {
        var random = SeededRandom(seed: seed, stream: UInt64(index))
        var recipe: [String] = []

        let revision = random.chance(1, in: 2) ? 1 : 2
        recipe.append("revision \(revision)")
        let (zone, today, dayStep) = day(&random)
        recipe.append(dayStep)
        let offset: Int64
        if random.chance(1, in: 12) {
            offset = random.pick(Self.outsideOffsets)
        } else if random.chance(1, in: 8) {
            offset = Int64(random.below(24 * 60)) * 60_000
        } else {
            offset = random.pick(Self.appOffsets)
        }
        recipe.append("offset \(offset)")

        var projects = makeProjects(&random, recipe: &recipe)
        var tasks = makeTasks(&random, projects: projects, recipe: &recipe)
        if AppState.writes("projects", revision: revision) {
            fillProjects(&random, &projects, tasks: &tasks, recipe: &recipe)
            doneAroundTheGrace(&random, &tasks, zone: zone, today: today, offset: offset, recipe: &recipe)
        }
        let todayTaskIds = todayIds(&random, tasks: tasks, recipe: &recipe)
        var state = AppState(id: "fuzz/s\(seed)-\(index)", inApp: true, revision: revision, timeZone: zone,
                             todayStr: today, startOfNextDayDiffMs: offset, todayTaskIds: todayTaskIds,
                             tasks: tasks, projects: projects)
        state.inApp = state.isHeldByApp
        return Made(state: state, recipe: recipe)
    }

    // MARK: the day

    private func day(_ random: inout SeededRandom) -> (zone: String, today: AppText, step: String) {
        let pick = random.below(20)
        if pick < 9, !transitions.isEmpty {
            let transition = random.pick(transitions)
            let shift = Int64(random.int(in: -1...1))
            guard let day = DayString.CalendarDay(transition.day) else { return (transition.zone, AppText(transition.day), "day \(transition.day)") }
            let text = CalendarArithmetic.dayString(day.daysSinceEpoch + shift)
            return (transition.zone, AppText(text),
                    "day \(transition.zoneClass.rawValue) \(transition.zone) \(transition.day)\(shift == 0 ? "" : shift > 0 ? "+1" : "-1")")
        }
        let zone = random.pick(Self.plainZones)
        if pick < 18 {
            // 1970-01-01 … 2037-12-31.
            let days = Int64(random.below(24_837))
            return (zone, AppText(CalendarArithmetic.dayString(days)), "day \(zone) ordinary")
        }
        let text = random.pick(Self.outsideDays)
        return (zone, AppText(text), "day \(zone) outside the app \(text.isEmpty ? "(empty)" : text)")
    }

    // MARK: projects and tasks

    private func makeProjects(_ random: inout SeededRandom, recipe: inout [String]) -> [AppState.Project] {
        var projects: [AppState.Project] = []
        if random.chance(1, in: 2) {
            projects.append(AppState.Project(id: "INBOX_PROJECT", title: "Inbox", primary: "rgb(144, 187, 165)"))
        }
        let count = random.pick([0, 1, 1, 2, 3, 5])
        for number in 1...max(1, count) where count > 0 {
            let id: AppText
            switch random.below(12) {
            case 0: id = AppText("\(random.pick([7, 42, 0, 3]) + number * 100)")   // an array-index key (W5)
            case 1: id = AppText(units: Array("p\(number)".utf16) + [0xD83D])     // a lone surrogate in the id
            case 2: id = AppText("p\u{E9}\(number)")
            default: id = AppText("p\(number)")
            }
            var colour = random.pick(Self.namedColours)
            if random.chance(1, in: 4) { colour = AppText(hexColour(&random)) }
            let title = random.chance(1, in: 4) ? random.pick(Self.titleClasses).1 : AppText("Project \(number)")
            projects.append(AppState.Project(id: id, title: title, primary: colour,
                                             isArchived: random.chance(1, in: 7), isHiddenFromMenu: random.chance(1, in: 7)))
        }
        recipe.append("projects \(projects.count)")
        return projects
    }

    private func hexColour(_ random: inout SeededRandom) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String((0..<6).map { _ in random.pick(digits) })
    }

    private func makeTasks(_ random: inout SeededRandom, projects: [AppState.Project], recipe: inout [String]) -> [AppState.Task] {
        let count = random.pick([0, 1, 1, 2, 2, 3, 4, 5, 20, 21])
        var tasks: [AppState.Task] = []
        tasks.reserveCapacity(count)
        var titleClasses: [String] = []
        for number in 0..<count {
            let id: AppText
            switch random.below(16) {
            case 0: id = AppText(units: Array("t\(number)".utf16) + [0xDC00])
            case 1: id = AppText("t\(number) \u{1F600}")
            default: id = AppText("t\(number)")
            }
            let title: AppText
            if random.chance(1, in: 3) {
                let (name, text) = random.pick(Self.titleClasses)
                titleClasses.append(name)
                title = text
            } else if random.chance(1, in: 200) {
                titleClasses.append("long")
                title = Self.longTitle
            } else {
                title = AppText("Task \(number)")
            }
            var task = AppState.Task(id: id, title: title, isDone: random.chance(1, in: 3))
            switch random.below(6) {
            case 0: task.doneOn = .null
            case 1, 2: task.doneOn = .value(1_784_325_600_000 + Int64(random.below(86_400_000)))
            case 3: task.doneOn = .value(random.pick([0, -1, 1]))
            default: task.doneOn = .absent
            }
            switch random.below(8) {
            case 0: task.projectId = .null
            case 1: task.projectId = .value("")
            case 2: task.projectId = .value("p-gone")          // a project whose entity is gone
            case 3...5 where !projects.isEmpty: task.projectId = .value(random.pick(projects).id)
            default: task.projectId = .absent
            }
            tasks.append(task)
        }
        recipe.append("tasks \(count)" + (titleClasses.isEmpty ? "" : " titles " + titleClasses.joined(separator: ",")))
        return tasks
    }

    /// Revision 2: each project's task list and backlog from its tasks (some ids gone, some
    /// of another project), empty projects left empty.
    private func fillProjects(_ random: inout SeededRandom, _ projects: inout [AppState.Project], tasks: inout [AppState.Task],
                              recipe: inout [String]) {
        for position in projects.indices {
            let id = projects[position].id
            var own = tasks.filter { $0.projectId == .value(id) }.map(\.id)
            if random.chance(1, in: 6) { own.insert("t-gone", at: random.below(own.count + 1)) }
            if random.chance(1, in: 8), let other = tasks.first?.id, !own.contains(other) { own.append(other) }
            // Now and then a project lists every task (20 or 21 of them: the writer's cut at 20, W6).
            if tasks.count >= 20, random.chance(1, in: 4) { own = tasks.map(\.id) }
            let split = random.below(own.count + 1)
            projects[position].taskIds = Array(own[..<split])
            projects[position].backlogTaskIds = Array(own[split...])
        }
        recipe.append("project lists")
    }

    /// Completion times a project widget's grace (`doneOn` + 5000 ms, CONTRACT.md §8.1) tells apart
    /// at the instants the state's blob is read: around 5000 ms before the app's day boundary
    /// (`AppDayBoundary`, as the writer family reads it), for some of a third of the states' done tasks.
    private func doneAroundTheGrace(_ random: inout SeededRandom, _ tasks: inout [AppState.Task], zone: String, today: AppText,
                                    offset: Int64, recipe: inout [String]) {
        guard tasks.contains(where: \.isDone), random.chance(1, in: 3),
              let boundary = AppDayBoundary.ms(todayStr: today.description, timeZone: zone, startOfNextDayDiffMs: offset) else { return }
        for position in tasks.indices where tasks[position].isDone && random.chance(1, in: 2) {
            tasks[position].doneOn = .value(boundary + random.pick([-5001, -5000, -4999, -1, -60_000, 0]))
        }
        recipe.append("done around the grace")
    }

    /// Today's ids: the tasks in entity order or shuffled, some left out, some gone.
    private func todayIds(_ random: inout SeededRandom, tasks: [AppState.Task], recipe: inout [String]) -> [AppText] {
        var ids = tasks.map(\.id).filter { _ in !random.chance(1, in: 10) }
        if random.chance(1, in: 4) {
            for position in ids.indices.reversed() where position > 0 { ids.swapAt(position, random.below(position + 1)) }
        }
        var gone = 0
        if random.chance(1, in: 6) {
            ids.insert(AppText("gone-\(ids.count)"), at: random.below(ids.count + 1))
            gone += 1
        }
        recipe.append("today \(ids.count)" + (gone > 0 ? " (\(gone) gone)" : ""))
        return ids
    }
}
