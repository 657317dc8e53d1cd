// SchemataWorker: the long-lived process that runs generated mutants for scripts/adequacy
// (worker.py drives it). It exists only in the schemata package (.build/adequacy/schemata*),
// built as the executable `adequacy-worker` beside that package's contract-harness: one
// process per reader reads the case lines, the baseline views (the schemata build with no
// mutant on) and the golden lines ONCE, then takes one request per line on stdin:
//
//     NUMBER TIMEOUT_MS FIRST-END [FIRST-END …]      (case indexes, half-open ranges)
//
// and answers one line on stdout: `killed<TAB>detail` or `survived`.
//
// Each request runs in a child forked from the worker, which has never decoded a case: so
// every mutant starts from the state a fresh `contract-harness tool decode` process starts from
// (no cache a reader filled -- the C reader's zone cache, DayStartCache -- can carry one
// mutant's results into the next), and a mutant that traps, crashes or hangs ends only its
// child (killed; the worker goes on). In the child, with the mutant's switch on, each case
// line is read and decoded exactly as `contract-harness tool decode` does; with the switch off,
// its canonical line is compared with the baseline's and a differing one is judged against
// its golden line as `contract-harness tool compare --list <divergences>` judges it (the parsed
// line, ViewComparison, the reader's divergence list). The first view the gate would fail
// on ends the child: killed.
//
// The C reader is judged as CI holds the C reference (`CViewLineReader`): its view is the line
// the standalone testee (ends/c-testee) writes, which C writes itself (rd_document_view_json,
// view_json.c's rd_view_to_json for revision 1's members), parsed as the gate parses a testee's
// line, and that line must be the in-process C reader's canonical line byte for byte; so a
// mutant of C's writer is judged too. `adequacy-worker --decode --reader R` is `contract-harness tool decode` with
// the worker's readers (the switch from WIDGET_MUTANT, the trace from WIDGET_MUTANT_TRACE): what
// scripts/adequacy traces and runs per process for C, so the trace reaches the sites a
// request's child runs.
import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import ReferenceView
import WidgetSnapshot
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("rd_mut_set") func rd_mut_set(_ n: Int32)

/// The mutant that is on, in both the Swift and the C reader (numbers are shared, so at most
/// one switch is true).
func select(_ n: Int) {
    __mutantSelect(n)
    rd_mut_set(Int32(truncatingIfNeeded: n))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("adequacy-worker: \(message)\n".utf8))
    exit(2)
}

func nonEmptyLines(_ path: String) -> [[UInt8]] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Array($0) }
}

/// The C reader as CI holds it: the in-process view (`CReferenceReader`, which the gate compares
/// with golden/expected), and the standalone testee's line for the case (`CReference.viewLine`,
/// rd_document_view_json), which must be that view's canonical line byte for byte (scripts/test's
/// c-testee step: `cmp` with `contract-harness tool decode --reader c`). The view judged is the
/// testee's line, parsed as the gate parses a testee's; a line with other bytes, not a view or
/// for another case, is a failure.
struct CViewLineReader: InProcessReader {
    var name: String { ReaderEntry.c.name }

    func outcome(_ testCase: Case) -> ReaderOutcome {
        let inProcess = CReferenceReader().outcome(testCase).canonicalLine(id: testCase.id)
        guard let line = CReference.viewLine(id: testCase.id, blob: testCase.blob, pending: testCase.pendingDoneTargets,
                                             pendingTimes: testCase.pendingDoneTimestamps, selectedProjectId: testCase.selectedProjectId?.utf8,
                                             capacity: testCase.capacity, nowMs: testCase.nowMs, timeZone: testCase.timeZone) else {
            return .failure("C reference: could not finish (rd_document_view_json)")
        }
        do {
            let parsed = try ViewLine.parse(line, file: "rd_document_view_json", lineNumber: 1)
            guard parsed.id == testCase.id else { return .failure("the C testee wrote the line of another case (\(parsed.id))") }
            return line == inProcess ? parsed.outcome : .failure("the C testee's line is not the in-process C reader's canonical line")
        } catch {
            return .failure("the C testee wrote a line that is not a view: \(error)")
        }
    }
}

/// The reader the worker runs for `name`: the roster's, C's through its view line.
func workerReader(_ name: String) -> (@Sendable () -> any InProcessReader)? {
    if name == ReaderEntry.c.name { return { CViewLineReader() } }
    return ReaderRoster.standard.entry(named: name)?.make
}

/// `--decode --reader R`: cases on stdin, the worker's reader's canonical lines on stdout, as
/// `contract-harness tool decode` writes them.
func decodeStream(_ name: String) -> Never {
    guard let make = workerReader(name) else { fail("unknown reader \(name)") }
    make().answerStandardInput()
    exit(0)
}

/// What the worker read once: the cases, the baseline views, the golden lines, how to compare.
struct Inputs {
    let make: @Sendable () -> any InProcessReader
    let caseLines: [[UInt8]]
    let baseline: [[UInt8]]
    let golden: [String: ReaderOutcome]
    let comparisonOptions: ViewComparison.Options

    init(_ arguments: [String]) {
        var options: [String: String] = [:]
        var argv = arguments[...]
        while let key = argv.popFirst() {
            guard key.hasPrefix("--"), let value = argv.popFirst() else { fail("usage: --reader R --cases F --baseline F --golden DIR [--list F]") }
            options[key] = value
        }
        guard let readerName = options["--reader"], let casesPath = options["--cases"], let baselinePath = options["--baseline"],
              let goldenPath = options["--golden"] else { fail("--reader, --cases, --baseline and --golden are required") }
        guard let entry = ReaderRoster.standard.entry(named: readerName), let make = workerReader(readerName) else { fail("unknown reader \(readerName)") }
        self.make = make
        caseLines = nonEmptyLines(casesPath)
        baseline = nonEmptyLines(baselinePath)
        guard caseLines.count == baseline.count else { fail("\(caseLines.count) cases but \(baseline.count) baseline views") }
        var golden: [String: ReaderOutcome] = [:]
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: goldenPath).filter { $0.hasSuffix(".jsonl") }.sorted()
            for name in names {
                for (index, bytes) in nonEmptyLines(goldenPath + "/" + name).enumerated() {
                    let line = try ViewLineFile.parse(bytes, file: name, lineNumber: index + 1)
                    golden[line.id] = line.outcome
                }
            }
        } catch {
            fail("golden \(goldenPath): \(error)")
        }
        self.golden = golden
        var comparisonOptions = ViewComparison.Options()
        if let listPath = options["--list"], FileManager.default.fileExists(atPath: listPath) {
            let url = URL(fileURLWithPath: listPath)
            do {
                comparisonOptions.list = try DivergenceList.load(url, displayName: listPath, tree: TreeBoundary(root: url.deletingLastPathComponent()))
            } catch {
                fail("\(listPath): \(error)")
            }
        }
        // A reader of an earlier revision than the contract's latest: later fields are pending, as in the gate.
        if entry.contractRevision < ContractDescription.current.latestRevision {
            var inputs: [String: Set<String>] = [:]
            for (index, bytes) in caseLines.enumerated() {
                if let testCase = try? CaseStream.readLine(bytes, file: "cases", line: index + 1) {
                    inputs[testCase.id] = PendingRule.inputs(of: testCase)
                }
            }
            comparisonOptions.pending = (entry.contractRevision, inputs)
        }
        self.comparisonOptions = comparisonOptions
    }

    /// Judges one view line that differs from the baseline, the switch off: nil when the gate
    /// accepts it, else why it fails (as `compare`: a line that is not a view, an id with no
    /// golden line, a field no divergence entry excuses).
    func judge(_ line: [UInt8]) -> String? {
        let parsed: ViewLineFile.Line
        do {
            parsed = try ViewLineFile.parse(line, file: "got", lineNumber: 1)
        } catch {
            return String("the reader wrote a view line that is not a view: \(error)".prefix(200))
        }
        guard let want = golden[parsed.id] else { return "1 not expected (first \(parsed.id))" }
        var comparison = ViewComparison(expected: [parsed.id: want], options: comparisonOptions)
        comparison.add(id: parsed.id, outcome: parsed.outcome)
        return comparison.agrees ? nil : String(comparison.summary.prefix(200))
    }

    /// Nanoseconds each case takes with no mutant on, in a fresh child as a mutant's run is: what a
    /// request's watchdog is measured against.
    func baselineNanoseconds() -> String {
        let reader = make()
        var out: [String] = []
        for (index, bytes) in caseLines.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            if let testCase = try? CaseStream.readLine(bytes, file: "stdin", line: index + 1) {
                _ = reader.outcome(testCase).canonicalLine(id: testCase.id)
            }
            out.append(String(DispatchTime.now().uptimeNanoseconds - start))
        }
        return out.joined(separator: " ")
    }

    /// The child's whole job: mutant `number` over the cases of `ranges`; the verdict line.
    func runMutant(_ number: Int, _ ranges: [Range<Int>]) -> String {
        let reader = make()
        for range in ranges {
            for index in range {
                select(number)
                var out: [UInt8]
                do {
                    let testCase = try CaseStream.readLine(caseLines[index], file: "stdin", line: index + 1)
                    out = reader.outcome(testCase).canonicalLine(id: testCase.id)
                } catch {
                    out = ReaderOutcome.failure("bad case: \(error)").canonicalLine(id: CaseLineInput.id(inBadLine: caseLines[index]))
                }
                select(0)
                if out != baseline[index], let why = judge(out) { return "killed\t" + why.replacingOccurrences(of: "\n", with: " ") }
            }
        }
        return "survived"
    }
}

func write(_ fd: Int32, _ text: String) {
    var bytes = Array((text + "\n").utf8)
    var at = 0
    while at < bytes.count {
        let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + at, $0.count - at) }
        if n <= 0 { if errno == EINTR { continue }; return }
        at += n
    }
}

/// Forks a child for one request, waits for its verdict at most `timeoutMs`.
func serve(_ inputs: Inputs, _ number: Int, _ timeoutMs: Int32, _ ranges: [Range<Int>]) -> String {
    serve(timeoutMs) { inputs.runMutant(number, ranges) }
}

/// Runs `job` in a forked child and returns the line it writes, or why it gave none.
func serve(_ timeoutMs: Int32, _ job: () -> String) -> String {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { fail("pipe: \(errno)") }
    fflush(nil)
    let child = fork()
    if child < 0 { fail("fork: \(errno)") }
    if child == 0 {
        close(fds[0])
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 1)
        dup2(null, 2)
        write(fds[1], job())
        _exit(0)
    }
    close(fds[1])
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var timedOut = false
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeoutMs, 1)) * 1_000_000
    while true {
        let now = DispatchTime.now().uptimeNanoseconds
        if now >= deadline { timedOut = true; break }
        var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
        if ready < 0 { if errno == EINTR { continue }; break }
        if ready == 0 { continue }
        let n = read(fds[0], &buffer, buffer.count)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        answer += buffer[0..<n]
    }
    close(fds[0])
    if timedOut { kill(child, SIGKILL) }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    if timedOut { return "killed\tthe reader timed out (\(timeoutMs) ms)" }
    let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .newlines)
    if !text.isEmpty, status == 0 { return text }
    let signal = status & 0x7f
    let how = signal != 0 ? "signal \(signal)" : "exit \((status >> 8) & 0xff)"
    return "killed\tthe reader crashed (\(how))"
}

signal(SIGPIPE, SIG_IGN)
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--decode", CommandLine.arguments[2] == "--reader" {
    decodeStream(CommandLine.arguments[3])
}
select(0)
let inputs = Inputs(Array(CommandLine.arguments.dropFirst()))
// A request's watchdog (TIMEOUT_MS 0): five times what its cases take with no mutant on, at least 2 s.
let timed = serve(600_000) { inputs.baselineNanoseconds() }.split(separator: " ").compactMap { UInt64($0) }
guard timed.count == inputs.caseLines.count else { fail("the baseline run failed: \(timed.count) cases timed") }
print("ready \(inputs.caseLines.count) \(timed.reduce(0, +) / 1_000_000) ms")
fflush(nil)
while let request = readLine(strippingNewline: true) {
    let words = request.split(separator: " ")
    guard words.count >= 2, let number = Int(words[0]), let timeout = Int32(words[1]) else { fail("bad request: \(request)") }
    var ranges: [Range<Int>] = []
    for word in words.dropFirst(2) {
        let parts = word.split(separator: "-")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), 0 <= a, a <= b, b <= inputs.caseLines.count else {
            fail("bad range \(word)")
        }
        ranges.append(a..<b)
    }
    let watchdog = timeout > 0 ? timeout
        : Int32(clamping: max(2_000, 5 * ranges.reduce(UInt64(0)) { sum, r in sum + r.reduce(0) { $0 + timed[$1] } } / 1_000_000))
    print(serve(inputs, number, watchdog, ranges))
    fflush(nil)
}
