// HarnessGate: what the readers' views mean — comparison against golden views (and `compare`),
// divergence lists held to the declared departures' predicates, verdicts, the gate (check,
// update, refresh), golden diffs and every report format.
// Depends on HarnessReaders and HarnessCorpus; nothing in them may use it.
