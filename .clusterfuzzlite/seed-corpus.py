#!/usr/bin/env python3
"""Writes the libFuzzer seed corpus: each golden fixture's blob as JSON.stringify writes it
(compact, keys in file order, non-ASCII raw), and each saved finding's shrunk blob.

    seed-corpus.py REPO_ROOT OUT_DIR
"""
import base64
import json
import pathlib
import sys

root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
count = 0
for path in sorted((root / "golden" / "fixtures").glob("*.json")):
    blob = json.loads(path.read_text(encoding="utf-8"))["blob"]
    text = json.dumps(blob, ensure_ascii=False, separators=(",", ":"))
    (out / f"fixture-{path.stem}").write_bytes(text.encode("utf-8"))
    count += 1
for path in sorted((root / "golden" / "findings").glob("*.json")):
    case = json.loads(path.read_text(encoding="utf-8"))["case"]
    data = base64.b64decode(case["blobBase64"]) if "blobBase64" in case else case["blob"].encode("utf-8", "surrogatepass")
    (out / f"finding-{path.stem}").write_bytes(data)
    count += 1
print(f"{count} seeds in {out}", file=sys.stderr)
