import HarnessReaders

/// WidgetBench's `print`: it shadows the standard library's in this module, so every line
/// goes through `StandardStreams` (write(2); a reader that went away ends the run as SIGPIPE
/// would, exit 141, with the children being measured ended first), never `FileHandle`.
func print(_ text: String, terminator: String = "\n") {
    StandardStreams.out(text + terminator)
}
