import HarnessCorpus
import HarnessReaders
import Foundation

/// Per-case throughput of every reader on inputs (a)–(d), one thread.
struct ThroughputTable {
    struct Row {
        var key: String
        var label: String
        var cases: Int
        var bytesPerCase: Double
        var results: [BenchReader: Throughput]
    }

    var rows: [Row]

    static func measure(_ corpus: Corpus, budget: Budget, progress: Bool) throws -> ThroughputTable {
        var rows: [Row] = []
        for input in try Inputs.rows(corpus) {
            var row = Row(key: input.key, label: input.label, cases: input.prepared.cases.count,
                          bytesPerCase: Double(input.prepared.blobBytes) / Double(input.prepared.cases.count), results: [:])
            if progress { log("throughput \(input.label)") }
            row.results = Throughput.measure(input.prepared, BenchReader.table, budget: budget)
            rows.append(row)
        }
        return ThroughputTable(rows: rows)
    }

    /// Swift's median cases/s over `reader`'s.
    func ratio(_ row: Row, over reader: BenchReader) -> Double? {
        guard let swift = row.results[.swift], let other = row.results[reader] else { return nil }
        return swift.casesPerSecond.median / other.casesPerSecond.median
    }

    var text: String {
        var lines: [[String]] = [["input", "reader", "cases/s", "(min–max)", "ns/case", "MB/s", "Swift ×"]]
        for row in rows {
            for reader in BenchReader.table {
                guard let result = row.results[reader] else { continue }
                lines.append([row.label, reader.label, Format.count(result.casesPerSecond.median),
                              "(\(Format.count(result.casesPerSecond.min))–\(Format.count(result.casesPerSecond.max)))",
                              Format.count(result.nsPerCase.median), Format.decimal(result.megabytesPerSecond.median),
                              reader == .swift ? "" : Format.ratio(ratio(row, over: reader))])
            }
        }
        return Format.textTable(lines, rightAligned: [2, 4, 5, 6])
    }

    var markdown: String {
        var out = "| input | bytes/case | reader | cases/s (median) | min–max | ns/case | MB/s | Swift × |\n"
        out += "|---|---:|---|---:|---:|---:|---:|---:|\n"
        for row in rows {
            for reader in BenchReader.table {
                guard let result = row.results[reader] else { continue }
                out += "| \(row.label) | \(Format.count(row.bytesPerCase)) | \(reader.label) | "
                out += "\(Format.count(result.casesPerSecond.median)) | "
                out += "\(Format.count(result.casesPerSecond.min))–\(Format.count(result.casesPerSecond.max)) | "
                out += "\(Format.count(result.nsPerCase.median)) | \(Format.decimal(result.megabytesPerSecond.median)) | "
                out += (reader == .swift ? "—" : Format.ratio(ratio(row, over: reader))) + " |\n"
            }
        }
        return out
    }

    var ratiosMarkdown: String {
        var out = "| input | Swift ÷ C + conversion | Swift ÷ C alone | Swift ÷ JSONSerialization |\n|---|---:|---:|---:|\n"
        for row in rows {
            out += "| \(row.label) | \(Format.ratio(ratio(row, over: .c))) | \(Format.ratio(ratio(row, over: .cRaw))) | "
            out += "\(Format.ratio(ratio(row, over: .foundation))) |\n"
        }
        return out
    }
}

func log(_ message: String) {
    StandardStreams.err("bench: \(message)\n")
}

/// Number formatting for the tables.
enum Format {
    /// 3 significant digits at most, thousands as k/M: 312k, 4.21M, 87.3, 1.05.
    static func count(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        if magnitude >= 1e9 { return trimmed(value / 1e9) + "G" }
        if magnitude >= 1e6 { return trimmed(value / 1e6) + "M" }
        if magnitude >= 1e4 { return trimmed(value / 1e3) + "k" }
        if magnitude >= 100 { return String(Int(value.rounded())) }
        return trimmed(value)
    }

    static func trimmed(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    static func decimal(_ value: Double) -> String { value.isFinite ? trimmed(value) : "—" }

    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        return trimmed(value) + "×"
    }

    static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value >= 1 { return String(format: "%.2f s", value) }
        return String(format: "%.1f ms", value * 1e3)
    }

    static func bytes(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value >= 1_073_741_824 { return String(format: "%.2f GiB", value / Double(1 << 30)) }
        if value >= 1_048_576 { return String(format: "%.1f MiB", value / Double(1 << 20)) }
        if value >= 1024 { return String(format: "%.1f KiB", value / Double(1 << 10)) }
        return "\(Int(value)) B"
    }

    static func textTable(_ lines: [[String]], rightAligned: Set<Int>) -> String {
        let columns = lines.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return lines.map { line in
            line.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return rightAligned.contains(index) ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
