/// The device's locale, calendar and digits as a case input (CONTRACT.md §4, §6): a BCP 47
/// language tag in canonical case, `th-TH-u-ca-buddhist`, `fa-IR-u-nu-arabext`, carrying the
/// calendar in its `-u-ca-` keyword and the digits in `-u-nu-`, as both platforms hold them
/// (Java's `Locale.forLanguageTag`, Foundation's `Locale.Components`). It exists so that every
/// reader can be run under a device setting and held to answering exactly as without one:
/// nothing a reader decides may read the device's locale, calendar or digits.
///
/// Only what a device setting is made of is accepted — a language, an optional script and
/// region, and the two keywords — each spelled in canonical case, so that one setting has one
/// spelling in case lines and fingerprints (as zone names are spelled as the zone database
/// does); anything else is refused with the spelling or the part that is wrong.
package struct DeviceLocale: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The tag as the case line spells it.
    package let tag: String
    /// `th`, `fa`, `ja`: 2 or 3 lower-case letters.
    package let language: String
    /// `Arab`, `Latn`: 4 letters, the first upper-case; nil when the tag has none.
    package let script: String?
    /// `TH`, `IR`, `419`: 2 upper-case letters or 3 digits; nil when the tag has none.
    package let region: String?
    /// The `-u-ca-` value (`buddhist`, `islamic-umalqura`); nil: the locale's own calendar.
    package let calendar: String?
    /// The `-u-nu-` value (`arab`, `deva`, `thai`); nil: the locale's own digits.
    package let numbers: String?

    /// The longest tag a case may carry: every setting the contract names is under 40 bytes.
    package static let maximumBytes = 64

    package var description: String { tag }

    /// Reads `tag`; throws a one-line reason (the field is the caller's to name).
    package init(tag: String) throws(DeviceLocale.Refusal) {
        guard !tag.isEmpty else { throw Refusal("expected a BCP 47 language tag such as th-TH-u-ca-buddhist, got an empty text") }
        guard tag.utf8.count <= Self.maximumBytes else {
            throw Refusal("\(tag.utf8.count) bytes, over the limit of \(Self.maximumBytes) for a device locale")
        }
        guard tag.utf8.allSatisfy({ Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }) else {
            throw Refusal("`\(tag)` is not a BCP 47 language tag: only ASCII letters, digits and `-` (an ICU or POSIX name such as th_TH@calendar=buddhist is written th-TH-u-ca-buddhist)")
        }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        func next() -> String? { index < parts.count ? parts[index] : nil }

        guard let language = next(), (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter) else {
            throw Refusal("`\(tag)` does not start with a language of 2 or 3 letters")
        }
        index += 1
        var script: String?
        if let part = next(), part.count == 4, part.allSatisfy(\.isASCIILetter) {
            script = part
            index += 1
        }
        var region: String?
        if let part = next(), (part.count == 2 && part.allSatisfy(\.isASCIILetter)) || (part.count == 3 && part.allSatisfy(\.isASCIIDigit)) {
            region = part
            index += 1
        }
        var keywords: [String: String] = [:]
        if next() == "u" || next() == "U" {
            guard next() == "u" else { throw Refusal(Self.canonicalHint(tag)) }
            index += 1
            while let key = next() {
                guard key.count == 2 else { throw Refusal("`\(tag)`: expected a keyword (ca or nu) after -u-, got `\(key)`") }
                guard ["ca", "nu"].contains(key.lowercased()) else {
                    throw Refusal("`\(tag)`: only the calendar (-u-ca-) and the digits (-u-nu-) are device settings, not -u-\(key)-")
                }
                guard keywords[key.lowercased()] == nil else { throw Refusal("`\(tag)`: -u-\(key)- is given twice") }
                index += 1
                var values: [String] = []
                while let value = next(), (3...8).contains(value.count) {
                    values.append(value)
                    index += 1
                }
                guard !values.isEmpty else { throw Refusal("`\(tag)`: -u-\(key)- has no value of 3 to 8 letters or digits") }
                keywords[key.lowercased()] = values.joined(separator: "-")
            }
        }
        guard index == parts.count else {
            throw Refusal("`\(tag)`: `\(parts[index])` is not a script, region or -u- keyword (variants, other extensions and private use are not device settings)")
        }
        self.tag = tag
        self.language = language
        self.script = script
        self.region = region
        self.calendar = keywords["ca"]
        self.numbers = keywords["nu"]
        let canonical = Self.spell(language: language.lowercased(), script: script.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() },
                                   region: region?.uppercased(), calendar: calendar?.lowercased(), numbers: numbers?.lowercased())
        guard canonical == tag else {
            throw Refusal("`\(tag)` is spelled `\(canonical)` (canonical case and keyword order: language, Script, REGION, -u-ca-, -u-nu-)")
        }
    }

    /// The ICU spelling Foundation's `Locale(identifier:)` reads on every platform
    /// (`th_TH@calendar=buddhist;numbers=thai`): swift-corelibs-foundation on Linux traps in
    /// `DateFormatter` on a BCP 47 identifier with `-u-nu-` (Swift 6.3.1), never on this form.
    package var icuIdentifier: String {
        var base = language
        if let script { base += "_" + script }
        if let region { base += "_" + region }
        let keywords = [calendar.map { "calendar=\($0)" }, numbers.map { "numbers=\($0)" }].compactMap { $0 }
        return keywords.isEmpty ? base : base + "@" + keywords.joined(separator: ";")
    }

    /// The POSIX locale a C program would set for this device (`th_TH.UTF-8`): language and
    /// region only, since a C locale has neither calendar nor a choice of digits.
    package var posixName: String {
        region.map { "\(language)_\($0).UTF-8" } ?? "\(language).UTF-8"
    }

    /// Why a tag is refused.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    private static func spell(language: String, script: String?, region: String?, calendar: String?, numbers: String?) -> String {
        var parts = [language]
        if let script { parts.append(script) }
        if let region { parts.append(region) }
        if calendar != nil || numbers != nil { parts.append("u") }
        if let calendar { parts += ["ca", calendar] }
        if let numbers { parts += ["nu", numbers] }
        return parts.joined(separator: "-")
    }

    private static func canonicalHint(_ tag: String) -> String {
        "`\(tag)`: the extension is written -u- (lower case)"
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
