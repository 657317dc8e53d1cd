import HarnessCorpus
import HarnessReaders

/// The writer, as `fuzz states` drives it: app-state lines in, one answer per line, in
/// order, the process kept running across batches. The run asks only this, so a test can
/// hand it a writer in this process; the real one is writergate's `WriterSession` (the one
/// process runner, `HarnessReaders/Writer`).
package protocol WriterEnd: AnyObject {
    var command: String { get }
    func write(_ lines: [[UInt8]]) -> [WriterAnswer]
    func close()
}

extension WriterSession: WriterEnd {}
