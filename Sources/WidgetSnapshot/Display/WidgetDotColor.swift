/// The colour of a row's project dot as Android's widget paints it: an ARGB colour, or no dot.
///
/// Why a type of its own: the blob carries the colour as free text (`"#ff0000"`,
/// `"rgb(144, 187, 165)"`, `"red"`), and what a person sees is decided by the parser a widget
/// runs on it. Android's row renderer calls `Color.parseColor(text)` and hides the dot when it
/// throws (CONTRACT.md §9.2); an iOS widget that paints through `WidgetDotColor.android(_:)`
/// shows exactly the dots Android shows.
public struct WidgetDotColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Alpha in the top byte, then red, green, blue (Android's colour int, as unsigned).
    public let argb: UInt32

    public init(argb: UInt32) {
        self.argb = argb
    }

    public var alpha: UInt8 { UInt8(truncatingIfNeeded: argb >> 24) }
    public var red: UInt8 { UInt8(truncatingIfNeeded: argb >> 16) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: argb >> 8) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: argb) }

    /// `#AARRGGBB`, upper-case hex: the colour's form in the display view (CONTRACT.md §9.4).
    public var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for shift in stride(from: 28, through: 0, by: -4) {
            bytes.append(digits[Int((argb >> UInt32(shift)) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { hex }

    /// What `android.graphics.Color.parseColor(text)` returns, nil where it throws
    /// (CONTRACT.md §9.2). Read in UTF-16 code units, as Java's `String` is:
    /// - `#` first: the rest goes through `Long.parseLong(rest, 16)` — an optional `+` or `-`,
    ///   then digits as `Character.digit(c, 16)` reads them (ASCII, fullwidth and every other
    ///   decimal digit block, see `JavaHexDigit`); a 7-unit text gets alpha `0xFF`, a 9-unit
    ///   text is `#AARRGGBB`, any other length throws; the colour is the low 32 bits
    ///   (`#-12345` is `#FFFEDCBB`, `#90bba5cc` is alpha `0x90`);
    /// - anything else: the text lower-cased with `Locale.ROOT` must be one of the 23 names
    ///   `AndroidColorNames` lists (only `A`–`Z` and the Kelvin sign U+212A lower-case into
    ///   their letters); `rgb(…)`, `transparent`, a space around the text, `""`: no dot.
    public static func android(_ text: String) -> WidgetDotColor? {
        let (hash, minus, plus): (UInt16, UInt16, UInt16) = (0x23, 0x2D, 0x2B)
        let units = Array(text.utf16)
        guard let first = units.first else { return nil }  // charAt(0) of "" throws
        guard first == hash else { return AndroidColorNames.colour(ofUnits: units) }
        guard units.count == 7 || units.count == 9 else { return nil }
        var index = 1
        var negative = false
        if units[1] == minus || units[1] == plus {
            negative = units[1] == minus
            index = 2
        }
        var value: Int64 = 0
        while index < units.count {
            guard let digit = JavaHexDigit.value(units[index]) else { return nil }
            value = value * 16 + Int64(digit)
            index += 1
        }
        if negative { value = -value }
        if units.count == 7 { value |= 0xFF00_0000 }
        return WidgetDotColor(argb: UInt32(truncatingIfNeeded: value))
    }
}

/// The colour names `Color.parseColor` knows (AOSP `android.graphics.Color`'s `sColorNameMap`,
/// CONTRACT.md §9.2), looked up after Java's `toLowerCase(Locale.ROOT)`.
enum AndroidColorNames {
    static let table: [(name: String, argb: UInt32)] = [
        ("black", 0xFF00_0000), ("darkgray", 0xFF44_4444), ("gray", 0xFF88_8888), ("lightgray", 0xFFCC_CCCC),
        ("white", 0xFFFF_FFFF), ("red", 0xFFFF_0000), ("green", 0xFF00_FF00), ("blue", 0xFF00_00FF),
        ("yellow", 0xFFFF_FF00), ("cyan", 0xFF00_FFFF), ("magenta", 0xFFFF_00FF), ("aqua", 0xFF00_FFFF),
        ("fuchsia", 0xFFFF_00FF), ("darkgrey", 0xFF44_4444), ("grey", 0xFF88_8888), ("lightgrey", 0xFFCC_CCCC),
        ("lime", 0xFF00_FF00), ("maroon", 0xFF80_0000), ("navy", 0xFF00_0080), ("olive", 0xFF80_8000),
        ("purple", 0xFF80_0080), ("silver", 0xFFC0_C0C0), ("teal", 0xFF00_8080),
    ]

    /// The colour of the name these UTF-16 units lower-case to, nil when they name none. Every
    /// name is ASCII letters, so only units whose `Locale.ROOT` lower case is one ASCII letter
    /// can be part of a match: `A`–`Z`, `a`–`z` and U+212A KELVIN SIGN (→ `k`; checked over
    /// every UTF-16 unit on JDK 17). `İ` (U+0130) lower-cases to `i` + U+0307 and `ı` stays
    /// itself, so a Turkish fold never matches.
    static func colour(ofUnits units: [UInt16]) -> WidgetDotColor? {
        guard units.count <= 9 else { return nil }
        var lowered: [UInt8] = []
        for unit in units {
            switch unit {
            case 0x41...0x5A: lowered.append(UInt8(unit) + 0x20)
            case 0x61...0x7A: lowered.append(UInt8(unit))
            case 0x212A: lowered.append(UInt8(ascii: "k"))
            default: return nil
            }
        }
        for entry in table where entry.name.utf8.elementsEqual(lowered) {
            return WidgetDotColor(argb: entry.argb)
        }
        return nil
    }
}

/// Java's `Character.digit(c, 16)` for one UTF-16 unit (the digit `Long.parseLong` reads):
/// ASCII `0`–`9`, `a`–`f`, `A`–`F`, fullwidth `ａ`–`ｆ`/`Ａ`–`Ｆ`, and the ten digits of every
/// decimal-digit (Nd) block of the Basic Multilingual Plane. A surrogate is never a digit, so
/// a digit beyond U+FFFF is not one either. The blocks' zeros were listed with JDK 17
/// (`Character.digit` over every unit, CONTRACT.md §9.2); the C reference keeps the same list.
enum JavaHexDigit {
    static let decimalZeros: [UInt16] = [
        0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
        0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
        0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    ]

    static func value(_ unit: UInt16) -> Int? {
        switch unit {
        case 0x61...0x66: return Int(unit - 0x61) + 10
        case 0x41...0x46: return Int(unit - 0x41) + 10
        case 0xFF41...0xFF46: return Int(unit - 0xFF41) + 10
        case 0xFF21...0xFF26: return Int(unit - 0xFF21) + 10
        default:
            for zero in decimalZeros where unit >= zero && unit <= zero + 9 { return Int(unit - zero) }
            return nil
        }
    }
}
