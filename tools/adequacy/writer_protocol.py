"""Protocol probes of the writer end (CONTRACT §7.3) for its generated mutants: what golden/states cannot
hold. golden/states may hold only valid states (the gate wants a blob for each), and they fit in one read
of stdin, so a mutant that changes how the writer end refuses a malformed line, counts lines, reads a
line split across two reads, ends after a closed stdout or keeps its zone survives the gate. Each probe
runs the writer end (the schemata copy, one mutant on) on input made from golden/states and compares
what it does with what the copy does with no mutant on:

  malformed   one line per refusal the writer end makes (an unknown or missing key, a duplicate task or
              project id, an unknown zone, a zone in the wrong letter case, a bad state id, an unknown
              revision, a note that is no text, a list element that is no text or no object, a field of
              another kind, a line that is no JSON or no object), blank and CRLF lines between them:
              every output line, so each crash line's id, line number (stdin:N) and field
  chunked     the same input sent in pieces (the first exactly one line, one splitting a line, one a
              UTF-8 sequence), a pause between them, the last line without a newline: its lines
  closed      a long input whose reader closes stdout after the first line: the exit status (141)
  full        stdout a full device (/dev/full: ENOSPC, not EPIPE): the exit status (1)
  zone        the writer started with TZ set to the zone of its second state, the first state in
              another zone: both blobs (the zone it remembers is the one it set)

A probe is one verdict more for a mutant the gate lets through, not a new rule for writers: the
writer end's answers with no mutant on are the expected ones, each checked against §7.3's form
(one line per non-blank line, a crash line `{"id","crash"}` naming stdin:N for a malformed one)."""

import copy
import json
import os
import subprocess
import threading
import time

ZONE_WRONG_CASE = "europe/berlin"


def base_states(repo):
    """Two valid states of golden/states: one with two tasks or more and a project (the one the malformed
    lines are made from), and the first one in another zone than it (the zone probe)."""
    directory = os.path.join(repo, "golden", "states")
    states = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".jsonl"):
            with open(os.path.join(directory, name), encoding="utf-8") as handle:
                states += [json.loads(line) for line in handle if line.strip()]
    rich = next(s for s in states if len(s["tasks"]) >= 2 and len(s["projects"]) >= 1)
    other = next(s for s in states if s["timeZone"] != rich["timeZone"])
    return rich, other


def unknown_revision():
    """The first writer revision without a writer schema file (schemas/widget-snapshot.v1.r<N>.schema.json,
    as the gate looks them up): one the writer end refuses."""
    schemas = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "schemas")
    revision = 2
    while os.path.exists(os.path.join(schemas, f"widget-snapshot.v1.r{revision}.schema.json")):
        revision += 1
    return revision


def malformed_lines(rich):
    """(name, line) of each refusal, from a valid state; valid lines among them."""
    def changed(edit):
        state = copy.deepcopy(rich)
        edit(state)
        return json.dumps(state, ensure_ascii=False)

    def set_key(key, value):
        return lambda s: s.__setitem__(key, value)

    def task(index, key, value):
        return lambda s: s["tasks"][index].__setitem__(key, value)

    def project_twice(s):
        s["projects"].append(copy.deepcopy(s["projects"][0]))

    def near_ids(ids, primary):
        # valid: ids that differ only in white space, letter case or normal form are different ids,
        # and a theme colour is text as given (the readers match by code points)
        def edit(s):
            s["tasks"] = [dict(copy.deepcopy(s["tasks"][0]), id=i) for i in ids]
            s["todayTaskIds"] = list(ids)
            s["projects"][0]["primary"] = primary
        return edit

    return [
        ("valid", json.dumps(rich, ensure_ascii=False)),
        ("unknown-key", changed(set_key("extra", 1))),
        ("missing-key", changed(lambda s: s.pop("todayStr"))),
        ("duplicate-task-id", changed(task(1, "id", rich["tasks"][0]["id"]))),
        ("duplicate-project-id", changed(project_twice)),
        # the crash line quotes the repeated id as given: spaces, upper case, a precomposed letter
        ("duplicate-task-id-as-given", changed(near_ids([" \u00c9t1 ", " \u00c9t1 "], "#ffaa00"))),
        ("unknown-zone", changed(set_key("timeZone", "Mars/Olympus_Mons"))),
        ("zone-letter-case", changed(set_key("timeZone", ZONE_WRONG_CASE))),
        ("bad-state-id", changed(set_key("id", "Bad/ID"))),
        ("unknown-revision", changed(set_key("revision", unknown_revision()))),
        ("note-not-text", changed(set_key("note", 5))),
        ("today-id-not-text", changed(set_key("todayTaskIds", ["t1", 7]))),
        ("today-first-id-not-text", changed(set_key("todayTaskIds", [7, "t1"]))),
        ("valid-near-ids-space", changed(near_ids([" t1 ", "t1"], " #ffaa00 "))),
        ("valid-near-ids-case-nfd", changed(near_ids(["T1", "t1", "\u00e9", "e\u0301"], "Caf\u00e9"))),
        # the same ids the other way round: a duplicate check that edits only the id it looks up
        # (or only the one it remembers) finds one of the two orders
        ("valid-near-ids-space-reversed", changed(near_ids(["t1", " t1 "], "#ffaa00"))),
        ("valid-near-ids-case-nfd-reversed", changed(near_ids(["t1", "T1", "e\u0301", "\u00e9"], "Cafe\u0301"))),
        ("task-field-kind", changed(task(1, "isDone", "yes"))),
        ("task-unknown-field", changed(task(1, "colour", "red"))),
        ("task-not-object", changed(lambda s: s["tasks"].__setitem__(1, 7))),
        ("not-json", "{not json"),
        ("not-object", "[]"),
        ("valid-again", json.dumps(rich, ensure_ascii=False)),
    ]


def malformed_input(rich):
    """The malformed lines with a blank line, a line of spaces and tabs and a CRLF ending among them."""
    out = []
    for k, (_, line) in enumerate(malformed_lines(rich)):
        out.append(line + ("\r\n" if k % 4 == 1 else "\n"))
        if k % 5 == 2:
            out.append(" \t\n" if k % 2 else "\n")
    return "".join(out).encode("utf-8")


def split_points(data):
    """Where the chunked probe cuts its input: after the first line, inside the first multi-byte
    UTF-8 sequence, and in the middle of the line after it."""
    first = data.index(b"\n") + 1
    multi = next(k for k, byte in enumerate(data) if byte >= 0xC0) + 1
    middle = data.index(b"\n", multi) + 1
    middle = middle + (data.index(b"\n", middle) - middle) // 2
    return sorted({first, multi, middle})


def run_writer(main_js, number, data, env=None, chunks=None, timeout=60):
    """(stdout, exit status) of the writer end with mutant `number` on, fed `data` at once, or cut at
    the offsets `chunks` with a pause after each piece (so each is its own read)."""
    full_env = dict(os.environ, WIDGETCONTRACT_MUTANT=str(number), **(env or {}))
    proc = subprocess.Popen(["node", main_js], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=full_env)
    try:
        if chunks:
            for start, end in zip([0] + chunks, chunks + [len(data)]):
                proc.stdin.write(data[start:end])
                proc.stdin.flush()
                time.sleep(0.15)
            proc.stdin.close()
            out = proc.stdout.read()
            proc.wait(timeout=timeout)
            return out, proc.returncode
        out, _ = proc.communicate(data, timeout=timeout)
        return out, proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return b"", "timed out"


def run_closed(main_js, number, data, timeout=60):
    """The writer end's exit status when its reader closes stdout after the first line."""
    full_env = dict(os.environ, WIDGETCONTRACT_MUTANT=str(number))
    proc = subprocess.Popen(["node", main_js], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=full_env)
    try:
        feeder = threading.Thread(target=lambda: _feed(proc, data), daemon=True)
        feeder.start()
        proc.stdout.readline()
        proc.stdout.close()
        proc.wait(timeout=timeout)
        return proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return "timed out"


def run_full(main_js, number, data, timeout=60):
    """The writer end's exit status when stdout is /dev/full (every write fails with ENOSPC)."""
    full_env = dict(os.environ, WIDGETCONTRACT_MUTANT=str(number))
    with open("/dev/full", "wb") as full:
        try:
            done = subprocess.run(["node", main_js], input=data, stdout=full, stderr=subprocess.DEVNULL,
                                  env=full_env, timeout=timeout)
            return done.returncode
        except subprocess.TimeoutExpired:
            return "timed out"


def _feed(proc, data):
    try:
        proc.stdin.write(data)
        proc.stdin.close()
    except (BrokenPipeError, OSError):
        pass


class Probes:
    """The probes' inputs and the answers of the copy with no mutant on."""

    def __init__(self, repo, main_js, states_path):
        rich, other = base_states(repo)
        self.main_js = main_js
        self.malformed = malformed_input(rich)
        self.unterminated = self.malformed[:-1]
        self.cuts = split_points(self.unterminated)
        with open(states_path, "rb") as handle:
            self.long = handle.read() * 20
        self.zone_input = (json.dumps(other, ensure_ascii=False) + "\n" + json.dumps(rich, ensure_ascii=False) + "\n").encode()
        self.zone_env = {"TZ": rich["timeZone"]}
        self.expected = self.answers(0)
        check_form(self.expected["malformed"][0], self.malformed, [n for n, _ in malformed_lines(rich)])

    def answers(self, number, stop_at_first=False, expected=None):
        out = {}
        steps = (("malformed", lambda: run_writer(self.main_js, number, self.malformed)),
                 ("chunked", lambda: run_writer(self.main_js, number, self.unterminated, chunks=self.cuts)),
                 ("closed", lambda: run_closed(self.main_js, number, self.long)),
                 ("full", lambda: run_full(self.main_js, number, self.malformed)),
                 ("zone", lambda: run_writer(self.main_js, number, self.zone_input, env=self.zone_env)))
        for name, step in steps:
            out[name] = step()
            if stop_at_first and expected is not None and out[name] != expected[name]:
                break
        return out

    def verdict(self, number):
        """None when every probe answers as with no mutant on, else what differs (the first probe)."""
        got = self.answers(number, stop_at_first=True, expected=self.expected)
        for name in ("malformed", "chunked", "closed", "full", "zone"):
            if name in got and got[name] != self.expected[name]:
                return f"the writer protocol probe `{name}` answers otherwise ({describe(name, self.expected[name], got[name])})"
        return None


def describe(name, want, got):
    if name in ("closed", "full"):
        return f"exit {got}, not {want}"
    (want_out, want_code), (got_out, got_code) = want, got
    if got_code != want_code:
        return f"exit {got_code}, not {want_code}"
    want_lines, got_lines = want_out.decode("utf-8", "replace").split("\n"), got_out.decode("utf-8", "replace").split("\n")
    if len(want_lines) != len(got_lines):
        return f"{len(got_lines) - 1} lines, not {len(want_lines) - 1}"
    for k, (a, b) in enumerate(zip(want_lines, got_lines)):
        if a != b:
            return f"line {k + 1}: {b[:120]!r}, not {a[:120]!r}"
    return "the same lines"


def check_form(out, data, names):
    """The no-mutant answers to the malformed input have §7.3's form: one line per non-blank input line,
    a blob for a valid one, for every other a crash line naming its own line number."""
    inputs = data.decode("utf-8").split("\n")
    answers = out.decode("utf-8").split("\n")[:-1]
    numbered = [k + 1 for k, line in enumerate(inputs) if line.strip(" \t\r")]
    if len(numbered) != len(answers) or len(names) != len(answers):
        raise ValueError(f"writer protocol probe: {len(answers)} answers to {len(numbered)} lines")
    for number, name, answer in zip(numbered, names, answers):
        parsed = json.loads(answer)
        is_crash = isinstance(parsed, dict) and set(parsed) == {"id", "crash"}
        if name.startswith("valid") == is_crash:
            raise ValueError(f"writer protocol probe: stdin:{number} ({name}) got {answer[:160]}")
        if is_crash and f"stdin:{number}:" not in parsed["crash"]:
            raise ValueError(f"writer protocol probe: the crash line for stdin:{number} names another line: {answer[:160]}")
