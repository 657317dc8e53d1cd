import WidgetSnapshot

/// The reading side of an external testee (CONTRACT §6), shared by the testee kit and
/// `contract-harness decode`: case lines from standard input, and the id a crash line carries
/// when a line is not a case.
package enum CaseLineInput {
    /// Calls `body` with each line of standard input (without its newline) and its one-based
    /// number, until input ends; blank lines (spaces, tabs, a CR) are skipped.
    package static func forEachLine(_ body: (_ line: [UInt8], _ number: Int) -> Void) {
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            body(Array(line.utf8), number)
        }
    }

    /// The `id` of a line that is not a valid case, when it is a JSON object with a string `id`
    /// (the crash line answering it carries that id); `""` otherwise.
    package static func id(inBadLine line: [UInt8]) -> String {
        guard let value = try? JSONParser().parse(line), case .object(let object) = value,
              case .string(let id)? = object["id"] else { return "" }
        return id.string
    }
}
