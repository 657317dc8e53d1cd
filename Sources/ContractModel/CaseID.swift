/// A case id, `fixture/operator[#param]@zone@instant` (CONTRACT.md §6), built and taken
/// apart here only: ids name golden files and divergence patterns, so every word is
/// restricted to `[a-z0-9._-]` — readable, stable and safe in a path on every file system.
package struct CaseID: Hashable, Sendable, CustomStringConvertible {
    package var fixture: String
    /// The mutation operator (`dates.impossible-day`; `base` for the fixture as written).
    package var operatorId: String
    package var parameter: String?
    /// The zone's label (`berlin`), not its IANA name.
    package var zone: String
    /// The instant's name (`at`).
    package var instant: String

    /// Every word must satisfy `isWord` (checked by a precondition: a bad word is a bug in
    /// a fixture check or in the catalog, not bad input).
    package init(fixture: String, operatorId: String, parameter: String?, zone: String, instant: String) {
        for word in [fixture, operatorId, parameter ?? "x", zone, instant] {
            precondition(Self.isWord(word), "case id word `\(word)` is not [a-z0-9._-]")
        }
        self.fixture = fixture
        self.operatorId = operatorId
        self.parameter = parameter
        self.zone = zone
        self.instant = instant
    }

    /// Takes an id apart; nil when it is not of the form above (a testee's or a case
    /// stream's own id may be anything).
    package init?(_ text: String) {
        let atParts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard atParts.count == 3 else { return nil }
        let slashParts = atParts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard slashParts.count == 2 else { return nil }
        let hashParts = slashParts[1].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let words = [String(slashParts[0]), String(hashParts[0]), hashParts.count == 2 ? String(hashParts[1]) : "x",
                     String(atParts[1]), String(atParts[2])]
        guard words.allSatisfy(Self.isWord) else { return nil }
        self.init(fixture: words[0], operatorId: words[1], parameter: hashParts.count == 2 ? words[2] : nil,
                  zone: words[3], instant: words[4])
    }

    /// `fixture/operator[#param]@zone@instant`.
    package var description: String { "\(mutation)@\(zone)@\(instant)" }

    /// `fixture/operator[#param]`: one mutation of one fixture, over every zone and instant.
    package var mutation: String {
        "\(fixture)/\(operatorId)" + (parameter.map { "#\($0)" } ?? "")
    }

    /// The operator's family: its first dotted word (`dates.impossible-day` → `dates`).
    package var family: String { String(operatorId.prefix { $0 != "." }) }

    /// The id of one case.
    package static func make(fixture: String, operator op: String, parameter: String?, zone: String, instant: String) -> String {
        CaseID(fixture: fixture, operatorId: op, parameter: parameter, zone: zoneLabel(zone), instant: instant).description
    }

    // Parts of any id, also one that is not a `CaseID` (a testee's, a hand-written stream's).

    /// The fixture: the id up to the first `/` (the whole id when it has none).
    package static func fixture(of id: String) -> Substring { id.prefix { $0 != "/" } }

    /// The mutation: the id up to the first `@` (`canonical/dates.malformed#padded`).
    package static func mutation(of id: String) -> Substring { id.prefix { $0 != "@" } }

    /// The operator's family (`canonical/dates.impossible-day#2026-02-30@berlin@at` →
    /// `dates`); empty when the id has no `/`.
    package static func family(of id: String) -> String {
        let afterFixture = id.drop { $0 != "/" }.dropFirst()
        return String(afterFixture.prefix { $0 != "@" && $0 != "#" && $0 != "." })
    }

    /// True when `word` is non-empty and only `[a-z0-9._-]`.
    package static func isWord(_ word: some StringProtocol) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// True when `name` is a fixture (or instant) name: non-empty `[a-z0-9-]`.
    package static func isName(_ name: String) -> Bool {
        isWord(name) && !name.utf8.contains(UInt8(ascii: ".")) && !name.utf8.contains(UInt8(ascii: "_"))
    }

    /// `Europe/Berlin` → `berlin`, `America/Los_Angeles` → `los-angeles`: the zone's last
    /// path component, lower-cased, `_` → `-`.
    /// An ASCII name (every IANA name) is done byte by byte: `lowercased()` and a walk over
    /// its characters cost more than the rest of a writer-fuzz case's id (`fuzz states`
    /// labels every state's zone).
    package static func zoneLabel(_ zone: String) -> String {
        let bytes = Array(zone.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let last = zone.split(separator: "/").last.map(String.init) ?? zone
            return String(last.lowercased().map { $0 == "_" ? "-" : $0 })
        }
        // The last non-empty component (`split` drops empty ones), or the whole zone when none is.
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        let last = end > 0 ? bytes[start..<end] : bytes[...]
        return String(decoding: last.map { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            case UInt8(ascii: "_"): UInt8(ascii: "-")
            default: byte
            }
        }, as: UTF8.self)
    }
}
