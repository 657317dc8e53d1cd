// The worked example of Examples/README.md: an iOS team's own widget reader (a
// JSONSerialization port, Examples/FoundationWidgetReader) made a testee with the
// WidgetContractTestee kit, and run in the gate like any reader:
//   swift build --product ios-example-testee
//   contract-harness check --testee ios-example=.build/debug/ios-example-testee
// Its reviewed deviations are golden/divergences/ios-example.txt. The port trails Android: it
// implements contract revision 1 (today's rows, meta, stale, header), so revision 2's and 3's
// fields and questions are pending for it — `--testee ios-example@$(… --contract-revision)=…`
// declares what this line says, and declaring 2 fails until the port reads projects and doneOn.
// It also answers the display question (CONTRACT.md §9) the way the port paints.
import FoundationWidgetReader
import WidgetContractTestee

Testee.run(revision: 1) { c in
    var taps: [String: Bool] = [:] // the reader keys taps by String, as the app does
    for tap in c.pendingDoneTargets { taps[tap.taskId] = tap.isDone }
    let snapshot = FoundationReader.read(c.blob, pendingDoneTargets: taps, nowMs: c.nowMs, timeZone: c.timeZoneName)
    let parse: TesteeView.Parse
    switch snapshot.rows {
    case .success(let rows): parse = .tasks(rows)
    case .failure(let failure): parse = .error(failure.description)
    }
    // What the port paints (FoundationWidgetDisplay: its colour parser, 3/9-row families, expired or
    // unstamped rows dropped under its Today header).
    let display = FoundationWidgetDisplay.display(snapshot, capacity: c.capacity)
    return TesteeView(parse: parse, meta: snapshot.meta, stale: snapshot.stale, header: snapshot.header, display: display)
}
