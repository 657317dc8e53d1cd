import ContractModel
import Foundation

/// A testee list's `# paints: widget` or `# paints: nothing`: whether the reader behind it
/// paints a widget on screen (CONTRACT.md §5). A testee paints one unless its list says
/// `nothing` — an app's widget reader is what the harness is for — and a reader that paints
/// must answer the question the description marks `paints` (the display): no `not implemented`
/// entry excuses leaving it out. The line is a reviewed statement like `# platform:`: once,
/// before the first entry, in a testee's list only, and every report says a reader paints none.
package struct PaintsDeclaration: Equatable, Sendable {
    package static let declaration = "# paints:"
    /// The words the line takes, and what each says.
    private static let words: [(word: String, paints: Bool)] = [("widget", true), ("nothing", false)]

    package var paints: Bool
    /// The line that says it.
    package var line: Int

    static func parse(_ text: String, file: String, line number: Int, afterEntries: Bool,
                      earlier: Int?) throws(HarnessInputError) -> PaintsDeclaration {
        let word = text.dropFirst(declaration.count).trimmingCharacters(in: .whitespaces)
        guard let known = words.first(where: { $0.word == word }) else {
            throw HarnessInputError(file: file, line: number, message: "`\(UntrustedText.escape(word))` is not what a reader paints: write `\(declaration) widget` (the reader of a widget on screen, the default) or `\(declaration) nothing` (a reader that paints no widget)")
        }
        if let earlier { throw HarnessInputError(file: file, line: number, message: "a second paints line (the first is line \(earlier)); keep one") }
        guard !afterEntries else {
            throw HarnessInputError(file: file, line: number, message: "the paints line comes before the first entry: move it to the top of the list")
        }
        return PaintsDeclaration(paints: known.paints, line: number)
    }
}
