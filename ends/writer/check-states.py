#!/usr/bin/env python3
"""Runs the writer end (.build/writer/main.js, built by scripts/build-writer) on every state of
golden/states and lays out what scripts/check-schemas validates (CONTRACT.md §7):

  OUT/state/<file>/<name>.json          each state, for schemas/app-state.schema.json
  OUT/blob-r<rev>/<file>/<name>.json    the blob of each state the app can hold (inApp)
  OUT/outside-r<rev>/<file>/<name>.json the blob of each state it cannot (informational)
  OUT/counts                            "states N", "blob-r1 N", ..., "lone N" (in blobs)

Lone surrogates (the writer writes them as \\udxxx, CONTRACT.md D1) are replaced by U+FFFD in
the copies: the schema check's regex engine (regress) takes UTF-8 only, and no schema constrains those strings.
It also checks, and exits 1 on any failure (each named by state id):
  - each state line gives one blob line, never a crash line; ids are <file>/<name> and unique;
  - with BASE (a folder of <fixture>.json, each the exact base-case blob text of a writerValid
    fixture): each is the writer's blob of state fixtures/<fixture>, byte for byte, and each
    fixtures/<name> state has one; a fixture listed in golden/states/fixture-findings.txt (with
    its reason) is shown instead, and must still differ;
  - the writer's zone is the state's: validUntil equals the app's expression run by a node
    started with TZ=<zone>, and the output does not change with the writer's own TZ or with
    the order of the states;
  - schemas/examples/app-state: each valid example gives a blob, each invalid one a crash line;
  - it answers each line before the next one arrives (a long-running line process);
  - Examples/writer-protocol writes the same blobs for every revision-1 state.
Usage: ends/writer/check-states.py OUT [BASE]   (from the repository root)
"""
import glob
import json
import os
import re
import select
import subprocess
import sys

WRITER = ["node", ".build/writer/main.js"]
FINDINGS = "golden/states/fixture-findings.txt"
LONE = re.compile("[\ud800-\udfff]")
STATE_ID = re.compile(r"^[a-z0-9-]+/[a-z0-9.-]+\Z")  # as schemas/app-state.schema.json; names files below OUT
out = sys.argv[1]
base_blobs = sys.argv[2] if len(sys.argv) > 2 else None
problems = 0
lone = 0


def problem(text):
    global problems
    print(f"  {text}", file=sys.stderr)
    problems += 1


def run_writer(lines, env_tz=None):
    env = dict(os.environ)
    if env_tz is not None:
        env["TZ"] = env_tz
    done = subprocess.run(WRITER, input="".join(line + "\n" for line in lines), capture_output=True,
                          text=True, encoding="utf-8", errors="surrogateescape", env=env)
    if done.returncode != 0:
        problem(f"the writer exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout.split("\n")[:-1]  # not splitlines(): U+2028 and U+2029 are raw in blobs


def sanitize(value, counts):
    if isinstance(value, str):
        fixed, count = LONE.subn("\ufffd", value)
        counts[0] += count
        return fixed
    if isinstance(value, list):
        return [sanitize(v, counts) for v in value]
    if isinstance(value, dict):
        return {sanitize(k, counts): sanitize(v, counts) for k, v in value.items()}
    return value


def save(folder, state_id, value):
    """Writes one document; returns how many lone surrogates it held."""
    path = os.path.join(out, folder, state_id + ".json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    counts = [0]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(sanitize(value, counts), f, ensure_ascii=False)
    return counts[0]


# The states, in file order.
states, lines, seen = [], [], set()
for path in sorted(glob.glob("golden/states/*.jsonl")):
    file = os.path.basename(path)[: -len(".jsonl")]
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.strip() == "":
            continue
        where = f"{path}:{number}"
        try:
            state = json.loads(line)
            state_id = state["id"]
        except (ValueError, KeyError, TypeError) as error:
            problem(f"{where}: not a state line ({error})")
            continue
        if not isinstance(state_id, str) or not STATE_ID.match(state_id) or not state_id.startswith(file + "/"):
            problem(f"{where}: id {state_id!r} is not {file}/<name> of [a-z0-9.-]")
            continue
        if state_id in seen:
            problem(f"{where}: id {state_id!r} given twice")
        seen.add(state_id)
        state["_where"] = where
        states.append(state)
        lines.append(line)

# Every state gives one blob.
blobs = run_writer(lines)
if len(blobs) != len(states):
    problem(f"{len(states)} states gave {len(blobs)} lines")
counts = {"states": len(states)}
for state, line in zip(states, blobs):
    where, state_id = state.pop("_where"), state["id"]
    save("state", state_id, state)
    blob = json.loads(line)
    if "crash" in blob:
        problem(f"{where}: state {state_id}: the writer gave a crash line: {blob['crash']}")
        continue
    folder = ("blob-r" if state.get("inApp") else "outside-r") + str(state.get("revision"))
    counts[folder] = counts.get(folder, 0) + 1
    lone += save(folder, state_id, blob)

# The writer's zone is the state's: compare with node's own Date in a process started in that zone.
ORACLE = ("const states = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
          "console.log(JSON.stringify(states.map(([day, offset]) => {"
          " const [y, m, d] = day.split('-').map(Number);"
          " return new Date(y, m - 1, d + 1).getTime() + offset; })));")
by_zone = {}
for state, line in zip(states, blobs):
    by_zone.setdefault(state["timeZone"], []).append((state, json.loads(line).get("validUntil")))
for zone, pairs in sorted(by_zone.items()):
    asked = json.dumps([[s["todayStr"], s["startOfNextDayDiffMs"]] for s, _ in pairs])
    done = subprocess.run(["node", "-e", ORACLE], input=asked, capture_output=True, text=True, env=dict(os.environ, TZ=zone))
    for (state, written), expected in zip(pairs, json.loads(done.stdout)):
        if written != expected:
            problem(f"state {state['id']}: validUntil {written}, but node in TZ={zone} gives {expected}")

# Nothing depends on the writer's own zone or on what it wrote before.
again = run_writer(list(reversed(lines)), env_tz="Pacific/Kiritimati")
if list(reversed(again)) != blobs:
    problem("the blobs change with the writer's TZ or with the order of the states")

# The writer end and schemas/app-state.schema.json agree on their examples.
examples = [(path, kind == "invalid") for kind in ("valid", "invalid")
            for path in sorted(glob.glob(f"schemas/examples/app-state/{kind}/*.json"))]
answers = run_writer([open(path, encoding="utf-8").read().strip() for path, _ in examples])
for (path, want_crash), answer in zip(examples, answers):
    if answer.startswith('{"id":') != want_crash:
        problem(f"{path}: the writer gives {answer[:120]}, but the schema calls it {'invalid' if want_crash else 'valid'}")
if len(answers) != len(examples):
    problem(f"{len(examples)} app-state examples gave {len(answers)} lines")

# A fixture that claims to be the writer's output (writerValid) is regenerated from its state
# fixtures/<name> and must match its base case's blob text byte for byte (BASE holds those
# texts, cut from the case stream by check-schemas); every fixtures/<name> state has one.
if base_blobs is not None:
    claimed = {os.path.basename(p)[: -len(".json")]: open(p, encoding="utf-8").read()
               for p in glob.glob(os.path.join(base_blobs, "*.json"))}
    written = {state["id"][len("fixtures/"):]: blob for state, blob in zip(states, blobs) if state["id"].startswith("fixtures/")}
    known = {}  # FINDINGS: "<fixture>  <reason>" per line; lines starting with # are comments
    for number, line in enumerate(open(FINDINGS, encoding="utf-8").read().split("\n"), 1):
        name, _, reason = ("" if line.lstrip().startswith("#") else line.strip()).partition(" ")
        if name and not reason.strip():
            problem(f"{FINDINGS}:{number}: {name} has no reason")
        elif name:
            known[name] = reason.strip()
    matching = 0
    for name in sorted(claimed.keys() | written.keys() | known.keys()):
        if name not in written:
            problem(f"golden/fixtures/{name}.json is writerValid, but golden/states/fixtures.jsonl has no state fixtures/{name}")
        elif name not in claimed:
            problem(f"state fixtures/{name} (or {FINDINGS}): golden/fixtures/{name}.json is not a writerValid fixture")
        elif written[name] == claimed[name]:
            matching += 1
            if name in known:
                problem(f"{FINDINGS}: {name} is listed, but its blob is now the writer's: remove the line")
        else:
            at = next((i for i, (a, b) in enumerate(zip(written[name], claimed[name])) if a != b), min(len(written[name]), len(claimed[name])))
            difference = (f"from character {at}, the fixture has {claimed[name][at:at + 60]!r}, "
                          f"the writer {written[name][at:at + 60]!r}")
            if name in known:
                print(f"  known writer finding, listed in {FINDINGS}: golden/fixtures/{name}.json: {difference}")
            else:
                problem(f"golden/fixtures/{name}.json is not what the writer writes for state fixtures/{name}: {difference}")
    counts["fixtures"] = matching

# The example app writer (Examples/writer-protocol, revision 1 only) writes what the writer end
# writes for every revision-1 state.
EXAMPLE = ["node", ".build/writer-example/Examples/writer-protocol/app-writer.js"]
revision_1 = [(state, line, blob) for state, line, blob in zip(states, lines, blobs) if state.get("revision") == 1]
example = subprocess.run(EXAMPLE, input="".join(line + "\n" for _, line, _ in revision_1), capture_output=True,
                         text=True, encoding="utf-8").stdout.split("\n")[:-1]
for (state, _, blob), answer in zip(revision_1, example + [None] * len(revision_1)):
    if answer != blob:
        at = next((i for i, (a, b) in enumerate(zip(answer or "", blob)) if a != b), min(len(answer or ""), len(blob)))
        problem(f"state {state['id']}: from character {at}, Examples/writer-protocol writes "
                f"{(answer or '(nothing)')[at:at + 60]!r}, the writer end {blob[at:at + 60]!r}")
        break

# It is a line process: each line is answered before the next one is written.
writer = subprocess.Popen(WRITER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
for line, blob in list(zip(lines, blobs))[:3]:
    writer.stdin.write(line + "\n")
    writer.stdin.flush()
    if not select.select([writer.stdout], [], [], 10)[0]:
        problem("the writer did not answer a state line within 10 s while its stdin stayed open")
        break
    if writer.stdout.readline().rstrip("\n") != blob:
        problem("the writer answers differently one line at a time")
writer.kill()
writer.wait()

counts["lone"] = lone
with open(os.path.join(out, "counts"), "w") as f:
    for key, value in counts.items():
        f.write(f"{key} {value}\n")
sys.exit(1 if problems else 0)
