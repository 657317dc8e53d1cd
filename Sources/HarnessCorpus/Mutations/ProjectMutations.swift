import WidgetSnapshot

/// Revision 2's `projects` array (CONTRACT.md §8.1, §8.2) on the `projects` fixture, whose
/// case selects `p1`: with a selection every entry is read with `getJSONObject` before any is
/// matched, the rows come from the first entry whose `optString("id")` is the selection, and
/// no array, no such entry or an entry without a `tasks` array falls back to today's rows;
/// `parseProjects` (and so `projectTitle`) throws on an entry that is not an object or lacks
/// `id` or `title`.
enum ProjectMutations {
    private static let reach = MutationOperator.Reach.fixture(Fixture.projectsName)

    /// An entry of a project nobody selected: `{"id":id,"title":title,"tasks":[]}`.
    private static func entry(id: BlobDraft, title: String) -> BlobDraft {
        .object([.init("id", id), .init("title", .string(title)), .init("tasks", .array([]))])
    }

    /// Edits the selected project's entry (`selected`) or the last entry that is not selected (`other`).
    private enum Which: Sendable { case selected, other }

    private static func project(_ which: Which, in input: MutationOperator.Input) -> Int? {
        switch which {
        case .selected: return input.selectedProject?.index
        case .other: return input.projects.last { $0.index != input.selectedProject?.index }?.index
        }
    }

    static let all: [MutationOperator] = [
        .edit("projects.absent", .projects, "no projects array (an older writer's blob): a selection reads today's rows",
              reach: reach) { draft, _ in draft.remove("projects") },
        .edit("projects.null", .projects, "projects is JSON null (no array): a selection reads today's rows", reach: reach) {
            draft, _ in draft.replace("projects", with: .jsonNull)
        },
        .edit("projects.not-array", .projects, "projects is another kind than an array: a selection reads today's rows",
              reach: reach, [("object", "object"), ("string", "\"p1\""), ("number", "1"), ("bool", "true")]) { draft, _, literal in
            guard let elements = draft["projects"]?.elements else { return false }
            if literal == "object" {
                // The entries keyed by their ids, as a map-minded writer would write them.
                let members = elements.enumerated().map { BlobDraft.Member("p\($0.offset + 1)", $0.element) }
                return draft.replace("projects", with: .object(members))
            }
            return draft.replace("projects", with: .text(literal))
        },
        .edit("projects.empty", .projects, "projects is []: no entry matches, a selection reads today's rows", reach: reach) {
            draft, _ in draft.replace("projects", with: .array([]))
        },
        .edit("projects.entry-not-object", .projects,
              "an entry that is not an object (getJSONObject: the whole parse and parseProjects fail)", reach: reach,
              [("null-first", ("null", 0)), ("string-last", ("\"p9\"", Int.max)), ("array-middle", ("[]", 1)),
               ("number-first", ("7", 0))]) { draft, _, spec in
            draft.insertProject(.text(spec.0), at: spec.1)
        },
        .edit("projects.duplicate-id", .projects,
              "a second entry takes an unselected project's id (parseProjects lists both; the first wins a lookup)",
              reach: reach) { draft, input in
            guard let other = project(.other, in: input), let id = input.projects.first(where: { $0.index == other })?.project["id"]
            else { return false }
            return draft.insertProject(entry(id: .value(id), title: "Duplicate of an id"), at: Int.max)
        },
        MutationOperator(id: "projects.number-id", family: .projects,
                         summary: "a project id that is a number: optString and getString read its Java text (7, 7.0)",
                         parameters: ["integer-hit", "double-miss", "double-hit", "unselected"], reach: reach) { input, parameter in
            let table: [String: (literal: String, selection: String?)] = [
                "integer-hit": ("7", "7"), "double-miss": ("7.0", "7"), "double-hit": ("7.0", "7.0"), "unselected": ("3", nil),
            ]
            guard let parameter, let (literal, selection) = table[parameter],
                  let at = project(selection == nil ? .other : .selected, in: input) else { return nil }
            var change = CaseChange(input)
            guard change.draft.updateProject(at, { $0.replace("id", with: .text(literal)) }) else { return nil }
            if let selection { change.selectedProjectId = JSONString(selection) }
            return change.output
        },
        .edit("projects.missing-title", .projects, "an entry without title (getString: parseProjects and projectTitle fail)",
              reach: reach, [("selected", Which.selected), ("other", Which.other)]) { draft, input, which in
            guard let at = project(which, in: input) else { return false }
            return draft.updateProject(at) { $0.remove("title") }
        },
        .edit("projects.title-null", .projects, "the selected entry's title is JSON null (getString reads the text \"null\")",
              reach: reach) { draft, input in
            guard let at = project(.selected, in: input) else { return false }
            return draft.updateProject(at) { $0.replace("title", with: .jsonNull) }
        },
        .edit("projects.missing-id", .projects, "an unselected entry without id (getString: parseProjects fails; parse reads it as \"\")",
              reach: reach) { draft, input in
            guard let at = project(.other, in: input) else { return false }
            return draft.updateProject(at) { $0.remove("id") }
        },
        .edit("projects.missing-tasks", .projects,
              "an entry without tasks: the selected one falls back to today's rows, another changes nothing",
              reach: reach, [("selected", Which.selected), ("other", Which.other)]) { draft, input, which in
            guard let at = project(which, in: input) else { return false }
            return draft.updateProject(at) { $0.remove("tasks") }
        },
        .edit("projects.tasks-not-array", .projects, "the selected entry's tasks is not an array (optJSONArray): today's rows",
              reach: reach, [("null", "null"), ("object", "{}"), ("string", "\"t1\"")]) { draft, input, literal in
            guard let at = project(.selected, in: input) else { return false }
            return draft.updateProject(at) { $0.replace("tasks", with: .text(literal)) }
        },
        .edit("projects.tasks-empty", .projects, "the selected entry's tasks is []: no rows, not today's", reach: reach) {
            draft, input in
            guard let at = project(.selected, in: input) else { return false }
            return draft.updateProject(at) { $0.replace("tasks", with: .array([])) }
        },
        .edit("projects.task-not-object", .projects,
              "a selected project's task that is not an object (getJSONObject: the whole parse fails)", reach: reach) {
            draft, input in
            guard let at = project(.selected, in: input) else { return false }
            return draft.updateProject(at) { entry in
                entry.update("tasks") { tasks in
                    guard let elements = tasks.elements else { return false }
                    tasks = .array(elements + [.jsonNull])
                    return true
                }
            }
        },
        // A title and an id as the blob gives them: a space on either side, upper case and a
        // precomposed letter, which a reader that trims, lower-cases or normalises (NFD) shows
        // otherwise: in the header's title, projectTitle and the projects list (holes generated
        // mutants found).
        .change("projects.text-as-given", .projects,
                "the selected entry's title, its id (and the selection), or another entry's id is \" Caf\u{E9} X \" (shown and matched as given: no trim, case or normalisation)",
                reach: reach, [("selected-title", (Which.selected, "title")), ("other-id", (Which.other, "id")),
                               ("selected-id", (Which.selected, "id"))]) { change, input, spec in
            guard let at = project(spec.0, in: input),
                  change.draft.updateProject(at, { $0.replace(spec.1, with: .string(CurrentTaskMutations.textAsGiven)) })
            else { return false }
            if spec.0 == .selected && spec.1 == "id" { change.selectedProjectId = JSONString(CurrentTaskMutations.textAsGiven) }
            return true
        },
        // Another version: no projects and no project title, though the array is there (holes
        // generated mutants found: a reader that lists them anyway).
        .edit("projects.unsupported-version", .projects, "v is 2: parseProjects is [] and the selection reads nothing", reach: reach) {
            draft, _ in draft.replace("v", with: .integer(2))
        },
        // An entry's member name spelled with \u escapes: the same name (holes generated mutants
        // found: a member lookup that compares the raw bytes only misses it and parseProjects fails).
        .edit("projects.escaped-member-name", .projects, "another entry's \"title\" spelled \"ti\\u0074le\" (the same name)", reach: reach) {
            draft, input in
            guard let at = project(.other, in: input) else { return false }
            return draft.updateProject(at) { $0.rekey("title", to: "\"ti\\u0074le\"") }
        },
    ]
}
