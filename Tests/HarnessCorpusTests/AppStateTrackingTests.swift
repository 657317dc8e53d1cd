import HarnessCorpus
import XCTest

/// An app state's `tracking` (CONTRACT.md §7.1) reaches the writer end as the state fixtures
/// write it, and `WriterState` derives the same tracked task (§7.2 W7) from the value and from
/// its line — the two ways the gate and `fuzz states` read a state.
final class AppStateTrackingTests: XCTestCase {
    private typealias Tracking = AppState.Tracking

    private func state(_ tracking: Tracking?, tasks: [AppState.Task]? = nil) -> AppState {
        AppState(id: "fuzz/a", inApp: true, revision: 3, timeZone: "UTC", todayStr: "2026-07-17", startOfNextDayDiffMs: 0, todayTaskIds: ["t1"],
                 tasks: tasks ?? [AppState.Task(id: "t1", title: "T", isDone: false, projectId: .value("p")),
                                  AppState.Task(id: "t2", title: "U", isDone: false, projectId: .value(""))],
                 projects: [], tracking: tracking)
    }

    func testALineWritesTrackingLastInTheSchemasOrder() {
        let tracking = Tracking(local: Tracking.Local(taskId: "t1", deviceLabel: "Pixel", session: Tracking.Session(sinceTs: 5, focusCycle: 2)),
                                remote: Tracking.Remote(isTracking: false, isStale: true, taskId: nil, deviceLabel: "Desk", session: Tracking.Session(sinceTs: 7)))
        let line = String(decoding: AppStateLine.line(state(tracking)), as: UTF8.self)
        XCTAssertTrue(line.hasSuffix(#""projects":[],"tracking":{"local":{"taskId":"t1","deviceLabel":"Pixel","session":{"sinceTs":5,"focusCycle":2}},"#
                                     + #""remote":{"state":"stopped","isStale":true,"taskId":null,"deviceLabel":"Desk","sinceTs":7}}}"#), line)
        XCTAssertTrue(String(decoding: AppStateLine.line(state(nil)), as: UTF8.self).hasSuffix(#""projects":[]}"#))
        let unknown = String(decoding: AppStateLine.line(state(Tracking(local: Tracking.Local(taskId: "t1", deviceLabel: "P")))), as: UTF8.self)
        XCTAssertTrue(unknown.hasSuffix(#""tracking":{"local":{"taskId":"t1","deviceLabel":"P","session":null},"remote":null}}"#), unknown)
    }

    func testTheTrackedTaskIsTheSameFromTheStateAndFromItsLine() throws {
        let session = Tracking.Session(sinceTs: 1_784_278_800_000, focusCycle: 3)
        let remote = { (taskId: AppText?, live: Bool) in
            Tracking.Remote(isTracking: live, isStale: false, taskId: taskId, deviceLabel: "Desk", session: session)
        }
        let cases: [(Tracking?, String?, Bool?)] = [
            (nil, nil, nil),
            (Tracking(local: Tracking.Local(taskId: "t1", deviceLabel: "Pixel", session: session)), "t1", true),
            (Tracking(local: Tracking.Local(taskId: "t2", deviceLabel: "Pixel")), "t2", true),
            (Tracking(local: Tracking.Local(taskId: "", deviceLabel: "Pixel")), nil, nil),
            (Tracking(local: Tracking.Local(taskId: "gone", deviceLabel: "Pixel"), remote: remote("t2", true)), "t2", false),
            (Tracking(remote: remote("t1", true)), "t1", false),
            (Tracking(remote: remote("t1", false)), nil, nil),
            (Tracking(remote: remote(nil, true)), nil, nil),
            (Tracking(remote: remote("gone", true)), nil, nil),
        ]
        for (tracking, id, isLocal) in cases {
            let value = state(tracking)
            let fromValue = WriterState(value), fromLine = try XCTUnwrap(WriterState(line: AppStateLine.line(value)))
            XCTAssertEqual(fromValue, fromLine, "\(String(describing: tracking))")
            XCTAssertEqual(fromValue.currentTask?.id, id, "\(String(describing: tracking))")
            XCTAssertEqual(fromValue.currentTask?.isLocal, isLocal, "\(String(describing: tracking))")
        }
        // Members as the writer writes them: a project only when truthy, the session's start and cycle when known.
        let here = WriterState(state(Tracking(local: Tracking.Local(taskId: "t1", deviceLabel: "Pixel", session: session)))).currentTask
        XCTAssertEqual(here, WriterState.CurrentTask(id: "t1", title: "T", projectId: "p", deviceLabel: "Pixel", isLocal: true,
                                                     sinceTs: 1_784_278_800_000, focusCycle: 3))
        let empty = WriterState(state(Tracking(local: Tracking.Local(taskId: "t2", deviceLabel: "Pixel")))).currentTask
        XCTAssertEqual(empty, WriterState.CurrentTask(id: "t2", title: "U", projectId: nil, deviceLabel: "Pixel", isLocal: true, sinceTs: nil, focusCycle: nil))
    }

    func testAnUnreadableTrackingMakesTheStateUnreadable() {
        let line = String(decoding: AppStateLine.line(state(nil)), as: UTF8.self).dropLast() + #","tracking":{"local":{"taskId":1}}}"#
        XCTAssertNil(WriterState(line: Array(line.utf8)))
    }
}
