#!/usr/bin/env python3
"""writer-blobs.py CASES OUT: cuts the writer's exact text for each writerValid fixture of
golden/fixtures (its `base` case's blob, the first in the case stream CASES) out as a document
of its own: OUT/base-case-blob/<fixture>.json (all of them, for the writer end's byte-for-byte
check, ends/writer/check-states.py) and OUT/r<revision>/<fixture>.json (for the revision's
blob schema). Prints how many; exit 1 when a writerValid fixture has no base case.
"""
import glob
import json
import os
import sys

cases, out = sys.argv[1], sys.argv[2]
revision = {}
for path in sorted(glob.glob("golden/fixtures/*.json")):
    fixture = json.load(open(path, encoding="utf-8"))
    if fixture.get("writerValid") is True:
        revision[os.path.basename(path)[: -len(".json")]] = fixture.get("revision", 1)
missing = set(revision)
for line in open(cases, encoding="utf-8"):
    case = json.loads(line)
    fixture, _, rest = case["id"].partition("/")
    if fixture in missing and rest.startswith("base@"):
        missing.discard(fixture)
        for folder in ("base-case-blob", f"r{revision[fixture]}"):
            os.makedirs(f"{out}/{folder}", exist_ok=True)
            with open(f"{out}/{folder}/{fixture}.json", "w", encoding="utf-8") as f:
                f.write(case["blob"])
for name in sorted(missing):
    print(f"  fixture {name}: writerValid but no base case in the stream", file=sys.stderr)
print(f"  {len(revision) - len(missing)} writer blobs")
sys.exit(1 if missing else 0)
