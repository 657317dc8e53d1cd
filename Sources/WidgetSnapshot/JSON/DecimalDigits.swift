/// The shortest decimal digits that round-trip a finite double, and the two ways the
/// contract's worlds print them: Java's `Double.toString` (org.json's coercion to text)
/// and JavaScript's `Number#toString` (the writer's `JSON.stringify`).
public struct DecimalDigits: Equatable, Sendable {
    public var isNegative: Bool
    /// Significant digits without leading or trailing zeros ("0" for zero).
    public var digits: [UInt8]
    /// The value is `0.d1d2d3… × 10^pointPosition`.
    public var pointPosition: Int

    public init(_ value: Double) {
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
    /// always with at least one fraction digit.
    public var javaText: String {
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
    public var javaScriptText: String {
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
