#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetSnapshot

/// The reading side of an external testee (CONTRACT §6), shared by the testee kit and
/// `contract-harness tool decode`: case lines from standard input, and the id a crash line carries
/// when a line is not a case.
package enum CaseLineInput {
    /// Calls `body` with each line of standard input (without its newline) and its one-based
    /// number, until input ends; blank lines (spaces, tabs, a CR) are skipped. The bytes are
    /// the line's own: not UTF-8 stays not UTF-8 (the case parser refuses it, and the line
    /// gets a crash line), never repaired to U+FFFD as the standard library's `readLine` does.
    /// A line over `InputLimits.caseLineBytes` is kept only up to one byte over the limit (what
    /// it holds is never read whole into memory), and the case parser refuses it.
    package static func forEachLine(_ body: (_ line: [UInt8], _ number: Int) -> Void) {
        var number = 0
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let keep = InputLimits.caseLineBytes + 1
        func deliver(_ line: ArraySlice<UInt8>) {
            number += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            var line = line
            if line.last == 0x0D { line = line.dropLast() }  // CRLF reads as LF, as readLine did
            body(Array(line), number)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                if pending.isEmpty {
                    deliver(chunk[start..<index])
                } else {
                    pending += chunk[start..<min(index, start + max(0, keep - pending.count))]
                    deliver(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            pending += chunk[start..<min(count, start + max(0, keep - pending.count))]
        }
        if !pending.isEmpty { deliver(pending[...]) }
    }

    /// The `id` of a line that is not a valid case, when it is a JSON object with a string `id`
    /// (the crash line answering it carries that id); `""` otherwise.
    package static func id(inBadLine line: [UInt8]) -> String {
        guard let value = try? JSONParser().parse(line), case .object(let object) = value,
              case .string(let id)? = object["id"] else { return "" }
        return id.string
    }
}
