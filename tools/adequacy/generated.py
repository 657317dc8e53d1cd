"""Runs generated mutants (sites.py) through mutant schemata (schemata.py): ONE build of a scratch copy
of the package (.build/adequacy/schemata) with every selected Swift and C mutant compiled in, ONE kotlinc
run for the Kotlin end; then per mutant only the cases that reach it.

1. Trace: the case stream is cut into chunks; each chunk is decoded once with WIDGET_MUTANT unset and
   WIDGET_MUTANT_TRACE set, giving the baseline views (which must agree with the golden files exactly as
   the gate compares them) and which chunk reaches which site.
2. A mutant no case reaches survives at once ("no case reaches the site"); a data-shape mutant whose
   site never held a value of its type is "not applicable" (counted apart, never a survivor).
3. Otherwise the reader runs with WIDGET_MUTANT=N on the first chunk that reaches the site, then on the
   rest; each view that differs from the baseline is judged by `contract-harness tool compare` (the gate's own
   comparison, the reader's divergence list applied) against its golden line. Killed = compare says they
   differ, or the reader crashed or timed out.
4. A survivor's nearest case is the first case that reaches its site (the trace lines land in the views'
   file just before that case's view), and the family that should grow is that case's mutation family."""

import bisect
import json
import os
import re
import shutil
import subprocess
import time

import catalog
import mutants
import procs
import schemata
import sites
import worker

CHUNK = 100
SMALL_RUN = 300     # mutants of one reader up to which the cases run as one chunk
KEPT_OUT = sites.KEPT_OUT
SWIFT_HELPER_PATH = "Sources/WidgetSnapshot/AdequacySchemata.swift"
C_HELPER_PATH = "Sources/ReferenceDecoder/adequacy_schemata.c"


class GeneratedError(Exception):
    pass


# ---- selection --------------------------------------------------------------------------------

def changed_lines(repo, rev, files):
    """{file: set of new-side line numbers} changed between REV and the work tree. REV is a user
    value: verified as a commit first, and after `--end-of-options` wherever it reaches git."""
    if not rev or rev.startswith("-"):
        raise GeneratedError(f"--since {rev!r}: not a revision")
    known = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}"], cwd=repo,
                           capture_output=True, text=True)
    if known.returncode != 0:
        raise GeneratedError(f"--since {rev}: not a revision of this repository (git rev-parse --verify)")
    out = subprocess.run(["git", "diff", "-U0", "--no-color", "--end-of-options", rev, "--"] + files, cwd=repo,
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise GeneratedError(f"git diff {rev}: {out.stderr.strip()}")
    changed, current = {}, None
    for line in out.stdout.splitlines():
        if line.startswith("+++ "):
            path = line[4:]
            current = path[2:] if path.startswith("b/") else None
            if current:
                changed.setdefault(current, set())
        elif line.startswith("@@") and current:
            m = re.search(r"\+(\d+)(?:,(\d+))?", line)
            start, count = int(m.group(1)), int(m.group(2) or "1")
            changed[current].update(range(start, start + max(count, 1)))
    return changed


def select(repo, readers, since=None, only_ids=None, sample=None, seed=0):
    files = None
    if since:
        all_files = [f for r in readers for f in sites.reader_files(repo, r)]
        lines = changed_lines(repo, since, all_files)
        files = {f for f, ls in lines.items() if ls}
    found = sites.find_all(repo, readers, files)
    if since:
        found = [m for m in found if any(l in lines.get(m.file, ()) for l in range(m.line, m.last_line + 1))
                 and m.last_line - m.line < 8 or (m.line in lines.get(m.file, ()))]
    if only_ids:
        found = [m for m in found if m.id in only_ids or any(m.id.startswith(p) for p in only_ids)]
    if sample:
        import random
        rng = random.Random(seed)
        found = sorted(rng.sample(found, min(sample, len(found))), key=lambda m: (m.file, m.start))
    for n, m in enumerate(found, 1):
        m.number = n
    return found


def load_equivalents(path):
    """Reviewed equivalent mutants: id TAB reason (a reason of three words or more)."""
    out = {}
    if not os.path.exists(path):
        return out
    for number, parts in catalog.rows(path):
        if len(parts) != 2 or len(re.findall(r"\b\w\w+\b", parts[1])) < 3:
            raise GeneratedError(f"{os.path.basename(path)}:{number}: want `id<TAB>reason` with a reason of "
                                 "three words or more")
        out[parts[0].strip()] = parts[1].strip()
    return out


# ---- the schemata package -------------------------------------------------------------------

def render_files(repo, chosen):
    """{relative file: schemata text} for the files that carry chosen mutants."""
    by_file = {}
    for m in chosen:
        by_file.setdefault(m.file, []).append(m)
    out = {}
    for rel, ms in by_file.items():
        with open(os.path.join(repo, rel), "rb") as handle:
            source = handle.read()
        tree = sites.parse(sites.READERS[ms[0].reader][0], source)
        out[rel] = schemata.render(source, tree, ms, ms[0].lang)
    return out


def sync_package(repo, pkg, rendered):
    """pkg = the work tree's project files, the rendered ones replaced, plus the helpers; a file whose
    bytes are already right is left alone (its build products stay valid)."""
    return mutants.sync(repo, pkg, dict(rendered, **{SWIFT_HELPER_PATH: schemata.SWIFT_HELPER,
                                                    C_HELPER_PATH: schemata.C_HELPER}, **worker.package_files(repo)))


ERROR_LINE = re.compile(r"^([^:\n ]+\.(?:swift|c|h|kt)):(\d+):(\d+):\s*error:(.*)$", re.M)


def failing_numbers(output, pkg_or_dir, texts_by_path, lang_of, error_line=ERROR_LINE):
    """The mutant numbers a compiler's errors point at: the switch that starts last before the error's
    column (the innermost wrapper there), or every switch on the line when the error is about the whole
    expression; the nearest line above with a switch when the line has none."""
    bad = set()
    for m in error_line.finditer(output):
        path, line, column, message = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        text = texts_by_path.get(os.path.realpath(os.path.join(pkg_or_dir, path)))
        if text is None:
            continue
        lines = text.split("\n")
        lang = lang_of(path)
        pattern = re.compile(r"rd_mut\((\d+)\)" if lang == "c" else r"__m(?:def|text|rev|loop)?\((\d+)")
        for k in range(line - 1, max(-1, line - 40), -1):
            hits = [(h.start(), int(h.group(1))) for h in pattern.finditer(lines[k])] if k < len(lines) else []
            if not hits:
                continue
            if k != line - 1 or "reasonable time" in message or "compile-time constant" in message:
                bad.update(n for _, n in hits)
            else:
                before = [n for start, n in hits if start < column]
                bad.add(before[-1] if before else hits[0][1])
            break
    return bad


def drop_failing(live, bad, dropped):
    """The mutants of `live` whose numbers are not in `bad` (their code compiled); the others are
    marked "does not compile" in `dropped`."""
    for m in live:
        if m.number in bad:
            dropped[m.id] = "does not compile"
    return [m for m in live if m.number not in bad]


def build_config(count):
    """A large run's schemata are built optimised (its runs are what costs, and a release decode is ten
    times a debug one); a small run's (a pull request's) in debug, whose incremental build is quicker."""
    return "release" if count > SMALL_RUN else "debug"


def build_package(repo, pkg, chosen, log, rounds=60, config="debug"):
    """Builds the schemata package (contract-harness for the trace, the worker for the runs) in `config`;
    mutants whose code does not compile are dropped (returned)."""
    dropped = {}
    live = [m for m in chosen if m.lang in ("swift", "c")]
    # ids an earlier build of this package found not to compile (an id names its file, site and edit):
    # left out at once, so a rerun does not find them again one build at a time
    known_bad = pkg.rstrip("/") + "-does-not-compile.txt"
    if os.path.exists(known_bad):
        with open(known_bad, encoding="utf-8") as handle:
            earlier = {line.strip() for line in handle if line.strip()}
        for m in live:
            if m.id in earlier:
                dropped[m.id] = "does not compile (found by an earlier build)"
        live = [m for m in live if m.id not in earlier]
    for attempt in range(rounds):
        rendered = render_files(repo, live)
        changed = sync_package(repo, pkg, rendered)
        t = time.monotonic()
        built = procs.run(["nice", "-n", "5", "swift", "build", "-c", config, "--product", "contract-harness"], cwd=pkg,
                          timeout=3600)
        log(f"  schemata build {attempt + 1} ({config}): {len(live)} Swift/C mutants compiled in, {changed} files changed, "
            f"{time.monotonic() - t:.0f} s, exit {built.code}")
        if built.code == 0:
            t = time.monotonic()
            made = procs.run(["nice", "-n", "5", "swift", "build", "-c", config, "--product", worker.PRODUCT], cwd=pkg,
                             timeout=3600)
            log(f"  schemata worker build: {time.monotonic() - t:.0f} s, exit {made.code}")
            if made.code != 0:
                raise GeneratedError("the schemata worker does not build:\n" + (made.stdout + made.stderr)[-3000:])
            return dropped
        texts = {os.path.realpath(os.path.join(pkg, rel)): text for rel, text in rendered.items()}
        output = built.stdout + built.stderr
        bad = failing_numbers(output, pkg, texts, lambda p: "c" if p.endswith((".c", ".h")) else "swift")
        if not bad:
            raise GeneratedError("the schemata build fails outside any mutant:\n" + output[-3000:])
        live = drop_failing(live, bad, dropped)
        with open(known_bad, "a", encoding="utf-8") as handle:
            handle.write("".join(i + "\n" for i in dropped))
        log(f"    {len(bad)} mutants do not compile; dropped, rebuilding")
    raise GeneratedError("the schemata build kept failing")


def build_key(directory, cases):
    """A digest of the sources a schemata build was made of and of the case stream."""
    import hashlib
    digest = hashlib.sha1()
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in (".build", ".git", ".swiftpm"))
        for name in sorted(files):
            if name.endswith((".swift", ".c", ".h", ".kt")):
                with open(os.path.join(root, name), "rb") as handle:
                    digest.update(name.encode() + b"\0" + handle.read())
    digest.update("\n".join(cases).encode())
    return digest.hexdigest()


# ---- running ------------------------------------------------------------------------------------

def read_jsonl(path):
    with open(path, encoding="utf-8") as handle:
        return [line for line in handle.read().split("\n") if line.strip()]


def case_id(line):
    return json.loads(line).get("id", "")


def golden_lines(directory):
    out = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".jsonl"):
            for line in read_jsonl(os.path.join(directory, name)):
                out[case_id(line)] = line
    return out


def mutant_env(number=0, trace=None):
    """The environment a schemata reader runs in: this one's, with the switch (WIDGET_MUTANT, the mutant
    that is on) and the trace file (WIDGET_MUTANT_TRACE) set only as given."""
    env = {k: v for k, v in os.environ.items() if k not in ("WIDGET_MUTANT", "WIDGET_MUTANT_TRACE")}
    if number:
        env["WIDGET_MUTANT"] = str(number)
    if trace:
        env["WIDGET_MUTANT_TRACE"] = trace
    return env


class Reader:
    """One reader end under the schemata: how to run it on some cases with a switch set."""

    def __init__(self, name, command, golden, listed, comparer, work):
        self.name, self.command, self.golden, self.listed = name, command, golden, listed
        self.comparer, self.work = comparer, work
        self.expected = golden_lines(golden)

    def stream(self, cases_text, baseline, number, timeout):
        """Runs the reader with mutant `number` on, comparing each view with the baseline as it arrives;
        a differing view is judged at once (and then every 64 more), and the run ended at the first the
        gate would fail on. ("killed"|"survived", detail, seconds)."""
        import threading
        env = mutant_env(number=number)
        t = time.monotonic()
        proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=env)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()

        def feed():
            try:
                proc.stdin.write(cases_text.encode())
                proc.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        drain = threading.Thread(target=proc.stderr.read, daemon=True)
        drain.start()
        pending, index, verdict = [], 0, None
        try:
            for raw in proc.stdout:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                if not line.strip():
                    continue
                if index >= len(baseline) or line != baseline[index]:
                    pending.append(line)
                    if len(pending) == 1 or len(pending) >= 64:
                        killed, detail = self.judge(pending)
                        pending = []
                        if killed:
                            verdict = ("killed", detail)
                            break
                index += 1
        finally:
            if verdict:
                proc.kill()
            proc.stdout.close()
            code = proc.wait()
            timer.cancel()
        took = time.monotonic() - t
        if verdict:
            return verdict[0], verdict[1], took
        if took >= timeout:
            return "killed", "the reader timed out", took
        if index != len(baseline):
            return "killed", f"the reader crashed (exit {code}, {index} of {len(baseline)} views)", took
        if pending:
            killed, detail = self.judge(pending)
            if killed:
                return "killed", detail, took
        return "survived", "", took

    def judge(self, got_lines):
        """(killed, detail): the differing views compared with their golden lines as the gate does."""
        os.makedirs(self.work, exist_ok=True)
        exp_path = os.path.join(self.work, f"{self.name}-expected.jsonl")
        got_path = os.path.join(self.work, f"{self.name}-got.jsonl")
        try:
            ids = [case_id(l) for l in got_lines]
        except ValueError:
            return True, "the reader wrote a view line that is not JSON"
        with open(exp_path, "w", encoding="utf-8") as handle:
            handle.write("".join(self.expected[i] + "\n" for i in ids if i in self.expected))
        with open(got_path, "w", encoding="utf-8") as handle:
            handle.write("".join(l + "\n" for l in got_lines))
        cmd = self.comparer + ["tool", "compare", exp_path, got_path, "--quiet"]
        if self.listed and os.path.exists(self.listed):
            cmd += ["--list", self.listed]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if done.returncode == 2:
            return True, "compare refused the views: " + (done.stderr.strip().splitlines() or [""])[-1][:160]
        summary = (done.stdout.strip().splitlines() or [""])[-1].split(": ", 1)[-1]
        return done.returncode == 1, summary if done.returncode == 1 else ""


def traced_run(reader, chunk, path):
    """One run of a chunk with the trace on, the views and the trace written to the SAME file in append
    mode: both are flushed line by line, so a site's `R N` line lands just before the view of the first
    case that reached it. Returns (views, {site: index of the first case reaching it}, {site: index of
    the first case where it applied}, seconds, error)."""
    if os.path.exists(path):
        os.remove(path)
    env = mutant_env(trace=path)
    t = time.monotonic()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        done = subprocess.run(reader.command, input=chunk.encode(), stdout=fd, stderr=subprocess.PIPE, env=env,
                              timeout=600)
    finally:
        os.close(fd)
    took = time.monotonic() - t
    views, reached, applicable = [], {}, {}
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("R ") and line[2:].isdigit():
                reached.setdefault(int(line[2:]), len(views))
            elif line.startswith("A ") and line[2:].isdigit():
                applicable.setdefault(int(line[2:]), len(views))
            elif line.strip():
                views.append(line)
    error = (done.stderr.decode("utf-8", "replace").strip().splitlines() or [""])[-1][:160] if done.returncode else ""
    return views, reached, applicable, took, error


def trace_chunks(reader, chunks, log, key):
    """Baseline views per chunk, the seconds each took, and per chunk the sites it reaches / finds
    applicable with the first case that does. Cached under `key` (the build's sources and the cases):
    a rerun of the same build does not trace again."""
    cache = os.path.join(reader.work, f"{reader.name}-trace-cache.json")
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as handle:
            saved = json.load(handle)
        if saved.get("key") == key:
            log(f"  {reader.name}: trace of this build reused ({cache})")
            as_int = lambda d: {int(k): v for k, v in d.items()}  # noqa: E731
            return ([as_int(x) for x in saved["reached"]], [as_int(x) for x in saved["applicable"]], saved["views"],
                    saved["seconds"])
    reached, applicable, views, seconds = [], [], [], []
    tmp = os.path.join(reader.work, f"{reader.name}-trace.txt")
    t = time.monotonic()
    for k, chunk in enumerate(chunks):
        lines, r, a, took, err = traced_run(reader, chunk, tmp)
        if len(lines) != chunk.count("\n"):
            raise GeneratedError(f"{reader.name}: the schemata build with no mutant on fails chunk {k}: {err}")
        reached.append(r)
        applicable.append(a)
        views.append(lines)
        seconds.append(took)
    log(f"  {reader.name}: traced {len(chunks)} chunks in {time.monotonic() - t:.0f} s")
    with open(cache + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({"key": key, "reached": reached, "applicable": applicable, "views": views, "seconds": seconds}, handle)
    os.replace(cache + ".tmp", cache)
    return reached, applicable, views, seconds


def groups_of(order):
    """The runs of one mutant: the first chunk that reaches it alone (most mutants die there), then the
    other reaching chunks in one run; each run starts from a fresh reader state."""
    return [g for g in ([order[0]], order[1:]) if g]


def run_one(reader, m, chunks, order, views, seconds):
    """(status, detail, seconds) of one mutant on the chunks that reach it, each run in its own
    `decode` process, read as it streams and ended at the first view the gate would fail on (the
    per-process runner: Kotlin's, and the yardstick `--check-runner` holds the worker to)."""
    spent = 0.0
    for group in groups_of(order):
        # a mutant that makes the reader loop is killed once it takes five times the traced run
        # (the gate would time out)
        status, detail, took = reader.stream("".join(chunks[k] for k in group), [l for k in group for l in views[k]],
                                             m.number, max(5.0, 5 * sum(seconds[k] for k in group)))
        spent += took
        if status == "killed":
            return status, detail, spent
    return "survived", "every view the gate compares agrees", spent


def run_in_worker(runner, m, order, seconds, size, count):
    """The same runs as run_one, each a request to the reader's schemata worker (worker.py): a child
    forked per run, the cases of its chunks, judged in-process. The watchdog is the worker's: five times
    what those cases take with no mutant on in such a child, at least 2 s (the old runner's five times
    the traced run counted a process start and the trace)."""
    spent = 0.0
    for group in groups_of(order):
        indexes = [i for k in group for i in range(k * size, min((k + 1) * size, count))]
        status, detail, took = runner.run(m.number, 0, indexes, limit=max(2.0, 5 * sum(seconds[k] for k in group)))
        spent += took
        if status == "killed":
            return status, detail, spent
    return "survived", "every view the gate compares agrees", spent


def family_of(case, families):
    if not case:
        return ""
    name = case.split("/", 1)[-1].split("@", 1)[0].split("#", 1)[0]
    return families.get(name, name.split(".")[0])


def mutation_families(harness, repo):
    done = subprocess.run(harness + ["tool", "list", "mutations"], cwd=repo, capture_output=True, text=True)
    out = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            out[parts[0]] = parts[1]
    return out


def start_worker(reader, binary, cases, views):
    """The reader's schemata worker over these cases and their baseline views (written for it once)."""
    cases_path = os.path.join(reader.work, f"{reader.name}-worker-cases.jsonl")
    baseline_path = os.path.join(reader.work, f"{reader.name}-worker-baseline.jsonl")
    for path, lines in ((cases_path, cases), (baseline_path, [l for v in views for l in v])):
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("".join(l + "\n" for l in lines))
    runner = worker.Worker(binary, reader.name, cases_path, baseline_path, reader.golden, reader.listed,
                           os.path.join(reader.work, f"{reader.name}-worker.log"))
    runner.start()
    return runner


def save_timings(work, timings):
    """The phases so far (timings.json beside the progress files): what `--merge-generated` reports
    for a run cut short."""
    path = os.path.join(work, "timings.json")
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({k: v for k, v in dict(timings).items() if isinstance(v, (int, float))}, handle)
    os.replace(path + ".tmp", path)


def run_reader(reader, chosen, chunks, equivalents, log, families, key, worker_binary=None, size=None,
               check_runner=0, seed=0, timings=None):
    """Every chosen mutant of one reader; with `worker_binary`, through the schemata worker (else one
    process per run). `check_runner` mutants (a seeded sample of those run) are run again through the
    per-process runner and their verdicts compared: timings gets `runnerCheck`."""
    timings = timings if timings is not None else {}
    t = time.monotonic()
    reached, applicable, views, seconds = trace_chunks(reader, chunks, log, key)
    progress = os.path.join(reader.work, f"{reader.name}-results.jsonl")
    if os.path.exists(progress):
        os.remove(progress)
    base_ok, detail = reader.judge([l for v in views for l in v])
    if base_ok:
        raise GeneratedError(f"{reader.name}: the schemata build with no mutant on differs from {reader.golden}: {detail}")
    timings[f"{reader.name} trace"] = round(time.monotonic() - t, 1)
    save_timings(reader.work, timings)
    t = time.monotonic()
    count = sum(len(v) for v in views)
    runner = None
    if worker_binary:
        cases = [l for c in chunks for l in c.split("\n") if l]
        runner = start_worker(reader, worker_binary, cases, views)
    results, orders = [], {}
    # a seeded shuffle: a run cut short (its progress file) is a uniform sample of every file's mutants,
    # and its first `check_runner` mutants run are the ones held to the per-process runner
    import random
    shuffled = list(chosen)
    random.Random(seed).shuffle(shuffled)
    checked = False
    try:
        for m in shuffled:
            if check_runner and runner and not checked and len(orders) >= check_runner:
                checked = True
                timings[f"{reader.name} runnerCheck"] = check_against_processes(reader, chosen, results, orders, chunks,
                                                                                views, seconds, check_runner, seed, log)
            reached_in = [k for k, r in enumerate(reached) if m.number in r]
            applies = not m.runtime or any(m.number in a for a in applicable)
            row = {"id": m.id, "reader": m.reader, "file": m.file, "line": m.line, "class": m.op_class,
                   "operator": m.operator, "what": m.what, "function": m.function, "seconds": 0.0}
            if not applies:
                row.update(status="not applicable", detail="no case puts a value of the type this edit changes here")
            elif not reached_in:
                row.update(status="survived", detail="no case reaches the site")
            else:
                first_hit = [k for k in reached_in if not m.runtime or m.number in applicable[k]] or reached_in
                order = first_hit[:1] + [k for k in reached_in if k not in first_hit[:1]]
                orders[m.id] = order
                # a static or global let's mutant runs one process per run: the worker read the value
                # before it forked, so a child would keep the unmutated one (sites.initialised_once)
                if runner and not m.once:
                    status, detail, spent = run_in_worker(runner, m, order, seconds, size, count)
                else:
                    status, detail, spent = run_one(reader, m, chunks, order, views, seconds)
                row.update(status=status, detail=detail, seconds=round(spent, 3))
                if status == "survived":
                    first = order[0]
                    index = (applicable[first] if m.runtime and m.number in applicable[first] else reached[first])[m.number]
                    row["nearestCase"] = case_id(views[first][min(index, len(views[first]) - 1)])
                    row["family"] = family_of(row["nearestCase"], families)
            if m.id in equivalents:
                row["equivalent"] = equivalents[m.id]
                row["status"] = "equivalent" if row["status"] == "survived" else row["status"] + " (declared equivalent)"
            results.append(row)
            with open(progress, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(row) + "\n")     # progress, for a run watched or cut short
            if len(results) % 50 == 0:
                timings[f"{reader.name} run"] = round(time.monotonic() - t, 1)
                save_timings(reader.work, timings)
            if row["status"] != "not applicable":
                log(f"    {m.id:<58} {row['status'].upper():<9} {row['seconds']:5.2f} s  {row.get('nearestCase') or ''}")
    finally:
        if runner:
            timings[f"{reader.name} worker starts"] = runner.starts
            runner.stop()
    timings[f"{reader.name} run"] = round(time.monotonic() - t, 1)
    if check_runner and runner and not checked:
        timings[f"{reader.name} runnerCheck"] = check_against_processes(reader, chosen, results, orders, chunks, views,
                                                                        seconds, check_runner, seed, log)
    return results


def check_against_processes(reader, chosen, results, orders, chunks, views, seconds, n, seed, log):
    """A seeded sample of the mutants the worker ran, run again one process per run (the runner the
    worker replaces): {"checked", "same", "differ": [ids with both verdicts]}."""
    import random
    by_id = {m.id: m for m in chosen}
    ran = [r for r in results if r["id"] in orders]
    picked = random.Random(seed).sample(ran, min(n, len(ran)))
    differ = []
    t = time.monotonic()
    for r in picked:
        status, _, _ = run_one(reader, by_id[r["id"]], chunks, orders[r["id"]], views, seconds)
        mine = r["status"].replace(" (declared equivalent)", "")
        mine = "survived" if mine == "equivalent" else mine
        if status != mine:
            differ.append(f"{r['id']}: worker {mine}, processes {status}")
    log(f"  {reader.name}: per-process runner on {len(picked)} of the worker's mutants: {len(picked) - len(differ)} "
        f"same verdict, {len(differ)} differ ({time.monotonic() - t:.0f} s)")
    for d in differ:
        log(f"    DIFFER {d}")
    out = {"checked": len(picked), "same": len(picked) - len(differ), "differ": differ,
           "ids": sorted(r["id"] for r in picked)}
    with open(os.path.join(reader.work, f"{reader.name}-runner-check.json"), "w", encoding="utf-8") as handle:
        json.dump(out, handle)
    return out


def kotlin_reader(repo, chosen, work, comparer, log):
    """Compiles the Kotlin schemata (one kotlinc) and returns its Reader, or (None, dropped)."""
    ms = [m for m in chosen if m.lang == "kotlin"]
    if not ms:
        return None, {}
    kdir = os.path.join(work, "kotlin")
    java = mutants.KotlinJava(repo, kdir)
    sources = mutants.testee_sources(repo, kdir)
    dropped = {}
    live = ms
    jar = os.path.join(kdir, "schemata.jar")
    for attempt in range(5):
        rendered = render_files(repo, live)["ends/kotlin/WidgetData.kt"]
        src = os.path.join(kdir, "src")
        os.makedirs(src, exist_ok=True)
        paths = dict({"WidgetData.kt": rendered}, **sources)
        files = []
        for name, body in paths.items():
            p = os.path.join(src, name)
            with open(p, "w", encoding="utf-8") as handle:
                handle.write(body)
            files.append(p)
        t = time.monotonic()
        result = procs.run(["nice", "-n", "5", "kotlinc", "-nowarn", "-Xallow-result-return-type", "-cp",
                            ":".join(java.libraries), "-d", jar] + files, cwd=kdir, timeout=3600)
        log(f"  kotlin schemata compile {attempt + 1}: {len(live)} mutants, {time.monotonic() - t:.0f} s, exit {result.code}")
        if result.code == 0:
            reader = Reader("kotlin", java.command(jar), os.path.join(repo, "golden", "kotlin"), None, comparer, work)
            return reader, dropped
        texts = {os.path.realpath(os.path.join(src, "WidgetData.kt")): rendered}
        bad = failing_numbers(result.stderr + result.stdout, kdir, texts, lambda p: "kotlin")
        if not bad:
            raise GeneratedError("the Kotlin schemata fail outside any mutant:\n" + (result.stderr + result.stdout)[-3000:])
        live = drop_failing(live, bad, dropped)
    raise GeneratedError("the Kotlin schemata kept failing")


def run(repo, readers, log, since=None, only_ids=None, sample=None, seed=0, equivalents_path=None,
        use_worker=True, check_runner=0):
    """Runs the selected mutants: (rows, timings). Swift and C mutants through the schemata worker
    (worker.py) unless `use_worker` is false; Kotlin ones one JVM per run."""
    t0 = time.monotonic()
    chosen = select(repo, readers, since, only_ids, sample, seed)
    equivalents = load_equivalents(equivalents_path) if equivalents_path else {}
    log(f"generated mutants: {len(chosen)} selected ({', '.join(f'{r} {sum(1 for m in chosen if m.reader == r)}' for r in readers)})")
    timings = {"select": round(time.monotonic() - t0, 1)}
    results = []
    if not chosen:
        return results, timings
    # a pull request's run (--since) keeps its own scratch copy, so it never rebuilds the full run's
    # schemata (and the two can run side by side)
    suffix = "-pr" if since else ""
    work = os.path.join(repo, ".build", "adequacy", "generated" + suffix)
    os.makedirs(work, exist_ok=True)
    comparer = mutants.comparing_harness(repo)
    private = os.path.join(work, "compare-harness")
    shutil.copy2(comparer[0], private)
    comparer = [private]
    families = mutation_families(comparer, repo)
    cases_path = os.path.join(work, "cases.jsonl")
    made = procs.run(comparer + ["tool", "cases", "--root", repo, "--out", cases_path], cwd=repo, timeout=600)
    if made.code != 0:
        raise GeneratedError("contract-harness tool cases failed: " + made.stderr[-2000:])
    cases = read_jsonl(cases_path)

    def chunk_size(count):
        """Chunks of the case stream: many small ones pay off for a large run (each mutant runs only on
        the chunks that reach it), one for a small run (a pull request's: one traced run, not sixty)."""
        return CHUNK if count > SMALL_RUN else len(cases)

    def chunks_for(count):
        size = chunk_size(count)
        return ["".join(c + "\n" for c in cases[i:i + size]) for i in range(0, len(cases), size)]
    dropped = {}
    package = [m for m in chosen if m.lang in ("swift", "c")]
    if package:
        t = time.monotonic()
        pkg = os.path.join(repo, ".build", "adequacy", "schemata" + suffix)
        os.makedirs(pkg, exist_ok=True)
        config = build_config(len(package))
        dropped.update(build_package(repo, pkg, package, log, config=config))
        key = build_key(pkg, cases) + ":" + config
        timings["build"] = round(time.monotonic() - t, 1)
        save_timings(work, timings)
        harness = os.path.join(pkg, ".build", config, "contract-harness")
        worker_binary = os.path.join(pkg, ".build", config, worker.PRODUCT) if use_worker else None
        # the readers side by side (each its own worker, one core each), so a run cut short has both
        import threading
        outcome, threads = {}, []

        def one_reader(name, ms):
            try:
                # C is traced and run per process through the worker's own decode (its view: the line C
                # writes, as the standalone testee's; SchemataWorker.swift), so the trace reaches what a
                # worker child runs, view_json.c included
                command = ([os.path.join(pkg, ".build", config, worker.PRODUCT), "--decode", "--reader", name] if name == "c"
                           else [harness, "tool", "decode", "--reader", name])
                reader = Reader(name, command, os.path.join(repo, "golden", "expected"),
                                os.path.join(repo, "golden", "divergences", f"{name}.txt"), comparer, work)
                chunks = chunks_for(len(ms))
                outcome[name] = run_reader(reader, ms, chunks, equivalents, log, families, f"{key}:{len(chunks)}",
                                           worker_binary=worker_binary, size=chunk_size(len(ms)),
                                           check_runner=check_runner, seed=seed, timings=timings)
            except Exception as error:          # noqa: BLE001  raised again on the main thread
                outcome[name] = error
        for name in ("swift", "c"):
            ms = [m for m in package if m.reader == name and m.id not in dropped]
            if ms:
                threads.append(threading.Thread(target=one_reader, args=(name, ms), daemon=True))
                threads[-1].start()
        for thread in threads:
            while thread.is_alive():
                thread.join(1.0)                # (a signal still reaches the main thread)
        for name in ("swift", "c"):
            if isinstance(outcome.get(name), Exception):
                raise outcome[name]
            results += outcome.get(name, [])
    if any(m.lang == "kotlin" for m in chosen):
        t = time.monotonic()
        reader, kdropped = kotlin_reader(repo, chosen, work, comparer, log)
        dropped.update(kdropped)
        ms = [m for m in chosen if m.lang == "kotlin" and m.id not in dropped]
        timings["kotlinCompile"] = round(time.monotonic() - t, 1)
        chunks = chunks_for(len(ms))
        results += run_reader(reader, ms, chunks, equivalents, log, families,
                              build_key(os.path.join(work, "kotlin", "src"), cases) + f":{len(chunks)}", timings=timings)
    writer_ms = [m for m in chosen if m.reader == "writer"]
    if writer_ms:
        import writer_run
        t = time.monotonic()
        try:
            results += writer_run.run(repo, writer_ms, log, equivalents)
        except writer_run.WriterRunError as error:
            raise GeneratedError(f"writer: {error}") from error
        timings["writer run"] = round(time.monotonic() - t, 1)
    for m in chosen:
        if m.id in dropped:
            results.append({"id": m.id, "reader": m.reader, "file": m.file, "line": m.line, "class": m.op_class,
                            "operator": m.operator, "what": m.what, "function": m.function, "seconds": 0.0,
                            "status": "does not compile", "detail": dropped[m.id]})
    timings["total"] = round(time.monotonic() - t0, 1)
    return results, timings
