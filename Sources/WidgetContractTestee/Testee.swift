import ContractModel
import Foundation
import WidgetSnapshot

/// Turns any Swift reader into an external testee (CONTRACT.md §6) for
/// `contract-harness check --testee NAME=COMMAND`: cases in on stdin, one line out per case on
/// stdout, in order, flushed per line. A team writes only the mapping from a case to its
/// reader and back:
///
/// ```swift
/// Testee.run { c in
///     let snapshot = MyReader.read(c.blob, taps: c.pendingDoneTargets, nowMs: c.nowMs, zone: c.timeZoneName)
///     return TesteeView(parse: snapshot.rows.map { .tasks($0) } ?? .error("unreadable"),
///                       meta: snapshot.meta, stale: snapshot.stale, header: snapshot.header)
/// }
/// ```
public enum Testee {
    /// Reads cases from stdin until it ends and answers each (see `respond`); blank lines are
    /// skipped. Exits 0 at end of input.
    public static func run(_ reader: (TesteeCase) throws -> TesteeView) -> Never {
        run(features: "1", reader)
    }

    /// The same, for a reader that implements contract revision `revision`: the set of the
    /// contract description named `"\(revision)"` (`run(features:)`).
    public static func run(revision: Int, _ reader: (TesteeCase) throws -> TesteeView) -> Never {
        run(features: String(revision), reader)
    }

    /// The same, for a reader that implements the contract features `features` (CONTRACT.md §8):
    /// a set of the contract description (`1`: today's rows, meta, stale, header; `3`: with
    /// project widgets, `doneOn`, tap times and the tracked task; `default`: the app's default
    /// branch) or features joined with `+` (`base+currentTask`). Fields and questions of the
    /// other features are pending for it in the harness: counted, never failing; its own are
    /// compared, and a field of a declared feature its views leave out fails. The harness learns
    /// them from the command line, which the testee prints itself: `COMMAND --contract-features`
    /// writes them and exits (`--contract-revision` too, for older scripts), so
    /// `check --testee NAME@$(COMMAND --contract-features)=COMMAND` declares what the code says.
    /// `COMMAND --record FOLDER --cases FILE` records the reader instead (`record`): what an
    /// XCTest calls on Apple's platforms, from the command line.
    public static func run(features: String, _ reader: (TesteeCase) throws -> TesteeView) -> Never {
        if CommandLine.arguments.dropFirst() == ["--contract-features"] || CommandLine.arguments.dropFirst() == ["--contract-revision"] {
            FileHandle.standardOutput.write(Data("\(features)\n".utf8))
            exit(0)
        }
        // `COMMAND --record FOLDER --cases FILE`: the same reader recorded (`record`), not served.
        let given = Array(CommandLine.arguments.dropFirst())
        if given.count == 4, given[0] == "--record", given[2] == "--cases" {
            do {
                let done = try record(cases: URL(fileURLWithPath: given[3]), into: URL(fileURLWithPath: given[1], isDirectory: true),
                                      features: features, reader)
                FileHandle.standardError.write(Data("recorded \(done.cases) cases (\(done.crashes) crashes) into \(given[1])\n".utf8))
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                exit(2)
            }
        }
        if let problem = ContractDescription.problem {
            // (Never a trap: the harness shows this with the crash it sees.)
            FileHandle.standardError.write(Data("\(problem)\n".utf8))
            exit(2)
        }
        CrashGuard.install()
        CaseLineInput.forEachLine { line, number in
            var out = respond(to: line, lineNumber: number, reader: reader)
            out.append(UInt8(ascii: "\n"))
            // write(2): a harness that went away ends the testee as SIGPIPE would (exit 141), never a trap.
            BrokenPipe.write(out, to: 1)
        }
        exit(0)
    }

    /// The line (without newline) answering one case line — never fails, so views stay aligned
    /// with cases:
    /// - a view (the canonical line, fields the reader leaves nil omitted);
    /// - `{"id":…,"crash":"bad case: …"}` for a line that is not a case (the id when one can be
    ///   read, else `""`), naming the line and field;
    /// - `{"id":…,"crash":"<error type>: <error> in reader"}` when the reader throws.
    /// A trap inside the reader (a failed `!`, an index out of range) also writes the case's
    /// crash line, from a signal handler, before the process ends (`run` installs it); the
    /// harness then restarts the testee for the cases after it.
    public static func respond(to line: [UInt8], lineNumber: Int, reader: (TesteeCase) throws -> TesteeView) -> [UInt8] {
        let item: Case
        do {
            item = try CaseStream.readLine(line, file: "stdin", line: lineNumber)
        } catch {
            return ReaderOutcome.failure("bad case: \(error)").canonicalLine(id: CaseLineInput.id(inBadLine: line))
        }
        let testeeCase = TesteeCase(item)
        CrashGuard.arm(ReaderOutcome.failure("the reader trapped (signal) in reader").canonicalLine(id: item.id) + [UInt8(ascii: "\n")])
        defer { CrashGuard.disarm() }
        do {
            return ViewLineWriter.bytes(id: item.id, view: try reader(testeeCase))
        } catch {
            return ReaderOutcome.failure("\(type(of: error)): \(error) in reader").canonicalLine(id: item.id)
        }
    }
}
