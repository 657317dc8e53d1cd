// HarnessReaders: who decodes a case — the reader roster, the `Reader` protocol, the Swift, C,
// recorded and external readers, the one process runner, and recording a testee into golden storage; it judges nothing.
// Depends on HarnessCorpus (and the model, the Swift reader, the C reference view) only.
