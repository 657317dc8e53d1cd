import ContractModel

/// Untrusted text made inert for Markdown (`check --markdown`, `diff --markdown`): a job
/// summary or PR comment renders Markdown and inline HTML, so a reason like `<h1>FAKE
/// PASS</h1>`, `</details>` or `<img src=x onerror=…>` must reach the page as text. Every
/// piece goes through `UntrustedText.escape` first (no raw newline or control character),
/// then into a code span (`code`, `cell`), a fenced block (`fenced`) or backslash escapes
/// (`plain`), in none of which Markdown or HTML is rendered.
package enum MarkdownText {
    /// A code span whose fence is longer than any run of backticks inside (padded with a space
    /// when the text starts or ends with one), so no backtick in the text can close it.
    package static func code(_ text: String) -> String {
        let escaped = UntrustedText.escape(text)
        guard !escaped.isEmpty else { return "` `" }
        let fence = String(repeating: "`", count: longestRun(of: "`", in: escaped) + 1)
        let pad = escaped.hasPrefix("`") || escaped.hasSuffix("`") || (escaped.hasPrefix(" ") && escaped.hasSuffix(" ")) ? " " : ""
        return fence + pad + escaped + pad + fence
    }

    /// A code span inside a table row: `code` with `|` escaped, which a GitHub table needs even
    /// inside a code span (the table reads the cell first; the span shows a plain `|`).
    package static func cell(_ text: String) -> String {
        code(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text outside any span: every ASCII punctuation character backslash-escaped (CommonMark
    /// allows that for each of them), so nothing in it is markup, a tag or an entity.
    package static func plain(_ text: String) -> String {
        var out = ""
        for scalar in UntrustedText.escape(text).unicodeScalars {
            // CommonMark's ASCII punctuation: every printable ASCII character but letters, digits and space.
            if (0x21...0x7E).contains(scalar.value), !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) {
                out += "\\"
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// A fenced code block of `text`'s lines (each escaped; line breaks kept), with a fence
    /// longer than any run of backticks in it.
    package static func fenced(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { UntrustedText.escape(String($0)) }
        let fence = String(repeating: "`", count: max(3, lines.map { longestRun(of: "`", in: $0) }.max() ?? 0) + 1)
        return fence + "text\n" + lines.joined(separator: "\n") + "\n" + fence + "\n"
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for c in text {
            current = c == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
