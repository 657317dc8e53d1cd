/// Finds the line a field of a JSON file sits on, so an error about a field (`zones[0]`,
/// `instants.day`, `blob.tasks[2].title`) names the line a person opens the file at.
///
/// The parsed `JSONValue`s keep no positions (thousands of blobs are parsed for every run, and
/// only an error needs a line), so the file is scanned again, once, when an error is reported:
/// a small scanner that follows the path of every value and stops at the one asked for.
/// A field that is not in the file (a missing one) gets the line of the nearest enclosing
/// value that is, so "field `instants`: missing" points at the object that lacks it.
package enum JSONFieldLines {
    /// The 1-based line of `field` (dotted keys, `[n]` for elements) in `bytes`, or of its
    /// nearest enclosing value; nil when `bytes` is not a JSON document.
    package static func line(of field: String, in bytes: [UInt8]) -> Int? {
        var scanner = Scanner(bytes: bytes, target: field)
        scanner.skipSpace()
        guard scanner.value(path: "") else { return nil }
        return scanner.found ?? scanner.nearest?.line
    }

    /// One pass over the bytes: `value(path:)` reads a value whose path is `path`.
    private struct Scanner {
        let bytes: [UInt8]
        let target: String
        var index = 0
        var lineNumber = 1
        /// The line of the target's key (a member) or first byte (an element or the top).
        var found: Int?
        /// The longest prefix of the target seen so far, with its line.
        var nearest: (length: Int, line: Int)?

        init(bytes: [UInt8], target: String) {
            self.bytes = bytes
            self.target = target
        }

        mutating func reached(_ path: String, line: Int) {
            guard found == nil else { return }
            if path == target {
                found = line
            } else if path.isEmpty || (target.hasPrefix(path) && Self.isBoundary(target, after: path)) {
                if path.utf8.count >= (nearest?.length ?? -1) { nearest = (path.utf8.count, line) }
            }
        }

        /// `path` ends where a component of `target` ends.
        static func isBoundary(_ target: String, after path: String) -> Bool {
            let rest = target.utf8.dropFirst(path.utf8.count)
            guard let next = rest.first else { return true }
            return next == UInt8(ascii: ".") || next == UInt8(ascii: "[")
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): lineNumber += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        mutating func value(path: String) -> Bool {
            guard found == nil else { return true }
            guard index < bytes.count else { return false }
            reached(path, line: lineNumber)
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(path: path)
            case UInt8(ascii: "["): return array(path: path)
            case UInt8(ascii: "\""): return string() != nil
            default: return scalar()
            }
        }

        mutating func object(path: String) -> Bool {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return true }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\""), let key = string() else { return false }
                let member = path.isEmpty ? key : "\(path).\(key)"
                let keyLine = lineNumber
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                skipSpace()
                reached(member, line: keyLine)
                guard value(path: member) else { return false }
                if found != nil { return true }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return true }
                guard bytes[index] == UInt8(ascii: ",") else { return false }
                index += 1
                skipSpace()
            }
            return false
        }

        mutating func array(path: String) -> Bool {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return true }
            var position = 0
            while index < bytes.count {
                guard value(path: "\(path)[\(position)]") else { return false }
                if found != nil { return true }
                position += 1
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return true }
                guard bytes[index] == UInt8(ascii: ",") else { return false }
                index += 1
                skipSpace()
            }
            return false
        }

        /// A string's text (escapes decoded), the index past its closing quote.
        mutating func string() -> String? {
            index += 1
            var units: [UInt16] = []
            var plain: [UInt8] = []
            func flush() {
                units.append(contentsOf: String(decoding: plain, as: UTF8.self).utf16)
                plain.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(decoding: units, as: UTF16.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    flush()
                    switch escape {
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                              let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
                        units.append(unit)
                        index += 4
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    default: units.append(UInt16(escape))
                    }
                case UInt8(ascii: "\n"):
                    return nil
                default:
                    plain.append(byte)
                }
            }
            return nil
        }

        /// A number or a literal: everything up to the next separator.
        mutating func scalar() -> Bool {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "),
                     UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    return index > start
                default:
                    index += 1
                }
            }
            return index > start
        }
    }
}

extension JSONFieldReader {
    /// Reads a whole JSON file that must hold one object with `body`; an error `body` raises
    /// about a field of this file, and without a line, gets the line the field is on.
    package static func reading<T>(_ bytes: [UInt8], file: String,
                                   _ body: (JSONFieldReader) throws(HarnessInputError) -> T) throws(HarnessInputError) -> T {
        let fields = try document(bytes, file: file)
        do {
            return try body(fields)
        } catch {
            var located = error
            if located.file == file, located.line == nil, let field = located.field {
                located.line = JSONFieldLines.line(of: field, in: bytes)
            }
            throw located
        }
    }
}
