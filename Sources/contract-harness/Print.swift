import HarnessReaders

/// The command line's `print`: it shadows the standard library's in this module, so every
/// line the CLI prints goes through `StandardStreams` (write(2); a reader that went away ends
/// the command as SIGPIPE would, exit 141) instead of stdio, which drops the text silently.
func print(_ text: String, terminator: String = "\n") {
    StandardStreams.out(text + terminator)
}
