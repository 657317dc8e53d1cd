// HarnessCorpus: what the cases are — fixtures, mutations, zone days, the corpus and the golden
// tree's storage (paths, view stores, golden lines, digests, atomic writes); it knows no reader,
// no verdict and no report. Depends on ContractModel, WidgetSnapshot and the C reference only.
