import Foundation

/// Peak resident memory (and time) of decoding one big blob in a fresh process:
/// `WidgetBench decode-file` as a child, `ru_maxrss` from `wait4`.
struct MemoryTable {
    struct Blob {
        var key: String
        var label: String
        var path: String
        var bytes: Int
    }

    struct Entry {
        var blob: Blob
        var reader: BenchReader
        /// Peak RSS in bytes, per run.
        var maxRSS: Sample
        /// Decode time (in the child, excluding reading the file), seconds.
        var decodeSeconds: Sample
        var rows: Int
        /// Why it has no figures (skipped or timed out).
        var skipped: String?
    }

    var baseline: [BenchReader: Sample]
    /// The 3-task blob's decode time in a fresh process: the first decode pays one-time
    /// costs (time zone data, Foundation/ICU set-up) that the throughput runs warm away.
    var firstDecode: [BenchReader: Sample]
    var entries: [Entry]

    static let readers: [BenchReader] = [.swift, .c, .cRaw, .foundation]

    func perBlobByte(_ entry: Entry) -> Double {
        guard entry.skipped == nil, let base = baseline[entry.reader] else { return .nan }
        return (entry.maxRSS.median - base.median) / Double(entry.blob.bytes)
    }

    static func measure(bench: String, directory: String, tinyBlob: String, quick: Bool) throws -> MemoryTable {
        func decode(_ reader: BenchReader, _ path: String, timeout: Double) throws -> (ChildRun, Double, Int) {
            let child = try ChildRun.run([bench, "decode-file", "--reader", reader.rawValue, "--file", path],
                                         captureOutput: true, timeoutSeconds: timeout, measureRSS: true)
            var ns = Double.nan
            var rows = 0
            for field in child.output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if field.hasPrefix("ns=") { ns = Double(field.dropFirst(3)) ?? .nan }
                if field.hasPrefix("rows=") { rows = Int(field.dropFirst(5)) ?? 0 }
            }
            if !child.timedOut && child.exitCode != 0 {
                throw BenchError("decode-file --reader \(reader.rawValue) \(path) exited \(child.exitCode)")
            }
            return (child, ns / 1e9, rows)
        }

        var baseline: [BenchReader: Sample] = [:]
        var firstDecode: [BenchReader: Sample] = [:]
        for reader in readers {
            var values: [Double] = []
            var seconds: [Double] = []
            for _ in 0..<5 {
                let (child, decodeSeconds, _) = try decode(reader, tinyBlob, timeout: 60)
                values.append(Double(child.maxRSSBytes))
                seconds.append(decodeSeconds)
            }
            baseline[reader] = Sample(values: values)
            firstDecode[reader] = Sample(values: seconds)
        }

        let megabyte = 1_000_000
        let big = quick ? 10 * megabyte : 100 * megabyte
        var blobs: [Blob] = []
        func write(_ key: String, _ label: String, _ bytes: [UInt8]) throws {
            let path = "\(directory)/\(key).json"
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                throw BenchError("cannot write \(path)")
            }
            blobs.append(Blob(key: key, label: label, path: path, bytes: bytes.count))
        }
        log("memory: writing blobs")
        try write("title", "one task, \(big / megabyte) MB title", Inputs.longTitleBlob(bytes: big))
        try write("tasks-1mb", "tasks, 1 MB", Inputs.manyTasksBlob(bytes: 1 * megabyte))
        try write("tasks-4mb", "tasks, 4 MB", Inputs.manyTasksBlob(bytes: 4 * megabyte))
        if !quick { try write("tasks-big", "tasks, \(big / megabyte) MB", Inputs.manyTasksBlob(bytes: big)) }

        let timeout = quick ? 20.0 : 60.0
        var entries: [Entry] = []
        for blob in blobs {
            for reader in readers {
                // Predict the big tasks blob from the 1 MB → 4 MB growth; do not start a run
                // that would only hit the timeout.
                if blob.key == "tasks-big",
                   let small = entries.first(where: { $0.blob.key == "tasks-1mb" && $0.reader == reader }),
                   let medium = entries.first(where: { $0.blob.key == "tasks-4mb" && $0.reader == reader }) {
                    let t1 = small.decodeSeconds.median, t4 = medium.decodeSeconds.median
                    if medium.skipped != nil || !(t1 > 0 && t4 > 0) {
                        entries.append(Entry(blob: blob, reader: reader, maxRSS: Sample(values: []),
                                             decodeSeconds: Sample(values: []), rows: 0, skipped: "not run: 4 MB did not finish"))
                        continue
                    }
                    let exponent = log(t4 / t1) / log(4.0)
                    let predicted = t4 * pow(Double(blob.bytes) / Double(medium.blob.bytes), max(1, exponent))
                    if predicted > timeout {
                        entries.append(Entry(blob: blob, reader: reader, maxRSS: Sample(values: []), decodeSeconds: Sample(values: []),
                                             rows: 0, skipped: String(format: "not run: predicted %.0f s (time grows as size^%.2f from 1 to 4 MB)",
                                                                      predicted, exponent)))
                        continue
                    }
                }
                log("memory: \(blob.label), \(reader.rawValue)")
                let runs = quick || blob.key == "tasks-4mb" ? 1 : (blob.key == "tasks-1mb" ? 3 : 2)
                var rss: [Double] = []
                var seconds: [Double] = []
                var rows = 0
                var skipped: String?
                for _ in 0..<runs {
                    let (child, decodeSeconds, gotRows) = try decode(reader, blob.path, timeout: timeout)
                    if child.timedOut {
                        skipped = String(format: "killed after %.0f s", timeout)
                        break
                    }
                    rss.append(Double(child.maxRSSBytes))
                    seconds.append(decodeSeconds)
                    rows = gotRows
                }
                entries.append(Entry(blob: blob, reader: reader, maxRSS: Sample(values: rss), decodeSeconds: Sample(values: seconds),
                                     rows: rows, skipped: skipped))
            }
        }
        for blob in blobs { unlink(blob.path) }
        return MemoryTable(baseline: baseline, firstDecode: firstDecode, entries: entries)
    }
}
