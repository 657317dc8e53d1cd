/// Why a file the harness reads (a fixture, a case stream) cannot be used, said so that a
/// person can fix it: the file, the line when known, the field, and what is wrong.
///
/// The harness refuses bad input instead of skipping it: a silently dropped fixture or case
/// would shrink the corpus without anyone noticing.
package struct HarnessInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the caller named it, e.g. `golden/fixtures/x.json`.
    package var file: String
    /// One-based line, when the problem has one (a JSON syntax error, a stream line).
    package var line: Int?
    /// Dotted path of the offending field, e.g. `instants.at`, when the problem is in one.
    package var field: String?
    package var message: String

    package init(file: String, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// `file:line: field `f`: message`.
    package var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let field { text += "field `\(field)`: " }
        return text + message
    }
}
