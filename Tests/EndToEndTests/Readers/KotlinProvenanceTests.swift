import Foundation
import XCTest
import WidgetSnapshot
import TestSupport
@testable import HarnessCorpus
@testable import HarnessReaders

/// RECORDING.json's toolchain facts, gathered by `contract-harness golden record` from the testee's
/// command line and the machine: the command taken apart as the shell runs it, the JVM's
/// own report, and the same members in the same order as scripts/record-kotlin wrote them.
final class KotlinProvenanceTests: XCTestCase {
    /// scripts/record-kotlin's `printf %q` quoting of its pinned JVM options.
    private let pinned = #"-Xss1m -XX:CompileCommand=quiet -XX:CompileCommand=exclude\,org.json.JSONTokener::\* -XX:CompileCommand=dontinline\,org.json.JSONTokener::\*"#

    func testTheCommandIsTakenApartAsTheShellRunsIt() throws {
        let words = try KotlinProvenance.words(of: "java \(pinned) -cp /a/testee.jar:/b/kotlin-stdlib.jar TesteeMainKt")
        let jvm = try KotlinProvenance.JVMCommand(words: words)
        XCTAssertEqual(jvm.java, "java")
        XCTAssertEqual(jvm.options, ["-Xss1m", "-XX:CompileCommand=quiet",
                                     "-XX:CompileCommand=exclude,org.json.JSONTokener::*",
                                     "-XX:CompileCommand=dontinline,org.json.JSONTokener::*"])
        XCTAssertEqual(jvm.classpath, ["/a/testee.jar", "/b/kotlin-stdlib.jar"])
        XCTAssertEqual(try KotlinProvenance.words(of: #"'/opt/my jdk/bin/java' -cp "x y.jar" M"#),
                       ["/opt/my jdk/bin/java", "-cp", "x y.jar", "M"])
    }

    func testOnlyAJavaLineWithAClasspathAndAMainClassIsAccepted() {
        for words in [["node", "-cp", "a.jar", "Main"], ["java", "-jar", "a.jar"], ["java", "-cp", "a.jar"], []] {
            XCTAssertThrowsError(try KotlinProvenance.JVMCommand(words: words), "\(words)")
        }
        XCTAssertNoThrow(try KotlinProvenance.JVMCommand(words: ["/usr/lib/jvm/bin/java", "-classpath", "a.jar", "Main"]))
    }

    func testAPropertyIsReadByItsWholeKey() throws {
        let listing = """
        Property settings:
            java.vendor.url = https://tracker.debian.org/openjdk-17
            java.vendor = Debian
            java.runtime.version = 17.0.15+6-Debian-1deb12u1

        openjdk version "17.0.15" 2025-04-15
        """
        XCTAssertEqual(try KotlinProvenance.property("java.vendor", in: listing), "Debian")
        XCTAssertEqual(try KotlinProvenance.property("java.runtime.version", in: listing), "17.0.15+6-Debian-1deb12u1")
        XCTAssertThrowsError(try KotlinProvenance.property("java.home", in: listing))
    }

    func testWhatKotlincReportsIsItsVersionWord() {
        XCTAssertEqual(KotlinProvenance.kotlincReports("info: kotlinc-jvm 1.3-SNAPSHOT (JRE 17.0.15+6-Debian-1deb12u1)\n"),
                       "kotlinc-jvm 1.3-SNAPSHOT")
        XCTAssertEqual(KotlinProvenance.kotlincReports("kotlinc: command not found"), "unknown")
    }

    /// With a stand-in `java` (the JVM's report is its output) and org.json's real jar on the
    /// classpath: the members of scripts/record-kotlin's RECORDING.json, in its order.
    func testTheFactsComeFromTheJVMTheCommandNamesAndItsClasspath() throws {
        let jar = "/usr/share/java/com.android.json.jar"
        guard FileManager.default.fileExists(atPath: jar) else { throw XCTSkip("no \(jar) (scripts/bootstrap installs it)") }
        let folder = Scratch.url("provenance")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ends/kotlin"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["WidgetData.kt", "TesteeMain.kt"] {
            try Data(name.utf8).write(to: folder.appendingPathComponent("ends/kotlin/\(name)"))
        }
        let java = folder.appendingPathComponent("java")
        try Data("""
        #!/bin/sh
        [ "$1" = -Xss2m ] || exit 3
        for last; do :; done
        if [ "$last" = --contract-revision ]; then echo 2; exit 0; fi
        echo '    java.vendor = Tests Inc.' >&2
        echo '    java.runtime.version = 99.1' >&2
        """.utf8).write(to: java)
        XCTAssertEqual(chmod(java.path, 0o755), 0)

        let facts = try KotlinProvenance.gather(command: "\(java.path) -Xss2m -cp /x/testee.jar:\(jar) TesteeMainKt", root: folder, timeout: 10)
        XCTAssertEqual(facts.keys.map(\.string), ["recordedBy", "orgJson", "kotlinc", "jdk", "sources", "revision"])
        XCTAssertEqual(facts["revision"], .integer(2), "the revision the testee says it answers (--contract-revision)")
        guard case .object(let orgJson)? = facts["orgJson"], case .object(let jdk)? = facts["jdk"],
              case .object(let kotlinc)? = facts["kotlinc"], case .object(let sources)? = facts["sources"] else {
            return XCTFail("not objects: \(facts)")
        }
        XCTAssertEqual(orgJson.keys.map(\.string), ["package", "version", "jar"])
        XCTAssertEqual(orgJson["jar"], .string(JSONString(jar)))
        XCTAssertEqual(kotlinc.keys.map(\.string), ["package", "version", "reports"])
        XCTAssertEqual(jdk, JSONObject(["runtimeVersion": .string("99.1"), "vendor": .string("Tests Inc."),
                                        "options": .string("-Xss2m")]))
        XCTAssertEqual(sources, JSONObject([
            "ends/kotlin/WidgetData.kt": .string(JSONString(SHA256.hex(Array("WidgetData.kt".utf8)))),
            "ends/kotlin/TesteeMain.kt": .string(JSONString(SHA256.hex(Array("TesteeMain.kt".utf8)))),
        ]))
        XCTAssertThrowsError(try KotlinProvenance.gather(command: "\(java.path) -cp /x/testee.jar TesteeMainKt", root: folder, timeout: 10),
                             "org.json is not on the classpath")
    }
}
