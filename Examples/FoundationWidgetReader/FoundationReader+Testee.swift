import WidgetContractTestee

extension FoundationReader {
    /// The port's answer to one case, as the testee kit hands it over: what the example testee
    /// serves (Examples/ios-testee) and what the example app's XCTest records
    /// (Examples/app-repository/ios) — the few lines an iOS team writes around its own reader.
    public static func testeeView(_ c: TesteeCase) -> TesteeView {
        var taps: [String: Bool] = [:] // the reader keys taps by String, as the app does
        for tap in c.pendingDoneTargets { taps[tap.taskId] = tap.isDone }
        let snapshot = read(c.blob, pendingDoneTargets: taps, nowMs: c.nowMs, timeZone: c.timeZoneName)
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
}
