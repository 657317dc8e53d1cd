// The worked example of Examples/README.md: an iOS team's own widget reader (a
// JSONSerialization port, Examples/FoundationWidgetReader) made a testee with the
// WidgetContractTestee kit, and run in the gate like any reader:
//   swift build --product ios-example-testee
//   contract-harness check --testee ios-example=.build/debug/ios-example-testee
// Its reviewed deviations are golden/divergences/ios-example.txt. The port trails Android: it
// implements contract revision 1 (today's rows, meta, stale, header), so revision 2's and 3's
// fields and questions are pending for it — `--testee ios-example@$(… --contract-revision)=…`
// declares what this line says, and declaring 2 fails until the port reads projects and doneOn.
// It also answers the display question (CONTRACT.md §9) the way the port paints; the answer to a
// case is FoundationReader.testeeView (Examples/FoundationWidgetReader/FoundationReader+Testee.swift).
import FoundationWidgetReader
import WidgetContractTestee

Testee.run(revision: 1, FoundationReader.testeeView)
