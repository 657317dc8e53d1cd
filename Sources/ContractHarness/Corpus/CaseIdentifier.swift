/// Builds and checks case ids, `fixture/operator[#param]@zone@instant` (CONTRACT.md §6).
///
/// Ids name golden files and divergence patterns, so every word is restricted to
/// `[a-z0-9._-]`: readable, stable and safe in a path on every file system.
public enum CaseIdentifier {
    /// True when `word` is non-empty and only `[a-z0-9._-]`.
    public static func isWord(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// True when `name` is a fixture (or instant) name: non-empty `[a-z0-9-]`.
    public static func isName(_ name: String) -> Bool {
        isWord(name) && !name.utf8.contains(UInt8(ascii: ".")) && !name.utf8.contains(UInt8(ascii: "_"))
    }

    /// `Europe/Berlin` → `berlin`, `America/Los_Angeles` → `los-angeles`: the zone's last
    /// path component, lower-cased, `_` → `-`.
    public static func zoneLabel(_ zone: String) -> String {
        let last = zone.split(separator: "/").last.map(String.init) ?? zone
        return String(last.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// The id of one case. Every word must satisfy `isWord` (checked by a precondition:
    /// a bad word is a bug in a fixture check or in the catalog, not bad input).
    public static func make(fixture: String, operator op: String, parameter: String?, zone: String, instant: String) -> String {
        let zoneWord = zoneLabel(zone)
        for word in [fixture, op, parameter ?? "x", zoneWord, instant] {
            precondition(isWord(word), "case id word `\(word)` is not [a-z0-9._-]")
        }
        var id = "\(fixture)/\(op)"
        if let parameter { id += "#\(parameter)" }
        return "\(id)@\(zoneWord)@\(instant)"
    }
}
