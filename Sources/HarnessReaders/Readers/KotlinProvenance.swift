import ContractModel
import Foundation
import HarnessCorpus
import WidgetSnapshot

/// What golden/kotlin was recorded with — RECORDING.json's opening members, for reviewers
/// (`check` does not read them). `contract-harness golden record` gathers them itself, from the
/// testee's own command line and from the machine (Debian's package database, kotlinc, the
/// JVM with the testee's options), so no script assembles provenance by hand.
package enum KotlinProvenance {
    /// Android's own org.json (the jar on the testee's classpath) and the compiler.
    static let orgJsonPackage = "libandroid-json-java"
    static let kotlinPackage = "kotlin"
    /// What golden/kotlin is compiled from (scripts/record-kotlin without --parser).
    static let sources = ["ends/kotlin/WidgetData.kt", "ends/kotlin/TesteeMain.kt"]

    /// A fact could not be had (the command is not a JVM line, org.json is not on its classpath).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The members for a testee run as `command`, the `java OPTIONS -cp CLASSPATH MAIN` line
    /// `scripts/record-kotlin --print-command` prints; the sources are read under `root`.
    /// `timeout`: how long each program it asks may take — the testee's start timeout
    /// (`record --start-timeout`): the probes start the testee's JVM (`COMMAND
    /// --contract-revision`, its properties) and kotlinc's, and a hung one costs no more than
    /// the testee's own start would.
    package static func gather(command: String, root: URL, timeout: Double) throws -> JSONObject {
        let commandWords = try words(of: command)
        let jvm = try JVMCommand(words: commandWords)
        let text = { (arguments: [String], errorsToo: Bool) in Self.text(of: arguments, errorsToo: errorsToo, timeout: timeout) }
        let orgJsonFiles = Set(text(["dpkg-query", "-L", orgJsonPackage], false).split(separator: "\n").map(String.init))
        guard let orgJsonJar = jvm.classpath.first(where: orgJsonFiles.contains) else {
            throw Failure(description: "no jar of the Debian package \(orgJsonPackage) on the testee's classpath (\(jvm.classpath.joined(separator: ":")))")
        }
        let properties = text([jvm.java] + jvm.options + ["-XshowSettings:properties", "-version"], true)
        var sourceHashes = JSONObject()
        for path in sources {
            // (Through the tree's boundary, like every read of the tree: a source linked out of it is refused.)
            let bytes: [UInt8]?
            do {
                bytes = try GoldenText.read(root.appendingPathComponent(path), displayName: path, tree: TreeBoundary(root: root),
                                            maximumBytes: InputLimits.sourceFileBytes)
            } catch {
                throw Failure(description: "\(error)")
            }
            guard let bytes else { throw Failure(description: "cannot read \(path) under \(root.path)") }
            sourceHashes[JSONString(path)] = string(SHA256.hex(bytes))
        }
        var facts = JSONObject([
            "recordedBy": string("scripts/record-kotlin"),
            "orgJson": .object(JSONObject([
                "package": string(orgJsonPackage),
                "version": string(packageVersion(orgJsonPackage, timeout: timeout)),
                "jar": string(orgJsonJar),
            ])),
            "kotlinc": .object(JSONObject([
                "package": string(kotlinPackage),
                "version": string(packageVersion(kotlinPackage, timeout: timeout)),
                "reports": string(kotlincReports(text(["kotlinc", "-version"], true))),
            ])),
            "jdk": .object(JSONObject([
                "runtimeVersion": string(try property("java.runtime.version", in: properties)),
                "vendor": string(try property("java.vendor", in: properties)),
                "options": string(jvm.options.joined(separator: " ")),
            ])),
            "sources": .object(sourceHashes),
        ])
        // The revision the recorded reader answers (CONTRACT §8), as the testee itself says
        // (`--contract-revision`, the glue's READER_REVISION); left out for a testee that does not say.
        if let revision = Int64(text(commandWords + ["--contract-revision"], false).trimmingCharacters(in: .whitespacesAndNewlines)) {
            facts["revision"] = .integer(revision)
        }
        return facts
    }

    /// A `java` command line taken apart: the options before the classpath, and the classpath.
    struct JVMCommand: Equatable {
        var java: String
        var options: [String]
        var classpath: [String]

        init(words: [String]) throws {
            guard let java = words.first, java.split(separator: "/").last == "java",
                  let at = words.firstIndex(where: { ["-cp", "-classpath", "--class-path"].contains($0) }),
                  words.count > at + 2 else {
                throw Failure(description: "the testee command is not `java OPTIONS -cp CLASSPATH MAIN` "
                              + "(scripts/record-kotlin --print-command): \(words.joined(separator: " "))")
            }
            self.java = java
            options = Array(words[1..<at])
            classpath = words[at + 1].split(separator: ":").map(String.init)
        }
    }

    /// The words `/bin/sh` makes of `command`: the shell that will run it splits it.
    static func words(of command: String) throws -> [String] {
        let run = try CommandRun.run(.shell("printf '%s\\0' " + command))
        guard run.succeeded else { throw Failure(description: "/bin/sh could not read the testee command: \(command)") }
        return run.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of `key` in `java -XshowSettings:properties`' listing (`    key = value`).
    static func property(_ key: String, in listing: String) throws -> String {
        for line in listing.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix(key + " = ") { return String(trimmed.dropFirst(key.count + 3)) }
        }
        throw Failure(description: "the JVM did not report \(key)")
    }

    /// `kotlinc-jvm VERSION` out of what `kotlinc -version` says, or "unknown".
    static func kotlincReports(_ said: String) -> String {
        guard let start = said.range(of: "kotlinc-jvm ") else { return "unknown" }
        let version = said[start.upperBound...].prefix { $0 != " " && $0 != "\n" }
        return version.isEmpty ? "unknown" : "kotlinc-jvm " + version
    }

    private static func packageVersion(_ package: String, timeout: Double) -> String {
        let version = text(of: ["dpkg-query", "-W", "-f=${Version}", package], timeout: timeout)
        return version.isEmpty ? "unknown" : version
    }

    /// What a program printed (stdout, then stderr with `errorsToo`) within `timeout` seconds;
    /// empty when it could not run (or did not end in time: it is killed).
    private static func text(of arguments: [String], errorsToo: Bool = false, timeout: Double) -> String {
        guard let run = try? CommandRun.run(.arguments(arguments), timeout: timeout), !run.timedOut else { return "" }
        let bytes = errorsToo ? run.output + run.errors : (run.succeeded ? run.output : [])
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func string(_ text: String) -> JSONValue { .string(JSONString(text)) }
}
