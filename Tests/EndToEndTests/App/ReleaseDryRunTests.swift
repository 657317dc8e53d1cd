import Foundation
import HarnessTestSupport
import TestSupport
import XCTest

/// The reusable action, the reusable workflow and the container recipe cannot run here (no
/// GitHub runner, no Docker engine); what they run can: each one's install step, as written in
/// its file, is run in a scratch folder against the release `scripts/release` made from the debug
/// build (the archive handed over by `WIDGETCONTRACT_ARCHIVE`, the one thing a dry run changes:
/// nothing is downloaded), and the action's gate step is run in the example app with what the
/// install put on PATH. A step whose text stops working (a flag the install script lost, a path
/// that moved) fails here.
final class ReleaseDryRunTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    private func release() throws -> (dist: URL, version: String, archive: URL) {
        let installed = try AppRepositoryTests.installed.get()
        let archive = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: installed.dist.path).first { $0.hasSuffix(".tar.gz") })
        return (installed.dist, installed.version, installed.dist.appendingPathComponent(archive))
    }

    /// Runs a step's script with bash -e, the expressions of its `env:` filled from `values`.
    private func run(_ step: WorkflowStep, values: [String: String], more: [String: String?], in folder: URL? = nil) throws -> (status: Int32, output: String) {
        var changes = more
        for (name, expression) in step.env { changes[name] = try fill(expression, values) }
        return try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", try fill(step.run, values)], in: folder, changes: changes)
    }

    private func fill(_ text: String, _ values: [String: String]) throws -> String {
        var out = text
        while let open = out.range(of: "${{"), let close = out.range(of: "}}", range: open.upperBound..<out.endIndex) {
            let name = out[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let value = values[name] else { throw AppRepositoryTests.Failure("no test value for ${{ \(name) }}") }
            out.replaceSubrange(open.lowerBound..<close.upperBound, with: value)
        }
        return out
    }

    func testTheActionInstallsTheReleaseAndRunsTheGateAsWritten() throws {
        let (_, version, archive) = try release()
        let folder = Scratch.folder("action-dry-run")
        defer { Scratch.remove(folder) }
        let text = try String(contentsOf: TestRepository.url(".github/actions/widget-contract/action.yml"), encoding: .utf8)
        let steps = WorkflowStep.parse(text)
        let install = try XCTUnwrap(steps.first { $0.name == "Install the harness" }, "\(steps.map(\.name))")
        let gate = try XCTUnwrap(steps.first { $0.name == "Run the gate" })
        let values = ["inputs.version": version, "inputs.contract": "widget-contract", "inputs.args": "", "inputs.reports": "reports",
                      "github.server_url": "https://example.invalid", "github.action_repository": "owner/widgetcontract",
                      "github.action_path": TestRepository.url(".github/actions/widget-contract").path, "runner.temp": folder.path]
        let githubPath = folder.appendingPathComponent("github-path")
        let installed = try run(install, values: values, more: ["GITHUB_PATH": githubPath.path, "WIDGETCONTRACT_ARCHIVE": archive.path])
        XCTAssertEqual(installed.status, 0, installed.output)
        let bin = try String(contentsOf: githubPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(bin, folder.appendingPathComponent("widgetcontract/bin").path)

        let app = Scratch.folder("action-app").appendingPathComponent("app")
        defer { Scratch.remove(app.deletingLastPathComponent()) }
        XCTAssertEqual(try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/cp"), ["-RL", TestRepository.url("Examples/app-repository").path, app.path]).status, 0)
        let summary = folder.appendingPathComponent("step-summary.md")
        let gated = try run(gate, values: values, more: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
                                                         "GITHUB_STEP_SUMMARY": summary.path, "WIDGETCONTRACT_HOME": nil], in: app)
        XCTAssertEqual(gated.status, 0, gated.output)
        for report in ["junit.xml", "summary.md", "report.html", "verdict.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent("reports/\(report)").path), report)
        }
        XCTAssertFalse(try String(contentsOf: summary, encoding: .utf8).isEmpty, "the Markdown summary goes to the job summary")
    }

    /// A JRE installed under another package's name than default-jre-headless (Debian's
    /// openjdk-17-jre-headless alone) serves the Kotlin ends: where `java` runs, the install
    /// does not call the JRE missing. (dpkg is stood in for, so the machine's packages do not matter.)
    func testAJREUnderAnotherPackageNameIsNotCalledMissing() throws {
        let (dist, version, archive) = try release()
        let folder = Scratch.folder("install-jre")
        defer { Scratch.remove(folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let stubs = ["dpkg-query": "case \"$*\" in *default-jre-headless*) exit 1 ;; esac; printf 'install ok installed'",
                     "java": "exit 0"]
        for (name, body) in stubs {
            let file = bin.appendingPathComponent(name)
            try ("#!/bin/sh\n" + body + "\n").write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let installed = try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/bash"),
                                                      [dist.appendingPathComponent("install").path, "--version", version,
                                                       "--prefix", folder.appendingPathComponent("widgetcontract").path, "--from", archive.path],
                                                      changes: ["PATH": path])
        XCTAssertEqual(installed.status, 0, installed.output)
        XCTAssertFalse(installed.output.contains("default-jre-headless"), installed.output)
    }

    func testTheReusableWorkflowsInstallStepRunsAsWritten() throws {
        let (dist, version, archive) = try release()
        let folder = Scratch.folder("workflow-dry-run")
        defer { Scratch.remove(folder) }
        let text = try String(contentsOf: TestRepository.url(".github/workflows/widget-contract-gate.yml"), encoding: .utf8)
        XCTAssertTrue(text.contains("workflow_call:"), "a reusable workflow")
        let install = try XCTUnwrap(WorkflowStep.parse(text).first { $0.name == "Install the harness" })
        // Its download of the release's install step, served from the release folder.
        let shims = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: shims, withIntermediateDirectories: true)
        let curl = shims.appendingPathComponent("curl")
        try Data("""
        #!/bin/sh
        # curl … URL -o FILE, answered from the release folder (the dry run downloads nothing)
        out="" url=""
        while [ $# -gt 0 ]; do case "$1" in -o) out="$2"; shift 2 ;; -*) shift ;; *) url="$1"; shift ;; esac; done
        cp "\(dist.path)/$(basename "$url")" "$out"
        """.utf8).write(to: curl)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: curl.path)
        let values = ["inputs.version": version, "inputs.repository": "https://example.invalid/owner/widgetcontract", "runner.temp": folder.path]
        let githubPath = folder.appendingPathComponent("github-path")
        let installed = try run(install, values: values, more: ["GITHUB_PATH": githubPath.path, "RUNNER_TEMP": folder.path,
                                                                "WIDGETCONTRACT_ARCHIVE": archive.path,
                                                                "PATH": shims.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        XCTAssertEqual(installed.status, 0, installed.output)
        let bin = try String(contentsOf: githubPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let version_ = try GateTestSupport.runMerged(URL(fileURLWithPath: bin).appendingPathComponent("contract-harness"), ["--version"])
        XCTAssertEqual(version_.output.trimmingCharacters(in: .whitespacesAndNewlines), "contract-harness \(version)")
    }

    func testTheContainerRecipeInstallsWithTheReleasesInstallStep() throws {
        let (dist, version, archive) = try release()
        let folder = Scratch.folder("container-dry-run")
        defer { Scratch.remove(folder) }
        let recipe = try String(contentsOf: dist.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let runs = recipe.components(separatedBy: "\nRUN ").dropFirst().map { $0.components(separatedBy: "\n").prefix { !$0.isEmpty && !$0.hasPrefix("ENV") && !$0.hasPrefix("WORKDIR") }.joined(separator: "\n") }
        let copied = "/usr/local/lib/widgetcontract/install"
        XCTAssertTrue(recipe.contains("COPY install \(copied)"), recipe)
        XCTAssertTrue(recipe.contains("ENV PATH=/opt/widgetcontract/bin:$PATH") && recipe.contains("ENTRYPOINT [\"contract-harness\"]"), recipe)
        // The packages: those the install step lists, every one a package this (Debian) machine knows.
        let apt = try XCTUnwrap(runs.first { $0.contains("apt-get install") })
        XCTAssertTrue(apt.contains("$(bash \(copied) --print-apt-packages)"), apt)
        let packages = try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/bash"), [dist.appendingPathComponent("install").path, "--print-apt-packages"])
        for package in packages.output.split(whereSeparator: \.isWhitespace) {
            XCTAssertEqual(try GateTestSupport.runMerged(URL(fileURLWithPath: "/usr/bin/apt-cache"), ["show", "--no-all-versions", String(package)]).status, 0,
                           "\(package) is a Debian package")
        }
        // The install, as the recipe runs it (its paths moved into the scratch folder).
        let install = try XCTUnwrap(runs.first { $0.contains("--version \"$VERSION\"") })
        let prefix = folder.appendingPathComponent("opt/widgetcontract")
        let script = install.replacingOccurrences(of: copied, with: dist.appendingPathComponent("install").path)
            .replacingOccurrences(of: "/opt/widgetcontract", with: prefix.path)
        let done = try GateTestSupport.runMerged(URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", script],
                                                 changes: ["VERSION": version, "REPOSITORY": "https://example.invalid/owner/widgetcontract",
                                                           "WIDGETCONTRACT_ARCHIVE": archive.path])
        XCTAssertEqual(done.status, 0, done.output)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/contract-harness").path))
    }
}

/// One step of a GitHub workflow or composite action, as much of it as a dry run needs: its
/// name, its `env:` (expressions unfilled) and its `run:` script.
struct WorkflowStep {
    var name: String
    var env: [String: String] = [:]
    var run = ""

    /// The steps of a workflow's or action's text (block scalars `run: |` only, as the project writes them).
    static func parse(_ text: String) -> [WorkflowStep] {
        var steps: [WorkflowStep] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- name: ") {
                steps.append(WorkflowStep(name: String(trimmed.dropFirst("- name: ".count))))
            } else if trimmed == "env:", !steps.isEmpty {
                let level = indent(line)
                index += 1
                while index < lines.count, indent(lines[index]) > level, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                    let pair = lines[index].trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if pair.count == 2 { steps[steps.count - 1].env[pair[0]] = pair[1] }
                    index += 1
                }
                continue
            } else if trimmed == "run: |", !steps.isEmpty {
                let level = indent(line)
                index += 1
                var body: [String] = []
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty || indent(lines[index]) > level {
                    body.append(lines[index])
                    index += 1
                }
                let cut = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(indent).min() ?? 0
                steps[steps.count - 1].run = body.map { String($0.dropFirst(min(cut, indent($0)))) }.joined(separator: "\n")
                continue
            }
            index += 1
        }
        return steps
    }
}
