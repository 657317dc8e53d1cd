import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// tools/kotlin-testee/downlevel and tools/kotlin-testee/reader-api, the two steps record-kotlin runs
/// before kotlinc: every rewrite is made on a copy with the same lines and printed, anything
/// unsafe is refused with file:line:col, kotlinc's messages map back to the user's file, and
/// the glue leaves out exactly what a reader does not offer. (The end-to-end compile of a
/// modern reader against golden/kotlin/ is a step of scripts/test: kotlinc takes ~20 s.)
final class KotlinDownlevelTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.url("downlevel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEachRewriteKeepsTheLineAndIsPrinted() throws {
        let source = """
        package com.example.widget
        import kotlin.jvm.JvmInline
        sealed interface WidgetHeader {
            data object Today : WidgetHeader
            data class Outdated(val dayMs: Long?,) : WidgetHeader
        }
        fun interface Clock { fun now(): Long }
        @JvmInline
        value class TaskId(val raw: String)
        val label = "sealed interface, data object, a,)" // data object in a comment
        fun f(xs: List<String>): List<String> = buildList {
            for (x in xs) {
                when (x.lowercase()) {
                    "skip" -> continue
                    "stop" -> break
                    else -> add(x)
                }
            }
        }
        """
        let run = try downlevel(["WidgetData.kt": source])
        XCTAssertEqual(run.status, 0, run.err)
        let copy = try String(contentsOf: folder.appendingPathComponent("out/1/WidgetData.kt"), encoding: .utf8)
        let lines = copy.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, source.components(separatedBy: "\n").count)
        XCTAssertEqual(lines[1].trimmingCharacters(in: .whitespaces), "")
        XCTAssertEqual(lines[2], "interface WidgetHeader {")
        XCTAssertEqual(lines[3], "    object Today : WidgetHeader")
        XCTAssertEqual(lines[4], "    data class Outdated(val dayMs: Long? ) : WidgetHeader")
        XCTAssertEqual(lines[6], "interface Clock { fun now(): Long }")
        XCTAssertEqual(lines[7].trimmingCharacters(in: .whitespaces), "")
        XCTAssertEqual(lines[8], "inline class TaskId(val raw: String)")
        XCTAssertEqual(lines[9], #"val label = "sealed interface, data object, a,)" // data object in a comment"#, "strings and comments untouched")
        XCTAssertEqual(lines[11], "    loop12@ for (x in xs) {")
        XCTAssertEqual(lines[13], #"            "skip" -> continue@loop12"#)
        XCTAssertEqual(lines[14], #"            "stop" -> break@loop12"#)
        for expected in ["WidgetData.kt:3: `sealed interface` -> `interface`", "WidgetData.kt:4: `data object` -> `object`",
                         "WidgetData.kt:5: trailing comma removed", "WidgetData.kt:7: `fun interface` -> `interface`",
                         "WidgetData.kt:9: `value class` -> `inline class`", "WidgetData.kt:2: `import kotlin.jvm.JvmInline` -> blank line",
                         "WidgetData.kt:14: `continue` inside `when` -> `continue@loop12`",
                         "WidgetData.kt:11: `buildList` (Kotlin 1.4/1.5 stdlib) provided", "WidgetData.kt:13: `lowercase`"] {
            XCTAssertTrue(run.err.contains(expected), "missing \(expected) in\n\(run.err)")
        }
        let compat = try String(contentsOf: folder.appendingPathComponent("out/compat/1/WidgetContractCompat.kt"), encoding: .utf8)
        XCTAssertTrue(compat.contains("package com.example.widget"))
        XCTAssertTrue(compat.contains("fun String.lowercase(): String = toLowerCase(java.util.Locale.ROOT)"))
        XCTAssertTrue(compat.contains("fun <E> buildList("))
        XCTAssertFalse(compat.contains("removeLast"), "only what the file uses")
    }

    func testAShimTheFileDefinesItselfIsNotAddedAgain() throws {
        let source = """
        fun String.lowercase(): String = toLowerCase(java.util.Locale.ROOT)
        fun f(s: String) = s.lowercase().uppercase()
        """
        let run = try downlevel(["Own.kt": source])
        XCTAssertEqual(run.status, 0, run.err)
        let compat = try String(contentsOf: folder.appendingPathComponent("out/compat/1/WidgetContractCompat.kt"), encoding: .utf8)
        XCTAssertFalse(compat.contains("lowercase"))
        XCTAssertTrue(compat.contains("fun String.uppercase()"))
    }

    func testUnsafeConstructsAreRefusedWithFileLineAndReason() throws {
        let source = """
        fun interface Clock { fun now(): Long }
        val clock = Clock { 42L }
        @JvmInline value class Day(val ms: Long) {
            init { require(ms >= 0) }
        }
        fun days(n: Int) = (0..<n).toList()
        """
        let run = try downlevel(["Bad.kt": source])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("Bad.kt:2:13: cannot rewrite `fun interface Clock`: `Clock { ... }` is a SAM constructor"), run.err)
        XCTAssertTrue(run.err.contains("Bad.kt:4:5: cannot rewrite `value class Day`: Kotlin 1.3's inline classes cannot have an init block"), run.err)
        XCTAssertTrue(run.err.contains("Bad.kt:6:22: cannot rewrite `..<` (rangeUntil, Kotlin 1.8)"), run.err)
        XCTAssertTrue(run.err.contains("refused 3 construct(s); nothing was compiled"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/1/Bad.kt").path))
    }

    func testCompilerMessagesPointToTheUsersFileLineAndColumn() throws {
        let source = """
        sealed interface H
        data object Today : H, Missing
        """
        let run = try downlevel(["app/WidgetData.kt": source])
        XCTAssertEqual(run.status, 0, run.err)
        let copy = folder.appendingPathComponent("out/1/WidgetData.kt").path
        // In the copy `Missing` is at column 19 of line 2 ("object Today : H, Missing"); the user wrote it at 24.
        let generated = folder.appendingPathComponent("gen").path
        let messages = """
        \(copy):2:19: error: unresolved reference: Missing
        object Today : H, Missing
                          ^
        \(generated)/ReaderGlue.kt:7:5: error: unresolved reference: parseMeta
        warning: something without a place
        """
        let mapped = try script("downlevel", ["map-errors", folder.appendingPathComponent("out/downlevel-map.json").path,
                                              "--generated", generated, "--kept", "/repo/.build/kotlin-testee/last-failed-build"],
                                stdin: messages)
        XCTAssertEqual(mapped.status, 0, mapped.err)
        let lines = mapped.out.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], folder.appendingPathComponent("src/app/WidgetData.kt").path + ":2:24: error: unresolved reference: Missing")
        XCTAssertEqual(lines[1], "data object Today : H, Missing", "kotlinc's echo of the line is the user's line")
        XCTAssertEqual(lines[2], String(repeating: " ", count: 23) + "^")
        XCTAssertEqual(lines[3], "/repo/.build/kotlin-testee/last-failed-build/ReaderGlue.kt:7:5: error: unresolved reference: parseMeta")
        XCTAssertEqual(lines[4], "warning: something without a place")
        XCTAssertFalse(mapped.out.contains(folder.appendingPathComponent("out").path) || mapped.out.contains(generated),
                       "no message may point into the temporary build")
    }

    func testTheGlueWritesWhatTheReaderOffersAndNothingElse() throws {
        let full = """
        package app
        data class WidgetMeta(val dayStr: String?, val validUntil: Long?)
        sealed class WidgetHeader { object Today : WidgetHeader(); data class Outdated(val dayMs: Long?) : WidgetHeader() }
        object WidgetData {
            fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<Any> = emptyList()
            fun parseMeta(json: String?): WidgetMeta = WidgetMeta(null, null)
            fun isSnapshotStale(meta: WidgetMeta, nowMs: Long) = false
            fun headerFor(meta: WidgetMeta, nowMs: Long): WidgetHeader = WidgetHeader.Today
        }
        """
        let fullRun = try readerAPI(full)
        XCTAssertEqual(fullRun.status, 0, fullRun.err)
        XCTAssertTrue(fullRun.glue.contains("is WidgetHeader.Today -> appendToday(b)"), fullRun.glue)
        XCTAssertTrue(fullRun.glue.contains("is WidgetHeader.Outdated -> appendOutdated(b, header.dayMs)"), fullRun.glue)
        XCTAssertTrue(fullRun.glue.contains("appendStale(b, stale)"))
        XCTAssertFalse(fullRun.err.contains("not implemented"), fullRun.err)

        let topLevel = full.replacingOccurrences(of: "sealed class WidgetHeader { object Today : WidgetHeader(); data class Outdated(val dayMs: Long?) : WidgetHeader() }",
                                                 with: "interface WidgetHeader\nobject Today : WidgetHeader\ndata class Outdated(val dayMs: Long?) : WidgetHeader")
        XCTAssertTrue(try readerAPI(topLevel).glue.contains("is Today -> appendToday(b)"))

        let parseOnly = """
        object WidgetData {
            fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<Any> = emptyList()
        }
        // fun parseMeta( in a comment does not count
        """
        let partial = try readerAPI(parseOnly)
        XCTAssertEqual(partial.status, 0, partial.err)
        XCTAssertFalse(partial.glue.contains("WidgetData.parseMeta"))
        XCTAssertFalse(partial.glue.contains("appendMeta") || partial.glue.contains("appendStale") || partial.glue.contains("appendToday"), "nothing after parse: meta, stale, header are left out")
        XCTAssertTrue(partial.err.contains("meta, stale, header: \"not implemented\""), partial.err)
        XCTAssertTrue(partial.err.contains("parse.tasks[].doneOn, projects, projectTitle, currentTask: pending (newer than revision 1)"), partial.err)
        XCTAssertTrue(partial.glue.contains("WidgetData.parse(q.blob, q.pendingDoneTargets)\n"), partial.glue)
        // Where the contract describes the display question, a reader without its inputs leaves it out.
        let displayed = try readerAPI(parseOnly, describing: ["parse.tasks[].doneOn", "projects", "projectTitle", "currentTask", "display"])
        XCTAssertTrue(displayed.err.contains("meta, stale, header, display: \"not implemented\""), displayed.err)
        // A revision-1 reader (two-parameter parse, parseMeta, headerFor) is painted as revision 1's widget:
        // its rows with the taps only, no selection (it has no projectTitle), the header from its stamp.
        let painted = try readerAPI(full, describing: ["display"])
        XCTAssertFalse(painted.err.contains("not implemented"), painted.err)
        XCTAssertTrue(painted.glue.contains("appendDisplay(b, WidgetDisplay.paint(q.capacity, q.selectedProjectId, null,"), painted.glue)
        XCTAssertTrue(painted.glue.contains("{ WidgetData.parse(q.blob, q.pendingDoneTargets).map { ListedRow(it.id, it.title, it.isDone, it.projectColor) } }"), painted.glue)
        XCTAssertTrue(painted.glue.contains("WidgetData.headerFor(WidgetData.parseMeta(q.blob), q.nowMs)")
                      && painted.glue.contains("if (h is WidgetHeader.Outdated) StampHeader(true, h.dayMs)"), painted.glue)
        XCTAssertFalse(painted.glue.contains("WidgetData.projectTitle") || painted.glue.contains("q.pendingDoneTimestamps"), "asked only with what the reader takes\n" + painted.glue)
        XCTAssertTrue(try readerAPI(topLevel, describing: ["display"]).glue.contains("if (h is Outdated) StampHeader(true, h.dayMs)"))
        // With projectTitle (and revision 2's parse) the selection's title is asked too: the project widget.
        let project = full.replacingOccurrences(of: "fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<Any> = emptyList()",
                                                with: "fun parse(json: String, pendingDoneTargets: Map<String, Boolean>, pendingDoneTimestamps: Map<String, Long>, selectedProjectId: String?, nowMs: Long): List<Any> = emptyList()\n    fun projectTitle(json: String, projectId: String): String? = null")
        let projectRun = try readerAPI(project, describing: ["display"])
        XCTAssertTrue(projectRun.glue.contains("WidgetDisplay.paint(q.capacity, q.selectedProjectId, { id -> WidgetData.projectTitle(q.blob, id) },"), projectRun.glue)
        XCTAssertTrue(projectRun.glue.contains("{ WidgetData.parse(q.blob, q.pendingDoneTargets, q.pendingDoneTimestamps, q.selectedProjectId, q.nowMs).map {"), projectRun.glue)
        // Without headerFor there is no header to paint: display stays "not implemented".
        let noHeader = try readerAPI(full.replacingOccurrences(of: "    fun headerFor(meta: WidgetMeta, nowMs: Long): WidgetHeader = WidgetHeader.Today\n", with: ""),
                                     describing: ["display"])
        XCTAssertTrue(noHeader.err.contains("header, display: \"not implemented\""), noHeader.err)
        XCTAssertFalse(noHeader.glue.contains("appendDisplay"), noHeader.glue)

        let none = try readerAPI("object Other { fun parse(json: String, p: Map<String, Boolean>) = 1 }")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.err.contains("no `fun parse(` in an `object WidgetData`"), none.err)
    }

    /// Revision 2 and 3 as an app writes them (default parameters, its own type names): the glue
    /// asks the five-parameter parse, writes the rows' doneOn only when the row class has one, asks
    /// parseProjects, projectTitle and parseCurrentTask only when present (and only the tracked
    /// task's members its class has), and the revision it answers follows from all of that.
    func testTheGlueAsksRevisionsTwoAndThreeWhereTheReaderHasThem() throws {
        let appStyle = """
        package app
        data class WidgetTask(
            val id: String,
            val title: String,
            val isDone: Boolean,
            val projectColor: String?,
            val doneOn: Long? = null,
        )
        data class WidgetProject(val id: String, val title: String)
        object WidgetData {
            fun parse(
                json: String,
                pendingDoneTargets: Map<String, Boolean> = emptyMap(),
                pendingDoneTimestamps: Map<String, Long> = emptyMap(),
                selectedProjectId: String? = null,
                nowMs: Long = System.currentTimeMillis(),
            ): List<WidgetTask> = emptyList()
            fun parseProjects(json: String): List<WidgetProject> = emptyList()
            fun projectTitle(json: String, projectId: String): String? =
                parseProjects(json).firstOrNull { it.id == projectId }?.title
        }
        """
        let two = try readerAPI(appStyle)
        XCTAssertEqual(two.status, 0, two.err)
        XCTAssertTrue(two.glue.contains("WidgetData.parse(q.blob, q.pendingDoneTargets, q.pendingDoneTimestamps, q.selectedProjectId, q.nowMs)"), two.glue)
        XCTAssertTrue(two.glue.contains("appendDoneOn(b, row.doneOn)"), two.glue)
        XCTAssertTrue(two.glue.contains("WidgetData.parseProjects(q.blob)") && two.glue.contains("WidgetData.projectTitle(q.blob, it)"), two.glue)
        XCTAssertFalse(two.glue.contains("parseCurrentTask"), two.glue)
        assertRevision(two, 2)
        XCTAssertTrue(two.err.contains("currentTask: pending (newer than revision 2)"), two.err)

        // The app's later rows carry doneGraceStartedAt instead: no doneOn, so revision 1 (parse is still the five-parameter one).
        let grace = try readerAPI(appStyle.replacingOccurrences(of: "val doneOn: Long? = null", with: "val doneGraceStartedAt: Long? = null"))
        XCTAssertFalse(grace.glue.contains("appendDoneOn"), grace.glue)
        XCTAssertTrue(grace.glue.contains("q.selectedProjectId, q.nowMs)"), grace.glue)
        assertRevision(grace, 1)
        XCTAssertTrue(grace.err.contains("not revision 2: it lacks rows with doneOn"), grace.err)

        // Five parameters of other types are not revision 2's parse: asked with the taps only.
        let other = try readerAPI(appStyle.replacingOccurrences(of: "Map<String, Long>", with: "Map<String, Int>"))
        XCTAssertTrue(other.glue.contains("WidgetData.parse(q.blob, q.pendingDoneTargets)\n"), other.glue)
        XCTAssertTrue(other.err.contains("is not revision 2's"), other.err)

        let tracked = """

        data class WidgetCurrentTask(val id: String, val title: String, val deviceLabel: String,
                                     val isLocal: Boolean, val sinceTs: Long?, val focusCycle: Int?)
        object Tracking { fun parseCurrentTask(json: String): WidgetCurrentTask? = null }
        """
        // Only inside WidgetData does parseCurrentTask count.
        XCTAssertFalse(try readerAPI(appStyle + tracked).glue.contains("parseCurrentTask"))
        let withTask = appStyle.replacingOccurrences(of: "object WidgetData {", with: "object WidgetData {\n    fun parseCurrentTask(json: String): WidgetCurrentTask? = null")
            + tracked.replacingOccurrences(of: "object Tracking { fun parseCurrentTask(json: String): WidgetCurrentTask? = null }", with: "")
        let noProject = try readerAPI(withTask)
        XCTAssertTrue(noProject.glue.contains("appendCurrentLong(b, \"sinceTs\", current.sinceTs)"), noProject.glue)
        XCTAssertTrue(noProject.glue.contains("appendCurrentInt(b, \"focusCycle\", current.focusCycle)"), noProject.glue)
        XCTAssertFalse(noProject.glue.contains("\"projectId\""), "the class has no projectId: left out\n" + noProject.glue)
        assertRevision(noProject, 2)
        XCTAssertTrue(noProject.err.contains("currentTask.projectId: pending (newer than revision 2)"), noProject.err)

        let three = try readerAPI(withTask.replacingOccurrences(of: "val title: String, val deviceLabel", with: "val title: String, val projectId: String?, val deviceLabel"))
        XCTAssertTrue(three.glue.contains("appendCurrentText(b, \"projectId\", current.projectId)"), three.glue)
        assertRevision(three, 3)

        // A question the contract does not describe yet is not written, and the revision is at most the description's.
        let early = try readerAPI(withTask, describing: ["parse.tasks[].doneOn", "projects"])
        XCTAssertFalse(early.glue.contains("WidgetData.parseCurrentTask") || early.glue.contains("WidgetData.projectTitle"), early.glue)
        XCTAssertTrue(early.glue.contains("WidgetData.parseProjects(q.blob)"), early.glue)
        XCTAssertTrue(early.err.contains("projectTitle, currentTask: not in the contract"), early.err)
    }

    // MARK: - helpers

    private func assertRevision(_ run: (status: Int32, glue: String, err: String), _ revision: Int, line: UInt = #line) {
        XCTAssertTrue(run.glue.contains("READER_REVISION = \(revision)"), run.glue, line: line)
        XCTAssertTrue(run.err.contains("it answers revision \(revision)"), run.err, line: line)
    }

    private func downlevel(_ files: [String: String]) throws -> (status: Int32, out: String, err: String) {
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent("src").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try script("downlevel", ["--out", folder.appendingPathComponent("out").path] + paths)
    }

    /// reader-api reads the tree's own contract description (features and their sets, as
    /// schemas/contract.json has them): an app's Kotlin reader gets its glue, not a traceback.
    func testReaderAPIReadsTheTreesContractDescription() throws {
        let glue = folder.appendingPathComponent("glue-\(UUID().uuidString).kt")
        let run = try script("reader-api", ["--glue", glue.path, TestRepository.root.appendingPathComponent("ends/kotlin/WidgetData.kt").path])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertFalse(run.err.contains("Traceback"), run.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: glue.path), run.err)
    }

    /// reader-api on one source file, against a contract description whose sets 1 to 3 are the
    /// revisions (`describing`: the view fields it has besides the base's), not the tree's current one.
    private func readerAPI(_ source: String,
                           describing fields: [String] = ["parse.tasks[].doneOn", "projects", "projectTitle", "currentTask"])
        throws -> (status: Int32, glue: String, err: String) {
        let file = folder.appendingPathComponent("api-\(UUID().uuidString).kt")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let glue = folder.appendingPathComponent("glue-\(UUID().uuidString).kt")
        let members = fields.map { field in
            field.hasPrefix("parse.tasks[].") ? #"{"in": "parse.tasks[]", "name": "\#(field.dropFirst(14))"}"# : #"{"name": "\#(field)"}"#
        }
        let contract = folder.appendingPathComponent("contract-\(UUID().uuidString).json")
        try #"{"features": [{"name": "base", "viewFields": []}, {"name": "later", "viewFields": [\#(members.joined(separator: ","))]}], "sets": [{"name": "1", "features": ["base"]}, {"name": "2", "features": ["base"]}, {"name": "3", "features": ["base", "later"]}]}"#
            .write(to: contract, atomically: true, encoding: .utf8)
        let run = try script("reader-api", ["--glue", glue.path, "--contract", contract.path, file.path])
        return (run.status, (try? String(contentsOf: glue, encoding: .utf8)) ?? "", run.err)
    }

    private func script(_ name: String, _ arguments: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestRepository.root.appendingPathComponent("tools/kotlin-testee/\(name)").path] + arguments
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
