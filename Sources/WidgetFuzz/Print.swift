import ContractModel

/// WidgetFuzz's `print`: it shadows the standard library's in this module, so every line goes
/// through write(2) (`BrokenPipe`): `WidgetFuzz FILE… | head -c 1` ends it as SIGPIPE would
/// (exit 141) instead of stdio dropping the text, or `FileHandle` trapping.
func print(_ text: String, terminator: String = "\n") {
    BrokenPipe.write(Array((text + terminator).utf8), to: 1)
}
