/// `isDone` on every task, as org.json's `optBoolean("isDone", false)` reads it: a
/// boolean, or a string equal to true/false ignoring case; anything else is false.
enum IsDoneMutations {
    private static func setEveryIsDone(_ id: String, _ summary: String, _ values: [(String, BlobDraft)])
        -> MutationOperator {
        .edit(id, .isDone, summary, values) { draft, _, value in
            draft.updateEveryTask { $0.replace("isDone", with: value) }
        }
    }

    static let all: [MutationOperator] = [
        setEveryIsDone("isdone.string", "every task's isDone is a string", [
            ("true", .string("true")),
            ("false", .string("false")),
            ("upper-true", .string("TRUE")),
            ("mixed-false", .string("False")),
            ("yes", .string("yes")),
            ("one", .string("1")),
            ("padded", .string(" true")),
            ("empty", .string("")),
            // equalsIgnoreCase compares every letter and the length (holes generated mutants found)
            ("first-letter-off", .string("xrue")),
            ("true-and-more", .string("truex")),
        ]),
        setEveryIsDone("isdone.number", "every task's isDone is a number", [
            ("one", .integer(1)),
            ("zero", .integer(0)),
            ("float-one", .text("1.0")),
        ]),
        .edit("isdone.null", .isDone, "every task's isDone is JSON null") { draft, _ in
            draft.updateEveryTask { $0.replace("isDone", with: .jsonNull) }
        },
        .edit("isdone.missing", .isDone, "removes every task's isDone") { draft, _ in
            draft.updateEveryTask { $0.remove("isDone") }
        },
    ]
}
