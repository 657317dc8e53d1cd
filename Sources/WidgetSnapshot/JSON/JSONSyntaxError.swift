/// Why a blob is not RFC 8259 JSON, and where: the byte offset, line and column of the problem.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// Zero-based byte offset into the input.
    public var offset: Int
    /// One-based line and column (column counted in bytes).
    public var line: Int
    public var column: Int

    public var description: String { "\(message) at line \(line), column \(column)" }
}
