import Foundation

/// Instruction counts under `valgrind --tool=callgrind`: repeatable on a busy machine,
/// unlike time. Ir per case = (Ir of N+1 decodes − Ir of 1 decode) / N, so process start-up
/// and the first decode's one-time costs (zone loading) cancel out.
struct Profile {
    struct Count {
        var input: String
        var reader: BenchReader
        var irPerCase: Double
    }

    struct Function {
        var ir: Int
        var percent: Double
        var name: String
    }

    struct Listing {
        var title: String
        var totalIr: Int
        var functions: [Function]
    }

    var counts: [Count]
    var listings: [Listing]
    var valgrind: String

    /// `repeats` decodes per reader on each input, `swiftRepeats` for the Swift reader and its
    /// parse step (many more fit in the same time, and the listings should show the decode,
    /// not the process start-up).
    static func measure(bench: String, directory: String,
                        inputs: [(key: String, label: String, path: String, repeats: Int, swiftRepeats: Int)]) throws -> Profile? {
        guard ChildRun.inPath("valgrind") != nil, ChildRun.inPath("callgrind_annotate") != nil else { return nil }
        // valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes ("Possibly corrupted
        // debuginfo file"): profile a copy without debug sections (symbols stay).
        let stripped = "\(directory)/WidgetBench.stripped"
        let strip = try ChildRun.run(["objcopy", "--strip-debug", bench, stripped])
        guard strip.exitCode == 0 else { throw BenchError("objcopy --strip-debug failed") }
        let version = try ChildRun.run(["valgrind", "--version"], captureOutput: true).output
            .trimmingCharacters(in: .whitespacesAndNewlines)

        func callgrind(_ reader: BenchReader, _ path: String, _ repeats: Int, _ out: String) throws -> Int {
            let child = try ChildRun.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=\(out)", stripped,
                                          "decode-file", "--reader", reader.rawValue, "--file", path, "--repeat", "\(repeats)"])
            guard child.exitCode == 0 else { throw BenchError("callgrind of \(reader.rawValue) on \(path) exited \(child.exitCode)") }
            return try totalIr(out)
        }

        var counts: [Count] = []
        var listings: [Listing] = []
        for input in inputs {
            for reader in BenchReader.table + [.swiftParse] {
                log("profile: \(input.label), \(reader.rawValue)")
                let repeats = reader == .swift || reader == .swiftParse ? input.swiftRepeats : input.repeats
                let one = try callgrind(reader, input.path, 1, "\(directory)/cg.\(input.key).\(reader.rawValue).1")
                let outFile = "\(directory)/cg.\(input.key).\(reader.rawValue).n"
                let many = try callgrind(reader, input.path, repeats + 1, outFile)
                counts.append(Count(input: input.label, reader: reader, irPerCase: Double(many - one) / Double(repeats)))
                if reader == .swift || (reader == .cRaw && input.key == "a") {
                    listings.append(try annotate(outFile, title: "\(reader.label), \(input.label), \(repeats + 1) decodes, self cost",
                                                 inclusive: false, directory: directory))
                    if reader == .swift {
                        listings.append(try annotate(outFile, title: "\(reader.label), \(input.label), \(repeats + 1) decodes, inclusive cost",
                                                     inclusive: true, directory: directory))
                    }
                }
            }
        }
        return Profile(counts: counts, listings: listings, valgrind: version)
    }

    /// `summary:` / `totals:` of a callgrind output file.
    static func totalIr(_ path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n").reversed() where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let value = line.split(separator: " ").last.flatMap({ Int($0) }) { return value }
        }
        throw BenchError("no totals in \(path)")
    }

    /// The top functions of `callgrind_annotate`, names demangled (`swift demangle --simplified`).
    static func annotate(_ path: String, title: String, inclusive: Bool, directory: String, top: Int = 16) throws -> Listing {
        let annotated = try ChildRun.run(["callgrind_annotate", "--inclusive=\(inclusive ? "yes" : "no")", "--threshold=100", path],
                                         captureOutput: true)
        var functions: [Function] = []
        var total = 0
        var inTable = false
        for line in annotated.output.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("PROGRAM TOTALS") {
                total = Int(text.split(separator: " ")[0].replacingOccurrences(of: ",", with: "")) ?? 0
                continue
            }
            if text.hasSuffix("file:function") { inTable = true; continue }
            guard inTable, let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")") else { continue }
            if text.isEmpty || text.hasPrefix("--") { if !functions.isEmpty { break } else { continue } }
            let ir = Int(text[..<open].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")) ?? 0
            let percent = Double(text[text.index(after: open)..<close].trimmingCharacters(in: .whitespaces).dropLast()) ?? 0
            var name = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
            // `file:function [object]` → `function [object file name]`
            if let colon = name.firstIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            if let bracket = name.range(of: " [", options: .backwards) {
                let object = name[bracket.upperBound...].dropLast()
                name = String(name[..<bracket.lowerBound]) + " [" + (object.split(separator: "/").last.map(String.init) ?? "") + "]"
            }
            functions.append(Function(ir: ir, percent: percent, name: name))
        }
        if inclusive {
            // The reader's own functions (in the bench binary, not the runtime's); the bench's
            // frames are dropped after demangling: how the decode divides into parse, rows,
            // meta, header and teardown.
            functions = Array(functions.filter { $0.name.hasSuffix("[WidgetBench.stripped]") }.prefix(top + 12))
        } else {
            functions = Array(functions.prefix(top))
        }
        // Demangle all names at once.
        let names = "\(directory)/names.txt"
        try functions.map(\.name).joined(separator: "\n").write(toFile: names, atomically: true, encoding: .utf8)
        if let demangler = ChildRun.inPath("swift-demangle") {
            let demangled = try ChildRun.run([demangler, "--simplified"], captureOutput: true, stdinPath: names)
            let lines = demangled.output.split(separator: "\n", omittingEmptySubsequences: false)
            if demangled.exitCode == 0 && lines.count >= functions.count {
                for index in functions.indices { functions[index].name = String(lines[index]) }
            }
        }
        if inclusive {
            let skip = ["WidgetBench_main", "(below main)", "WidgetBench.main()", "decodeFile", "PreparedCases"]
            functions = Array(functions.filter { function in !skip.contains { function.name.contains($0) } }.prefix(top))
        }
        return Listing(title: title, totalIr: total, functions: functions)
    }
}
