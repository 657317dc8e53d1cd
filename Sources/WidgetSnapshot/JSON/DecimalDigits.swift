import Foundation

/// The shortest decimal digits that round-trip a finite double, and the two ways the
/// contract's worlds print them: Java's `Double.toString` (org.json's coercion to text)
/// and JavaScript's `Number#toString` (the writer's `JSON.stringify`).
package struct DecimalDigits: Equatable, Sendable {
    package var isNegative: Bool
    /// Significant digits without leading or trailing zeros ("0" for zero).
    package var digits: [UInt8]
    /// The value is `0.d1d2d3… × 10^pointPosition`.
    package var pointPosition: Int

    package init(_ value: Double) {
        precondition(value.isFinite, "only finite doubles have decimal digits")
        isNegative = value.sign == .minus
        if value == 0 {
            digits = [UInt8(ascii: "0")]
            pointPosition = 1
            return
        }
        // Swift's description is the shortest round-trip representation, e.g. "1.5",
        // "1e+20", "1.2345e-05", "0.001", "5e-324".
        let text = Array(value.magnitude.description.utf8)
        var mantissa: [UInt8] = []
        var exponent = 0
        var pointAt: Int?
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                pointAt = mantissa.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) ?? 0
                break
            } else {
                mantissa.append(byte)
            }
            index += 1
        }
        var point = (pointAt ?? mantissa.count) + exponent
        while mantissa.first == UInt8(ascii: "0") {
            mantissa.removeFirst()
            point -= 1
        }
        while mantissa.last == UInt8(ascii: "0") { mantissa.removeLast() }
        digits = mantissa
        pointPosition = point
    }

    private var sign: String { isNegative ? "-" : "" }
    private func digitString(_ range: Range<Int>) -> String {
        String(decoding: digits[range], as: UTF8.self)
    }

    /// Java's `Double.toString`: plain when 10⁻³ ≤ |d| < 10⁷, else `d.dddE±n`,
    /// always with at least one fraction digit. Java prints at least two significant
    /// digits, and when the shortest round-trip form has one it takes the two-digit decimal
    /// closest to the value (`5e-324` → `4.9E-324`, `1e-323` → `9.9E-324`; JDK 17 and 19+
    /// agree, docs/evidence/orgjson-probe/ORGJSON-FACTS.txt §6b).
    package var javaText: String {
        if digits.count == 1, let value, let closer = Self.closestTwoDigits(value) { return closer.javaLayout }
        return javaLayout
    }

    /// The value this was made from (nil for zero), for `javaText`'s two-digit rule.
    private var value: Double? {
        guard digits != [UInt8(ascii: "0")] else { return nil }
        var text = isNegative ? "-0." : "0."
        text += String(decoding: digits, as: UTF8.self) + "e" + String(pointPosition)
        return Double(text)
    }

    /// The two-digit decimal nearest `value` that reads back as it (nearest first, else its
    /// neighbour on the value's other side), or nil when neither does.
    private static func closestTwoDigits(_ value: Double) -> DecimalDigits? {
        let magnitude = value.magnitude
        // `%.1e` rounds the exact binary value to two significant digits (glibc is exact).
        let nearest = String(format: "%.1e", magnitude)
        guard let exponentAt = nearest.firstIndex(of: "e"), let exponent = Int(nearest[nearest.index(after: exponentAt)...])
        else { return nil }
        let mantissa = nearest[..<exponentAt].filter { $0 != "." }
        guard var scaled = Int(mantissa) else { return nil }  // 10...99 × 10^(exponent - 1)
        var power = exponent - 1
        func reads(_ m: Int, _ p: Int) -> Double? { Double("\(m)e\(p)") }
        if reads(scaled, power) != magnitude {
            let up = (reads(scaled, power) ?? 0) < magnitude
            scaled += up ? 1 : -1
            if scaled == 100 { scaled = 10; power += 1 }
            if scaled == 9 { scaled = 99; power -= 1 }
            guard reads(scaled, power) == magnitude else { return nil }
        }
        var result = DecimalDigits(magnitude)
        result.isNegative = value.sign == .minus
        result.digits = Array(String(scaled).utf8)
        while result.digits.count > 1 && result.digits.last == UInt8(ascii: "0") { result.digits.removeLast() }
        result.pointPosition = power + 2
        return result
    }

    /// `javaText`'s layout of these digits.
    private var javaLayout: String {
        let count = digits.count
        if digits == [UInt8(ascii: "0")] { return sign + "0.0" }
        if pointPosition >= -2 && pointPosition <= 7 {
            if pointPosition <= 0 {
                return sign + "0." + String(repeating: "0", count: -pointPosition) + digitString(0..<count)
            }
            if pointPosition >= count {
                return sign + digitString(0..<count) + String(repeating: "0", count: pointPosition - count) + ".0"
            }
            return sign + digitString(0..<pointPosition) + "." + digitString(pointPosition..<count)
        }
        let fraction = count > 1 ? digitString(1..<count) : "0"
        return sign + digitString(0..<1) + "." + fraction + "E" + String(pointPosition - 1)
    }

    /// JavaScript's `Number#toString` (ECMA-262 Number::toString, radix 10).
    package var javaScriptText: String {
        let count = digits.count
        if digits == [UInt8(ascii: "0")] { return "0" }
        let n = pointPosition
        if count <= n && n <= 21 {
            return sign + digitString(0..<count) + String(repeating: "0", count: n - count)
        }
        if 0 < n && n <= 21 {
            return sign + digitString(0..<n) + "." + digitString(n..<count)
        }
        if -6 < n && n <= 0 {
            return sign + "0." + String(repeating: "0", count: -n) + digitString(0..<count)
        }
        let exponent = n - 1
        let exponentText = exponent >= 0 ? "+" + String(exponent) : String(exponent)
        if count == 1 { return sign + digitString(0..<1) + "e" + exponentText }
        return sign + digitString(0..<1) + "." + digitString(1..<count) + "e" + exponentText
    }
}
