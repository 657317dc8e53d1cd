import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// A reviewed list of the cases and fields on which one reader is *known* to deviate from
/// the expected outputs (`golden/divergences/<reader>.txt`), each with its reason.
///
/// Like the protobuf conformance runner's failure lists, it goes stale loudly: the gate
/// fails on a deviation the list does not name **and** on an entry none of whose fields
/// differs in any case it matches.
///
/// Format: one entry per line, `PATTERN  [FIELDS]  REASON`. The pattern is a case id or a
/// glob (`*` any run of characters, `?` one character); `FIELDS` is a `FieldScope`; the
/// reason says why in at least three words, and a placeholder (`n/a`, `none`, `ok`, `-`,
/// `TODO`, `FIXME`, `why …`, `?`) is refused. A reason starting `not implemented` excuses
/// only fields the reader does not produce. A reason starting `D1:` … `D8:` names the
/// CONTRACT.md §5 departure the entry relies on, and the gate holds it to it
/// (`DepartureCheck`). Blank lines and `#` comments are ignored, but for declarations a testee's
/// list may make before its first entry: which library its reader runs on (`# platform:
/// org.json`, `ReaderPlatform`), which lets its entries name that platform's departures, and
/// whether it paints a widget (`# paints: nothing`, `PaintsDeclaration`; by default it does).
package struct DivergenceList: Sendable {
    /// One reviewed entry.
    package struct Entry: Equatable, Sendable {
        package var pattern: String
        package var fields: FieldScope
        package var reason: String
        /// One-based line in the list file.
        package var line: Int
        /// The departure the reason starts with (`D3: …`), if any.
        package var departure: ContractDeparture?

        package func matches(_ caseId: String) -> Bool { Glob.matches(pattern: Array(pattern.utf8), text: Array(caseId.utf8)) }

        /// Entries for fields a reader does not produce (`not implemented: …`); they excuse
        /// nothing else, and nothing else excuses such a field.
        package var isNotImplemented: Bool { reason.lowercased().hasPrefix("not implemented") }

        /// The line as written in a list: `PATTERN  [FIELDS]  REASON`.
        package var text: String { "\(pattern)  \(fields)  \(reason)" }
    }

    package var file: String
    package var entries: [Entry] { didSet { index = Index(entries) } }
    /// The platform its header declares (`# platform: org.json`), if any.
    package var platform: ReaderPlatform?
    /// The line that declares it.
    package var platformLine: Int?
    /// What its header says the reader paints (`# paints: widget` or `nothing`), if it says.
    package var paints: PaintsDeclaration?
    /// The entries by exact case id, and the globs, each in line order: finding an entry
    /// for a case costs a lookup plus the globs, never a pass over every entry.
    private var index: Index

    package init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
        index = Index(entries)
    }

    private struct Index: Sendable {
        var exact: [String: [Entry]] = [:]
        var globs: [Entry] = []

        init(_ entries: [Entry]) {
            for entry in entries {
                if entry.pattern.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }) {
                    globs.append(entry)
                } else {
                    exact[entry.pattern, default: []].append(entry)
                }
            }
        }
    }

    /// The entries whose pattern matches `caseId`, in line order.
    package func entries(matching caseId: String) -> [Entry] {
        let exact = index.exact[caseId] ?? []
        let globs = index.globs.filter { $0.matches(caseId) }
        return globs.isEmpty ? exact : (exact + globs).sorted { $0.line < $1.line }
    }

    /// Reads a list; a missing file is an empty list, an unreadable one (or one under an
    /// unreadable folder) is an error.
    package static func load(_ url: URL, displayName: String, tree: TreeBoundary) throws -> DivergenceList {
        guard let bytes = try GoldenText.read(url, displayName: displayName, tree: tree, maximumBytes: InputLimits.listFileBytes) else {
            return DivergenceList(file: displayName, entries: [])
        }
        return try parse(bytes, file: displayName)
    }

    package static func parse(_ text: String, file: String) throws(HarnessInputError) -> DivergenceList {
        try parse(GoldenText.withoutBOM(Array(text.utf8)), file: file)
    }

    static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> DivergenceList {
        var entries: [Entry] = []
        var byPattern: [String: [Entry]] = [:]
        var platform: (ReaderPlatform, line: Int)?
        var paints: PaintsDeclaration?
        for (index, rawLine) in try GoldenText.lines(bytes, file: file).enumerated() {
            guard let text = String(validating: rawLine, as: UTF8.self) else {
                throw HarnessInputError(file: file, line: index + 1, message: "not UTF-8 text")
            }
            let line = text.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(ReaderPlatform.declaration) {
                platform = try platformDeclaration(line, file: file, line: index + 1, afterEntries: !entries.isEmpty, earlier: platform?.line)
                continue
            }
            if line.hasPrefix(PaintsDeclaration.declaration) {
                paints = try PaintsDeclaration.parse(line, file: file, line: index + 1, afterEntries: !entries.isEmpty, earlier: paints?.line)
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard entries.count < InputLimits.listEntries else {
                throw HarnessInputError(file: file, line: index + 1, message: "more than \(InputLimits.listEntries) entries, the limit for a list (docs/threat-model.md, \"Limits\"): group cases with a glob")
            }
            let entry = try EntryParser.parse(line, file: file, line: index + 1)
            if let earlier = byPattern[entry.pattern]?.first(where: { $0.fields.overlaps(entry.fields) }) {
                throw HarnessInputError(file: file, line: index + 1,
                                        message: "pattern `\(entry.pattern)` with \(entry.fields) repeats fields of line \(earlier.line)")
            }
            entries.append(entry)
            byPattern[entry.pattern, default: []].append(entry)
        }
        var list = DivergenceList(file: file, entries: entries)
        list.platform = platform?.0
        list.platformLine = platform?.line
        list.paints = paints
        return list
    }

    /// A reader's entry as its list's header declares it: a testee (or an app's recorded reader)
    /// on the platform it names, with that platform's departures; a testee painting a widget
    /// unless it says `# paints: nothing`. A roster reader's entry as it is.
    package func declaring(_ reader: ReaderEntry) -> ReaderEntry {
        var entry = reader
        if reader.declaresOwnPlatform, let platform {
            entry.platform = platform
            entry.departures = platform.departures
        }
        if reader.role == .liveTestee, let paints { entry.paintsWidget = paints.paints }
        return entry
    }

    /// `# platform: NAME`: a platform `ReaderPlatform` knows, once, before the first entry (a
    /// declaration a reader could overlook further down is refused, not ignored).
    private static func platformDeclaration(_ line: String, file: String, line number: Int, afterEntries: Bool,
                                            earlier: Int?) throws(HarnessInputError) -> (ReaderPlatform, line: Int) {
        let name = line.dropFirst(ReaderPlatform.declaration.count).trimmingCharacters(in: .whitespaces)
        guard let platform = ReaderPlatform(rawValue: name) else {
            throw HarnessInputError(file: file, line: number, message: "`\(UntrustedText.escape(name))` is not a platform CONTRACT.md §5 declares departures for (\(ReaderPlatform.allCases.map(\.rawValue).joined(separator: ", "))); remove the line, or list the reader's differences in its own words")
        }
        if let earlier { throw HarnessInputError(file: file, line: number, message: "a second platform line (the first is line \(earlier)); keep one") }
        guard !afterEntries else {
            throw HarnessInputError(file: file, line: number, message: "the platform line comes before the first entry: move it to the top of the list")
        }
        return (platform, number)
    }

    /// The first entry that matches the case and whose fields cover `field`, of the kind
    /// the difference needs (a not-implemented field only by a not-implemented entry).
    package func entry(for caseId: String, field: String, notImplemented: Bool) -> Entry? {
        Self.entry(among: entries(matching: caseId), field: field, notImplemented: notImplemented)
    }

    /// The first of `entries` (those matching one case) that excuses `field`.
    package static func entry(among entries: [Entry], field: String, notImplemented: Bool) -> Entry? {
        entries.first { $0.isNotImplemented == notImplemented && $0.fields.covers(field) }
    }
}

/// Reads one `PATTERN  [FIELDS]  REASON` line, refusing anything a reviewer did not finish.
enum EntryParser {
    static func parse(_ line: String, file: String, line number: Int) throws(HarnessInputError) -> DivergenceList.Entry {
        func failure(_ message: String) -> HarnessInputError { HarnessInputError(file: file, line: number, message: message) }
        let pattern = String(line.prefix { $0 != " " && $0 != "\t" })
        guard pattern.utf8.allSatisfy(Glob.isAllowed) else {
            throw failure("pattern `\(pattern)` has characters a case id never has")
        }
        let rest = line.dropFirst(pattern.count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "[", let close = closingBracket(rest) else {
            throw failure("entry `\(pattern)` has no field list: write `PATTERN  [FIELDS]  REASON` ([*] for every field)")
        }
        let fields: FieldScope
        switch FieldScope.parse(rest[rest.index(after: rest.startIndex)..<close]) {
        case .success(let scope): fields = scope
        case .failure(let error): throw failure("entry `\(pattern)`: \(error.message)")
        }
        let reason = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        if let problem = placeholderProblem(reason) {
            throw failure("entry `\(pattern)` \(problem): write why this reader reads these fields differently (CONTRACT.md §5)")
        }
        let entry = DivergenceList.Entry(pattern: pattern, fields: fields, reason: reason, line: number,
                                         departure: try departure(named: reason, failure: failure))
        if entry.isNotImplemented, let outcome = fields.names.first(where: { FieldScope.outcomes.contains($0) }) {
            throw failure("entry `\(pattern)`: `\(outcome)` is not a field a reader can leave out; a not-implemented entry names view fields")
        }
        return entry
    }

    /// The departure a reason starts with: `D`, digits, `:`. A number CONTRACT.md §5 does not
    /// declare is refused.
    private static func departure(named reason: String, failure: (String) -> HarnessInputError) throws(HarnessInputError) -> ContractDeparture? {
        let token = reason.prefix { $0 != ":" && $0 != " " && $0 != "\t" }
        guard token.count >= 2, token.first == "D", token.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
              reason.dropFirst(token.count).first == ":" else { return nil }
        guard let departure = ContractDeparture(rawValue: String(token)) else {
            throw failure("reason names departure \(token), which CONTRACT.md §5 does not declare (D1–D8)")
        }
        return departure
    }

    /// The `]` that closes the list: the first one followed by whitespace or the end of
    /// the line (field names themselves contain `[]`).
    private static func closingBracket(_ text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "]" && (next == text.endIndex || text[next] == " " || text[next] == "\t") { return index }
            index = next
        }
        return nil
    }

    /// Whole reasons that say nothing (compared lower-cased, trailing `.`/`!` dropped).
    static let placeholders: Set<String> = ["n/a", "na", "none", "ok", "okay", "todo", "fixme", "xxx", "tbd", "-"]

    /// The fewest words a reason has (a word: a run without spaces holding a letter or digit).
    static let minimumWords = 3

    /// Why a reason is not a reason, or nil: empty, no letters at all (`?`), a placeholder
    /// (`n/a`, `none`, `ok`, `-`, …, also repeated: `ok ok ok`), a `TODO`/`FIXME`/`XXX`/`TBD` marker
    /// (also spelled `TO-DO`, `FIX ME`, with invisible or combining characters inside, or with
    /// Cyrillic or Greek look-alike letters: `ТODO`, `FIXМE`), a question
    /// left open (`why …`), or fewer than `minimumWords` distinct words of two letters or more
    /// (`legacy`, `known bug`, `x y z`).
    static func placeholderProblem(_ reason: String) -> String? {
        if reason.isEmpty { return "has no reason" }
        var whole = reason.lowercased()
        while whole.count > 1, let last = whole.last, last == "." || last == "!" { whole.removeLast() }
        if placeholders.contains(whole) { return "has a placeholder for a reason (`\(reason)`)" }
        if !reason.contains(where: \.isLetter) { return "has no reason (`\(reason)`)" }
        let tokens = visible(reason).split(whereSeparator: \.isWhitespace)
        let words = tokens.map { String($0.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }).uppercased() }
        let pairs = zip(words, words.dropFirst()).map { $0 + $1 }
        if let marker = (words + pairs).first(where: { ["TODO", "FIXME", "XXX", "TBD"].contains($0) }) {
            return "has a placeholder reason (\(marker))"
        }
        if words.first == "WHY" || reason.hasSuffix("?") { return "has a question for a reason (`\(reason)`)" }
        let spoken = Set(words.filter { $0.count >= 2 && !placeholders.contains($0.lowercased()) })
        if spoken.count < minimumWords {
            return "has a reason of \(spoken.count == 1 ? "one word" : "\(spoken.count) words") (`\(reason)`), which does not say why (at least \(minimumWords) different words)"
        }
        return nil
    }

    /// The reason as a reader sees it: compatibility forms decomposed (NFKD), invisible format
    /// characters and combining marks dropped, look-alike letters of other scripts folded to
    /// Latin (`ConfusableSkeleton`), so `T\u{200B}ODO` and `ТODO` (Cyrillic Т) read as `TODO`.
    private static func visible(_ text: String) -> String {
        let folded = text.decomposedStringWithCompatibilityMapping
        return ConfusableSkeleton.fold(String(String.UnicodeScalarView(folded.unicodeScalars.filter {
            switch $0.properties.generalCategory {
            case .format, .nonspacingMark, .enclosingMark: return false
            default: return true
            }
        })))
    }
}

/// Glob matching over case ids: `*` any run (also across `/` and `@`), `?` one byte.
enum Glob {
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "._-/#@*?+".utf8.contains(byte)
        }
    }

    static func matches(pattern: [UInt8], text: [UInt8]) -> Bool {
        var p = 0, t = 0
        var starP = -1, starT = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
                starP = p; starT = t; p += 1
            } else if starP >= 0 {
                p = starP + 1; starT += 1; t = starT
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

extension HarnessPaths {
    /// Where a reader's list is: an app's reader's (a run for an app, a reader that is not one
    /// of the harness's own) in the contract folder's `lists/NAME.txt`; every other reader's in
    /// the harness's `golden/divergences/NAME.txt`.
    package func listLocation(for reader: ReaderEntry) -> (url: URL, shown: String, tree: TreeBoundary) {
        if let contract, reader.isAppsOwn {
            let relative = "\(ContractFolder.listsFolder)/\(reader.name).txt"
            return (contract.root.appendingPathComponent(relative), contract.shown(relative), contract.tree)
        }
        return (root.appendingPathComponent(reader.listFile), reader.listFile, tree)
    }

    /// The reader's reviewed list (`golden/divergences/<name>.txt`, an app reader's in its
    /// contract folder). The reference's is
    /// refused as soon as it holds an entry: `golden/expected` is written from the reference,
    /// so a deviation of it on an unchanged case means the reference (or a forged expected
    /// line) changed, and an entry would excuse exactly that (CONTRACT §5).
    package func divergenceList(for reader: ReaderEntry) throws -> DivergenceList {
        let location = listLocation(for: reader)
        let list = try DivergenceList.load(location.url, displayName: location.shown, tree: location.tree)
        if reader.role == .reference, let entry = list.entries.first {
            throw HarnessInputError(file: location.shown, line: entry.line, message: "the C reference is never listed: golden/expected is written from it, so its deviations are fixed (or `contract-harness golden update` run and the diff reviewed), never excused; remove the entry")
        }
        // A roster reader's list may say the platform the roster says (so the Kotlin end's list can be
        // copied whole for an app's reader on org.json), never another.
        if !reader.declaresOwnPlatform, let line = list.platformLine, list.platform != reader.platform {
            throw HarnessInputError(file: location.shown, line: line, message: "only a testee's list declares a platform (or an app reader's): the roster says which the \(reader.name) reader runs on (\(reader.platform?.rawValue ?? "none")); remove the line")
        }
        if reader.role != .liveTestee, let paints = list.paints {
            throw HarnessInputError(file: reader.listFile, line: paints.line, message: "only a testee's list says whether it paints a widget: the roster says it for the \(reader.name) reader (\(reader.paintsWidget ? "it paints one" : "it paints none")); remove the line")
        }
        return list
    }

    /// A reader's entry as judged, and its list: a testee's (or an app's recorded reader's)
    /// entry runs on the platform its list declares, so its
    /// list may name that platform's departures (`DepartureCheck` holds each to its cause and
    /// to the platform's recorded reader).
    package func judged(_ reader: ReaderEntry) throws -> (entry: ReaderEntry, list: DivergenceList) {
        let list = try divergenceList(for: reader)
        return (list.declaring(reader), list)
    }
}
