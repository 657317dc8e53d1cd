import ContractHarness
import WidgetSnapshot

/// The parse step alone, as the reader has it (`JSONParser().parse`) and as the proposed
/// `PrototypeScanner` would do it; plus a check that the prototype gives the very same values
/// (and the same accept/reject) on every blob of the corpus.
struct ParseExperiment {
    struct Row {
        var label: String
        var blobBytes: Int
        var original: Throughput
        var prototype: Throughput
    }

    var rows: [Row]
    var identical: Int
    var total: Int

    static func measure(_ corpus: Corpus, budget: Budget) throws -> ParseExperiment {
        var identical = 0
        for item in corpus.cases {
            let original = try? JSONParser().parse(item.blob)
            let prototype = try? PrototypeScanner.parse(item.blob)
            if original == prototype { identical += 1 }
        }
        guard let tenThousand = corpus.cases.first(where: { $0.id.hasPrefix("canonical/size.many-tasks@") }) else {
            throw BenchError("the corpus has no canonical/size.many-tasks case")
        }
        let singles = try Inputs.rows(corpus).filter { $0.key != "d" }.map { ($0.label, $0.prepared.cases[0]) }
            + [("size.many-tasks, 10 000 tasks", tenThousand)]
        var rows: [Row] = []
        for (label, item) in singles {
            log("parse experiment: \(label)")
            let prepared = PreparedCases([item])
            let results = Throughput.measure(prepared, [.swiftParse, .prototypeParse], budget: budget)
            rows.append(Row(label: label, blobBytes: item.blob.count, original: results[.swiftParse]!,
                            prototype: results[.prototypeParse]!))
        }
        return ParseExperiment(rows: rows, identical: identical, total: corpus.cases.count)
    }

    var lines: [[String]] {
        var lines = [["input", "blob", "JSONParser.parse ns", "prototype ns", "speed-up"]]
        for row in rows {
            lines.append([row.label, Format.bytes(Double(row.blobBytes)), Format.count(row.original.nsPerCase.median),
                          Format.count(row.prototype.nsPerCase.median),
                          Format.ratio(row.original.nsPerCase.median / row.prototype.nsPerCase.median)])
        }
        return lines
    }

    var text: String {
        Format.textTable(lines, rightAligned: [1, 2, 3, 4]) + "\nprototype parses \(identical) of \(total) corpus blobs to the identical value (or rejects both)"
    }

    var markdown: String {
        var out = "| input | blob | `JSONParser.parse` ns (median) | prototype ns (median) | speed-up |\n|---|---:|---:|---:|---:|\n"
        for line in lines.dropFirst() { out += "| " + line.joined(separator: " | ") + " |\n" }
        out += "\nThe prototype gives the identical `JSONValue` (or rejects the blob too) on \(identical) of \(total) corpus blobs.\n"
        return out
    }
}
