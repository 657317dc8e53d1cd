import WidgetSnapshot

/// Long texts in views are kept as their SHA-256 digest (CONTRACT.md §6, "Long texts"), so
/// that a golden file, and the gate's memory, grow with the number of cases and not with
/// blob bytes × cases: a fixture with a 256 KiB title once held that title in every one of
/// its cases' views, in every golden folder and in every reader's outcomes (issue 22).
///
/// The rule: a text (a row's id, title or colour, `meta.dayStr`, a parse error, any text or
/// error text of a field a later revision adds: `projects[].title`, `currentTask.title`) longer than
/// `maximumBytes` UTF-8 bytes, or one that begins with `sha256:`, is stored as
/// `sha256:<64 hex digits> (<n> bytes)`, the digest of its UTF-8 bytes. Every outcome is
/// brought to this form before it is compared or stored (`compacted`), from whichever side:
/// a reader's full text and a golden file's digest then compare equal exactly when the full
/// text is the one the digest was made from. A real text that merely looks like a digest
/// begins with `sha256:` and is digested itself, so it can never pass for the digest it
/// imitates. Only golden lines (`storedDigests`) hold digests; in a reader's line every text
/// is a text.
package enum LongTextDigest {
    /// Texts up to this many UTF-8 bytes are kept as they are (README, "Limits").
    package static let maximumBytes = 1024
    package static let prefix = "sha256:"

    /// `sha256:<hex> (<n> bytes)` for a text.
    package static func digest(_ text: String) -> String {
        // (Portable: the testee kit digests long texts when it records on Apple's platforms.)
        prefix + PortableSHA256.hex(text.utf8) + " (\(text.utf8.count) bytes)"
    }

    /// True when `text` is stored as its digest.
    package static func isLong(_ text: String) -> Bool {
        text.utf8.count > maximumBytes || text.utf8.starts(with: prefix.utf8)
    }

    /// The form a text is compared and stored in. `storedDigests`: the text comes from a
    /// golden line, where a text beginning with `sha256:` is a digest already.
    package static func compact(_ text: String, storedDigests: Bool = false) -> String {
        guard isLong(text) else { return text }
        if storedDigests && text.utf8.starts(with: prefix.utf8) { return text }
        return digest(text)
    }

    /// A failure's reason, cut to `maximumBytes` with the whole reason's digest appended: its
    /// start says what kind of failure it is (`ReaderOutcome.noViewField`), so it is kept.
    package static func shortened(reason: String) -> String {
        guard reason.utf8.count > maximumBytes else { return reason }
        var kept = Substring(reason)
        while kept.utf8.count > maximumBytes { kept = kept.dropLast(max(1, (kept.utf8.count - maximumBytes) / 4)) }
        return kept + " … " + digest(reason)
    }
}

extension DecodedView {
    /// True when some text of the view would be stored as a digest.
    package var holdsLongText: Bool {
        if let day = meta.dayStr, LongTextDigest.isLong(day) { return true }
        if added.values.contains(where: \.holdsLongText) || addedRowValues.contains(where: { $0.values.contains(where: \.holdsLongText) }) {
            return true
        }
        switch parse {
        case .error(let reason):
            return LongTextDigest.isLong(reason)
        case .tasks(let rows):
            return rows.contains { row in
                LongTextDigest.isLong(row.id) || LongTextDigest.isLong(row.title)
                    || row.projectColor.map(LongTextDigest.isLong) == true
            }
        }
    }

    /// The view with its long texts as digests (`LongTextDigest`); itself when it has none.
    package func compacted(storedDigests: Bool = false) -> DecodedView {
        guard holdsLongText else { return self }
        func compact(_ text: String) -> String { LongTextDigest.compact(text, storedDigests: storedDigests) }
        var view = self
        view.meta.dayStr = meta.dayStr.map(compact)
        view.added = added.mapValues { $0.compacted(storedDigests: storedDigests) }
        view.addedRowValues = addedRowValues.map { $0.mapValues { $0.compacted(storedDigests: storedDigests) } }
        switch parse {
        case .error(let reason):
            view.parse = .error(compact(reason))
        case .tasks(let rows):
            view.parse = .tasks(rows.map { row in
                var row = row
                row.id = compact(row.id)
                row.title = compact(row.title)
                row.projectColor = row.projectColor.map(compact)
                return row
            })
        }
        return view
    }
}

extension ViewValue {
    /// True when some text or error text in the value would be stored as a digest.
    package var holdsLongText: Bool {
        switch self {
        case .text(let text), .error(let text): return LongTextDigest.isLong(text)
        case .list(let values), .object(let values): return values.contains(where: \.holdsLongText)
        default: return false
        }
    }

    /// The value with its long texts (and error texts) as digests, for the fields a revision
    /// after 1 adds (`projects[].title`, `projectTitle`, `currentTask.title`, …).
    package func compacted(storedDigests: Bool) -> ViewValue {
        guard holdsLongText else { return self }
        switch self {
        case .text(let text): return .text(LongTextDigest.compact(text, storedDigests: storedDigests))
        case .error(let text): return .error(LongTextDigest.compact(text, storedDigests: storedDigests))
        case .list(let values): return .list(values.map { $0.compacted(storedDigests: storedDigests) })
        case .object(let values): return .object(values.map { $0.compacted(storedDigests: storedDigests) })
        default: return self
        }
    }
}

extension ReaderOutcome {
    /// The outcome as it is compared and stored: long view texts as digests, a long failure
    /// reason shortened (`LongTextDigest`).
    package func compacted(storedDigests: Bool = false) -> ReaderOutcome {
        switch self {
        case .view(let view): return .view(view.compacted(storedDigests: storedDigests))
        case .failure(let reason): return .failure(LongTextDigest.shortened(reason: reason))
        }
    }
}
