import ContractModel
import Foundation

// The libFuzzer target: every input is a blob, decoded by the Swift reader and the C
// reference; a disagreement on a compared field (or a crash, or an ASan report) aborts, so
// libFuzzer keeps the input as a crash artifact.
//
// Why no `main.swift`: built with `--sanitize=fuzzer`, libFuzzer supplies `main` and SwiftPM
// compiles this target with `-parse-as-library`. In an ordinary build SwiftPM instead links
// the executable with `main` aliased to `WidgetFuzz_main` (its entry-point renaming), which
// `replayMain` below provides: the same binary then replays saved inputs without libFuzzer.
// (The target has more than one file on purpose: a single-file executable target would be
// compiled as a script, and a `@main` type would clash with libFuzzer's `main`.)

/// libFuzzer's entry point: one input, both readers, abort on disagreement.
@_cdecl("LLVMFuzzerTestOneInput")
public func widgetFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let blob = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let report = ReaderPair.disagreement(blob: blob, settings: FuzzSettings(blob)) {
        BrokenPipe.write(Array(("WidgetFuzz: the Swift and C readers disagree\n" + report).utf8), to: 2)
        abort()
    }
    return 0
}

/// The ordinary (non-fuzzer) build's `main`: `WidgetFuzz FILE…` decodes each file as a blob
/// and says whether the readers agree; exit 1 when any input makes them differ.
@_cdecl("WidgetFuzz_main")
public func widgetFuzzReplayMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let paths = (1..<Int(argc)).compactMap { argv?[$0].map { String(cString: $0) } }
    guard !paths.isEmpty else {
        print("usage: WidgetFuzz FILE...   (replays libFuzzer inputs; scripts/fuzz-libfuzzer runs the fuzzer)")
        return 2
    }
    var differing = 0
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("cannot read \(path)")
            return 2
        }
        let blob = [UInt8](data)
        if let report = ReaderPair.disagreement(blob: blob, settings: FuzzSettings(blob)) {
            differing += 1
            print("DIFFER \(path)\n\(report)")
        } else {
            print("agree  \(path)")
        }
    }
    return differing == 0 ? 0 : 1
}
