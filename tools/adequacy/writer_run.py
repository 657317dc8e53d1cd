"""The writer end's generated mutants (ends/writer/src, TypeScript): does the gate notice a one-edit
bug in the writer?

All mutants are compiled into one copy of the writer end behind a switch (mutant schemata,
schemata.py: `__m(n)`, the number from WIDGETCONTRACT_MUTANT), with tsc once; a mutant near a type error
is type-checked alone, as its plain edit, and one that fails so "does not compile" (build()), so each
one run is a writer a pull request could land. Lint-only options (unused locals and parameters, implicit returns) are off for the copy: a
deleted statement that leaves a local unused is still a behaviour the corpus should see.

Per mutant: the writer end writes every state of golden/states (one process, the states in file order).
Blobs byte-identical to the unmutated writer's: survived, the states never show the edit. Otherwise the
gate judges the mutated writer as it judges any writer (`contract-harness check --writer CMD`: each
changed blob live, against its writer schema, the intent checks and every reader): exit 1 or 2 (a
crash line, a writer that cannot run) = killed; exit 0 = survived, its blobs change and the gate
accepts them. What the gate lets through then meets the protocol probes (writer_protocol.py: malformed
lines, a line split across reads, a closed stdout, the zone it starts in), which golden/states cannot
hold: answering any otherwise than the copy with no mutant on = killed. A survivor then gets a lead:
`fuzz states` with the mutated writer, whose first finding (shrunk over the state) is the state
golden/states should gain."""

import json
import os
import re
import shutil
import time

import generated
import mutants
import procs
import schemata
import sites
import writer_protocol

WRITER_DIR = os.path.join("ends", "writer")
TSC_ERROR = re.compile(r"^(src/[^(\n]+\.ts)\((\d+),(\d+)\): error (.*)$", re.M)
LINT_OFF = ["--noUnusedLocals", "false", "--noUnusedParameters", "false", "--noImplicitReturns", "false"]
FUZZ_STATES = 1500


class WriterRunError(Exception):
    """The unmutated copy cannot be built or run: no verdict would mean anything."""


def state_input(repo, work):
    """Every golden/states file's lines, in file order, as one stdin for the writer end."""
    directory = os.path.join(repo, "golden", "states")
    path = os.path.join(work, "states.jsonl")
    with open(path, "wb") as out:
        for name in sorted(os.listdir(directory)):
            if name.endswith(".jsonl"):
                with open(os.path.join(directory, name), "rb") as handle:
                    for line in handle.read().split(b"\n"):
                        if line.strip():
                            out.write(line.rstrip(b"\r") + b"\n")
    return path


def copy_writer(repo, work, replaced):
    """work/src = the writer end's sources, `replaced` ({relative file: text}) in place of theirs, and a
    tsconfig writing to work/out; {real path: text} of the copy."""
    src = os.path.join(repo, WRITER_DIR, "src")
    copy = os.path.join(work, "src")
    shutil.rmtree(copy, ignore_errors=True)
    os.makedirs(copy)
    texts = {}
    for name in sorted(os.listdir(src)):
        rel = os.path.join(WRITER_DIR, "src", name)
        if rel in replaced:
            text = replaced[rel]
        else:
            with open(os.path.join(src, name), encoding="utf-8") as handle:
                text = handle.read()
        with open(os.path.join(copy, name), "w", encoding="utf-8") as handle:
            handle.write(text)
        texts[os.path.realpath(os.path.join(copy, name))] = text
    with open(os.path.join(repo, WRITER_DIR, "tsconfig.json"), encoding="utf-8") as handle:
        config = json.load(handle)
    config["compilerOptions"]["outDir"] = "out"
    with open(os.path.join(work, "tsconfig.json"), "w", encoding="utf-8") as handle:
        json.dump(config, handle)
    return texts


def alone(repo, m):
    """The text of m's file with m's edit made plainly (no switch): what a pull request would hold."""
    with open(os.path.join(repo, m.file), "rb") as handle:
        source = handle.read()
    plain = lambda n: source[n.start_byte:n.end_byte].decode("utf-8")  # noqa: E731
    edit = m.variant(plain).replace("{n}", str(m.number))
    text = (source[:m.start] + edit.encode("utf-8") + source[m.end:]).decode("utf-8")
    return text + schemata.TYPESCRIPT_HELPER if m.runtime else text    # a data-shape edit calls its helper


def type_checks_alone(repo, m, work):
    """None when the writer end with m's edit alone type-checks, else tsc's first error."""
    copy_writer(repo, work, {m.file: alone(repo, m)})
    made = procs.run(["tsc", "-p", "tsconfig.json", "--noEmit"] + LINT_OFF, cwd=work, timeout=600)
    if made.code == 0:
        return None
    first = TSC_ERROR.search(made.stdout + made.stderr)
    return first.group(4)[:120] if first else (made.stdout + made.stderr).strip()[:120]


class AloneCache:
    """Type-check verdicts of mutants alone, by mutant id, valid for one version of the writer's
    sources and tsc (a rerun after a corpus change type-checks nothing again)."""

    def __init__(self, path, repo):
        import hashlib
        digest = hashlib.sha256()
        src = os.path.join(repo, WRITER_DIR, "src")
        for name in sorted(os.listdir(src)) + ["../tsconfig.json"]:
            with open(os.path.join(src, name), "rb") as handle:
                digest.update(name.encode() + b"\0" + handle.read())
        digest.update(procs.run(["tsc", "--version"], timeout=60).stdout.encode())
        self.key, self.path, self.verdicts = digest.hexdigest(), path, {}
        try:
            with open(path, encoding="utf-8") as handle:
                stored = json.load(handle)
            if stored.get("key") == self.key:
                self.verdicts = stored["verdicts"]
        except (OSError, ValueError, KeyError):
            pass

    def has(self, mutant_id):
        return mutant_id in self.verdicts

    def get(self, mutant_id):
        return self.verdicts[mutant_id]

    def put(self, mutant_id, verdict):
        self.verdicts[mutant_id] = verdict
        return verdict

    def save(self):
        generated_tmp = self.path + ".tmp"
        with open(generated_tmp, "w", encoding="utf-8") as handle:
            json.dump({"key": self.key, "verdicts": self.verdicts}, handle)
        os.replace(generated_tmp, self.path)


def build(repo, chosen, work, log, rounds=20):
    """The schemata copy compiled: (main.js, the mutants that compile, {id: "does not compile …"}).

    tsc writes JavaScript even where it reports type errors, and the switches themselves cause some:
    `if (__m(3) ? (a === undefined) : (a !== undefined)) use(a)` no longer narrows `a`, whichever
    mutant is on. So a type error only names suspects: each one is type-checked alone, as its plain
    edit, and only those that fail so are taken out, and the copy compiled again without them. A
    syntax error (TS1xxx) takes its mutants out and the copy is compiled again."""
    live, dropped = list(chosen), {}
    for _ in range(rounds):
        texts = copy_writer(repo, work, generated.render_files(repo, live))
        shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
        made = procs.run(["tsc", "-p", "tsconfig.json"] + LINT_OFF, cwd=work, timeout=600)
        output = made.stdout + made.stderr
        syntax = "\n".join(l for l in output.split("\n") if re.search(r"\): error TS1\d{3}:", l))
        if syntax:
            bad = generated.failing_numbers(syntax, work, texts, lambda _path: "typescript", error_line=TSC_ERROR)
            if not bad:
                raise WriterRunError("tsc: a syntax error in the writer's schemata copy at no switch:\n" + syntax[-3000:])
            live = generated.drop_failing(live, bad, dropped)
            continue
        main_js = os.path.join(work, "out", "main.js")
        if not os.path.exists(main_js):
            raise WriterRunError("tsc wrote no main.js for the writer's schemata copy:\n" + output[-3000:])
        suspects = generated.failing_numbers(output, work, texts, lambda _path: "typescript", error_line=TSC_ERROR)
        if suspects:
            log(f"writer schemata: {len(suspects)} mutants near a type error; type-checking each alone")
        checking = os.path.join(os.path.dirname(work), "writer-alone")
        os.makedirs(checking, exist_ok=True)
        cache = AloneCache(os.path.join(checking, "verdicts.json"), repo)
        taken_out = False
        for m in [m for m in live if m.number in suspects]:
            why = cache.get(m.id) if cache.has(m.id) else cache.put(m.id, type_checks_alone(repo, m, checking))
            if why is not None:
                dropped[m.id] = f"does not compile (tsc: {why})"
                taken_out = True
        cache.save()
        live = [m for m in live if m.id not in dropped]
        if taken_out:
            # Compiled again without them: tsc's JavaScript for a refused edit can break the copy
            # with no mutant on (a `super` call behind a switch runs after a parameter property).
            continue
        return main_js, live, dropped
    raise WriterRunError(f"the writer's schemata copy still had syntax errors after {rounds} rounds")


def write_blobs(main_js, states, number, timeout):
    """The writer end's output for every state, mutant `number` on (0: none): (lines, timed out, code)."""
    env = dict(os.environ, WIDGETCONTRACT_MUTANT=str(number))
    got = procs.run(["node", main_js], env=env, stdin_path=states, timeout=timeout)
    return got.stdout.split("\n"), got.timed_out, got.code


def first_changed_state(base, got):
    """The id of the first state whose output line changed (its crash line's or blob's)."""
    for k, (a, b) in enumerate(zip(base, got)):
        if a != b:
            return k
    return min(len(base), len(got))


def judge(harness, repo, main_js, number, timeout):
    """`check --writer` with the mutated writer: (killed?, why, seconds)."""
    command = f"env WIDGETCONTRACT_MUTANT={number} node {main_js}"
    got = procs.run([harness, "check", "--root", repo, "--writer", command], cwd=repo, timeout=timeout)
    if got.timed_out:
        return True, "the gate timed out on the mutated writer", got.seconds
    if got.code == 0:
        return False, "its blobs change and the gate accepts them", got.seconds
    lines = [l.strip() for l in (got.stdout + "\n" + got.stderr).split("\n") if l.strip()]
    telling = next((l for l in lines if l.startswith("FAIL") and len(l) > 4), lines[-1] if lines else "")
    return True, f"the gate fails (exit {got.code}): {telling[:180]}", got.seconds


def lead(harness, repo, main_js, number, timeout):
    """`fuzz states` with the mutated writer: its first finding (what, and the state), or None."""
    command = f"env WIDGETCONTRACT_MUTANT={number} node {main_js}"
    got = procs.run([harness, "fuzz", "--writer", "--seed", "1", "--cases", str(FUZZ_STATES), "--root", repo,
                     "--writer-command", command, "--no-save", "--max-findings", "1"], cwd=repo, timeout=timeout)
    if got.code != 1:
        return None
    lines = [l.strip() for l in got.stdout.split("\n")]
    for k, line in enumerate(lines):
        if line.startswith("finding #"):
            state = lines[k + 1] if k + 1 < len(lines) and lines[k + 1].startswith("state:") else ""
            return re.sub(r" \(\d+ candidates, not saved\)", "", line.split(" ", 2)[-1]) + (f"; {state}" if state else "")
    return "a finding (the writer or a reader broke)"


def state_id(line):
    try:
        return str(json.loads(line).get("id", ""))
    except (ValueError, AttributeError):
        return ""


def run(repo, chosen, log, equivalents, timeout=60):
    """Every chosen writer mutant: result rows as generated.run_reader writes them."""
    t0 = time.monotonic()
    work = os.path.join(repo, ".build", "adequacy", "writer")
    os.makedirs(work, exist_ok=True)
    try:
        harness = mutants.comparing_harness(repo)[0]
    except mutants.MutantError as error:
        raise WriterRunError(str(error)) from error
    states = state_input(repo, work)
    with open(states, encoding="utf-8") as handle:
        state_lines = [l for l in handle.read().split("\n") if l]
    main_js, live, dropped = build(repo, chosen, work, log)
    base, timed_out, code = write_blobs(main_js, states, 0, timeout)
    if timed_out or code != 0:
        raise WriterRunError(f"the writer's schemata copy with no mutant on did not run (exit {code})")
    plain = os.path.join(repo, ".build", "adequacy", "writer-plain")
    shutil.rmtree(plain, ignore_errors=True)
    made = procs.run(["tsc", "-p", os.path.join(repo, WRITER_DIR, "tsconfig.json"), "--outDir", plain], cwd=repo,
                     timeout=600)
    if made.code == 0:
        want, _, _ = write_blobs(os.path.join(plain, "main.js"), states, 0, timeout)
        if want != base:
            raise WriterRunError("the writer's schemata copy with no mutant on writes other blobs than the writer end")
    killed, why, _ = judge(harness, repo, main_js, 0, timeout * 10)
    if killed:      # a stale harness, a tree the gate refuses: every verdict would be "killed"
        raise WriterRunError(f"the gate fails with the unmutated schemata copy ({harness}): {why}")
    try:
        probes = writer_protocol.Probes(repo, main_js, states)
    except (ValueError, StopIteration) as error:
        raise WriterRunError(f"the writer protocol probes with no mutant on: {error}") from error
    log(f"writer: {len(live)} mutants compile ({len(dropped)} do not); build {time.monotonic() - t0:.0f} s")
    rows = []
    for m in chosen:
        row = {"id": m.id, "reader": m.reader, "file": m.file, "line": m.line, "class": m.op_class,
               "operator": m.operator, "what": m.what, "function": m.function, "seconds": 0.0}
        if m.id in dropped:
            row.update(status="does not compile", detail=dropped[m.id])
            rows.append(row)
            continue
        start = time.monotonic()
        got, timed_out, code = write_blobs(main_js, states, m.number, timeout)
        if timed_out:
            row.update(status="killed", detail=f"the writer timed out ({timeout} s)")
        elif got == base:
            row.update(status="survived", detail="no state's blob changes")
        else:
            k = first_changed_state(base, got)
            killed, why, _ = judge(harness, repo, main_js, m.number, timeout * 10)
            row.update(status="killed" if killed else "survived", detail=why)
            if k < len(state_lines):
                row["nearestCase"] = "state " + state_id(state_lines[k])
        row["family"] = "writer"
        if row["status"] == "survived":
            probed = probes.verdict(m.number)
            if probed:
                row.update(status="killed", detail=probed)
        if row["status"] == "survived":
            found = lead(harness, repo, main_js, m.number, timeout * 10)
            if found:
                row["lead"] = f"fuzz states --seed 1 --cases {FUZZ_STATES} finds it: {found[:300]}"
        row["seconds"] = round(time.monotonic() - start, 3)
        if m.id in equivalents:
            row["equivalent"] = equivalents[m.id]
            row["status"] = "equivalent" if row["status"] == "survived" else row["status"] + " (declared equivalent)"
        rows.append(row)
        log(f"    {m.id:<58} {row['status'].upper():<9} {row['seconds']:5.2f} s  {row.get('lead') or row['detail'][:60]}")
    return rows
