// HarnessFuzz: seeded fuzzing beside the gate — generating cases, judging disagreements under the
// declared departures, shrinking, saving and replaying findings, running and reporting a run.
// Depends on HarnessGate, HarnessReaders and HarnessCorpus; nothing else in the harness uses it.
