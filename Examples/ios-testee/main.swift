// The worked example of Examples/README.md: an iOS team's own widget reader (a
// JSONSerialization port, Examples/FoundationWidgetReader) made a testee with the
// WidgetContractTestee kit, and run in the gate like any reader:
//   swift build --product ios-example-testee
//   contract-harness check --testee ios-example=.build/debug/ios-example-testee
// Its reviewed deviations are golden/divergences/ios-example.txt. The port trails Android: it
// implements the app's default branch (the base feature: today's rows, meta, stale, header), so
// the other features' fields and questions are pending for it — `--testee ios-example@$(…
// --contract-features)=…` declares what this line says, and declaring `projects` fails until the
// port reads them.
// It also answers the display question (CONTRACT.md §9) the way the port paints; the answer to a
// case is FoundationReader.testeeView (Examples/FoundationWidgetReader/FoundationReader+Testee.swift).
import FoundationWidgetReader
import WidgetContractTestee

Testee.run(features: "default", FoundationReader.testeeView)
