"""Mutant runs. Swift and C mutants: ONE scratch copy of the package (.build/adequacy/package,
synchronised with the work tree file by file so unchanged files keep their build products),
each mutant applied by exact text, built incrementally, run through `contract-harness check`,
then reverted. Kotlin mutants: a mutated copy of WidgetData.kt recorded through
`scripts/record-kotlin --parser COPY --cases FILE --out FILE` and compared with golden/kotlin.
Every comparison of views is `contract-harness tool compare` (the gate's own comparison), run from
a build of the unmutated code. The work tree itself is never modified."""

import filecmp
import os
import shutil
import subprocess

import procs


class MutantError(Exception):
    pass


def outcome(m, status, detail="", seconds=0.0, line=None):
    return {"id": m.id, "lang": m.lang, "file": m.file, "line": line, "what": m.what,
            "equivalent": m.equivalent or None, "status": status, "detail": detail, "seconds": round(seconds, 1)}


def stale_outcome(m, original, log):
    """The logged "stale" outcome of a mutant whose text is not in `original` exactly once; None when it applies."""
    where = m.locate(original)
    if where == "ok":
        return None
    log(f"  {m.id:<22} STALE ({where})")
    return outcome(m, "stale", where.split(": ", 1)[1])


def classify(m, killed, detail, seconds, line):
    if m.equivalent:
        status = "equivalent" if not killed else "killed (declared equivalent)"
    else:
        status = "killed" if killed else "survived"
    return outcome(m, status, detail, seconds, line)


# ---- the scratch package ---------------------------------------------------------------

def project_files(repo):
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=repo, capture_output=True,
                         check=True).stdout.decode()
    return [f for f in out.split("\0") if f and os.path.isfile(os.path.join(repo, f))]


def write_if_changed(path, text):
    """Writes text to path (atomically) unless the file holds it already; True when it wrote."""
    data = text.encode("utf-8")
    if os.path.exists(path):
        with open(path, "rb") as handle:
            if handle.read() == data:
                return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)
    return True


def sync(repo, dest, written=None):
    """Makes dest a copy of the work tree's project files, copying only files whose bytes differ (their
    build products stay valid); `written` ({relative path: text}) replaces those files or adds them.
    Any other file in dest goes. Returns how many files were copied or written."""
    written = written or {}
    wanted = set(project_files(repo))
    copied = 0
    for rel in wanted - set(written):
        src, dst = os.path.join(repo, rel), os.path.join(dest, rel)
        if os.path.isfile(dst) and filecmp.cmp(src, dst, shallow=False):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
        copied += 1
    for rel, text in written.items():
        copied += write_if_changed(os.path.join(dest, rel), text)
    keep = wanted | set(written)
    for root, dirs, files in os.walk(dest):
        rel_root = os.path.relpath(root, dest)
        if rel_root == ".":
            dirs[:] = [d for d in dirs if d not in (".build", ".git", ".swiftpm")]
        for name in files:
            rel = os.path.normpath(os.path.join(rel_root, name))
            if rel not in keep:
                os.remove(os.path.join(root, name))
    return copied


def swift_build(pkg):
    return procs.run(["swift", "build", "--product", "contract-harness"], cwd=pkg, timeout=1800)


def gate(pkg, timeout):
    return procs.run([os.path.join(pkg, ".build", "debug", "contract-harness"), "check", "--root", pkg, "--quiet"],
                     cwd=pkg, timeout=timeout)


def gate_verdict(result):
    """(killed, detail) of one gate run."""
    if result.timed_out:
        return True, "gate timed out"
    if result.code == 0:
        return False, "gate PASS"
    if result.code == 1:
        return True, "gate FAIL"
    return True, f"gate exit {result.code}: " + (result.stderr.strip().splitlines() or [""])[-1][:160]


def run_package_mutants(repo, mutants, log):
    """Swift and C mutants in one scratch copy, built incrementally."""
    pkg = os.path.join(repo, ".build", "adequacy", "package")
    os.makedirs(pkg, exist_ok=True)
    copied = sync(repo, pkg)
    log(f"package mutants: scratch copy .build/adequacy/package ({copied} files refreshed); baseline build")
    base_build = swift_build(pkg)
    if base_build.code != 0:
        raise MutantError("the unmutated scratch copy does not build:\n" + (base_build.stderr + base_build.stdout)[-3000:])
    base = gate(pkg, 1800)
    if base.code != 0:
        raise MutantError("the gate fails on the unmutated copy (exit %d); mutants would mean nothing:\n%s"
                          % (base.code, (base.stdout + base.stderr)[-2000:]))
    log(f"  baseline: build {base_build.seconds:.0f} s, gate PASS in {base.seconds:.0f} s")
    gate_timeout = max(120.0, 10 * base.seconds)
    harness = os.path.join(pkg, ".build", "debug", "contract-harness")
    # Views are compared by the unmutated harness: a mutant of the comparison must not judge itself.
    comparer = os.path.join(repo, ".build", "adequacy", "compare-harness")
    shutil.copy2(harness, comparer)
    cases = os.path.join(pkg, ".build", "adequacy-cases.jsonl")
    made = procs.run([harness, "tool", "cases", "--root", pkg, "--out", cases], cwd=pkg, timeout=600)
    if made.code != 0:
        raise MutantError("contract-harness tool cases failed on the scratch copy: " + made.stderr[-2000:])
    expected = os.path.join(pkg, "golden", "expected")
    results = []
    for m in mutants:
        path = os.path.join(pkg, m.file)
        if not os.path.isfile(path):
            results.append(outcome(m, "stale", "file not found"))
            log(f"  {m.id:<22} STALE (file not found: {m.file})")
            continue
        with open(path, encoding="utf-8") as handle:
            original = handle.read()
        stale = stale_outcome(m, original, log)
        if stale:
            results.append(stale)
            continue
        line = m.line_in(original)
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(m.apply(original))
            built = swift_build(pkg)
            if built.code != 0:
                first_error = next((l for l in built.stdout.splitlines() + built.stderr.splitlines() if "error:" in l), "")
                results.append(outcome(m, "does not compile", first_error.strip()[:200], built.seconds, line))
                log(f"  {m.id:<22} DOES NOT COMPILE ({built.seconds:.0f} s)")
                continue
            # The gate fails when a reader's view differs from golden/expected in a compared field
            # (or it crashes) and its list does not excuse it; so such a difference found by
            # `decode | compare --list` decides at once, and only an all-agree run needs the gate.
            reader = "c" if m.lang == "c" else "swift"
            listed = os.path.join(pkg, "golden", "divergences", f"{reader}.txt")
            differs, detail, decode_seconds = first_difference(
                comparer, [harness, "tool", "decode", "--reader", reader], cases, expected, gate_timeout,
                ["--list", listed] if os.path.exists(listed) else [])
            seconds = built.seconds + decode_seconds
            if differs:
                killed, detail = True, f"{reader} {detail} (not excused by golden/divergences/{reader}.txt)"
                how = f"decode {decode_seconds:4.0f} s"
            else:
                verdict = gate(pkg, gate_timeout)
                killed, detail = gate_verdict(verdict)
                seconds += verdict.seconds
                how = f"gate {verdict.seconds:4.0f} s"
            r = classify(m, killed, detail, seconds, line)
            results.append(r)
            log(f"  {m.id:<22} {r['status'].upper():<10} build {built.seconds:4.0f} s, {how}  ({detail})")
        finally:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original)
    return results


# ---- Kotlin ---------------------------------------------------------------------------

def comparing_harness(repo):
    """The contract-harness a generated-mutant run compares with: the debug build `swift build` just
    made, else harness_for_comparing's."""
    debug = os.path.join(repo, ".build", "debug", "contract-harness")
    return [debug] if os.path.exists(debug) else harness_for_comparing(repo)


def harness_for_comparing(repo):
    """The contract-harness that compares views: CONTRACT_HARNESS, else the release build
    scripts/harness makes (built once here)."""
    named = os.environ.get("CONTRACT_HARNESS")
    if named:
        return [named]
    built = procs.run([os.path.join(repo, "scripts", "harness"), "--help"], cwd=repo, timeout=1800)
    if built.code != 0:
        raise MutantError("scripts/harness (bootstrap, release build) failed: " + built.stderr[-2000:])
    return [os.path.join(repo, ".build", "release", "contract-harness")]


def compare_summary(result):
    """What `contract-harness tool compare` said (its summary line after the paths), or its error."""
    if result.code == 2 or not result.stdout.strip():
        return "compare failed: " + (result.stderr.strip().splitlines() or [f"exit {result.code}"])[-1][:200]
    return result.stdout.strip().splitlines()[-1].split(": ", 1)[-1]


def first_difference(comparer, cmd, cases, expected, timeout, options=()):
    """Streams a testee's views (`cmd < cases`) into `contract-harness tool compare EXPECTED - --first`,
    which stops it at the first case that differs as the gate compares. Returns (differs, detail, seconds)."""
    comparer = comparer if isinstance(comparer, list) else [comparer]
    result, code, err = procs.pipe(cmd, cases, comparer + ["tool", "compare", expected, "-", "--first", "--quiet"] + list(options),
                                   timeout)
    if result.timed_out:
        return True, "timed out", result.seconds
    if code not in (0, None) or (code is None and result.code == 0):
        return True, f"exit {code}: " + (err.strip().splitlines() or [""])[-1][:160], result.seconds
    if result.code != 0:
        return True, compare_summary(result), result.seconds
    return False, "every view agrees", result.seconds


def compare_recording(comparer, repo, out_path):
    """(differs, detail) of a whole recording against golden/kotlin (`contract-harness tool compare`)."""
    result = procs.run(comparer + ["tool", "compare", os.path.join(repo, "golden", "kotlin"), out_path, "--quiet"],
                       cwd=repo, timeout=1800)
    if result.code not in (0, 1):
        raise MutantError("contract-harness tool compare failed: " + result.stderr[-2000:])
    return result.code == 1, compare_summary(result)


def record(repo, parser, cases, out):
    return procs.run([os.path.join(repo, "scripts", "record-kotlin"), "--parser", parser, "--cases", cases, "--out", out],
                     cwd=repo, timeout=1800)


def run_kotlin_mutants(repo, work, cases, mutants, log):
    source = os.path.join(repo, "scripts", "kotlin", "WidgetData.kt")
    with open(source, encoding="utf-8") as handle:
        original = handle.read()
    kdir = os.path.join(work, "kotlin")
    shutil.rmtree(kdir, ignore_errors=True)
    os.makedirs(kdir)
    comparer = harness_for_comparing(repo)
    log("kotlin mutants: baseline recording of an unmutated copy")
    base_dir = os.path.join(kdir, "baseline")
    os.makedirs(base_dir)
    shutil.copy2(source, os.path.join(base_dir, "WidgetData.kt"))
    base = record(repo, os.path.join(base_dir, "WidgetData.kt"), cases, os.path.join(base_dir, "views.jsonl"))
    if base.code != 0:
        raise MutantError("record-kotlin fails on the unmutated reader:\n" + base.stderr[-2000:])
    differing, detail = compare_recording(comparer, repo, os.path.join(base_dir, "views.jsonl"))
    if differing:
        raise MutantError(f"the unmutated reader's recording differs from golden/kotlin ({detail}): re-record golden/kotlin first")
    log(f"  baseline: {base.seconds:.0f} s, agrees with golden/kotlin")
    results = []
    for m in mutants:
        if m.file != "ends/kotlin/WidgetData.kt":
            results.append(outcome(m, "stale", f"kotlin mutants apply to ends/kotlin/WidgetData.kt, not {m.file}"))
            continue
        stale = stale_outcome(m, original, log)
        if stale:
            results.append(stale)
            continue
        line = m.line_in(original)
        mdir = os.path.join(kdir, m.id)
        os.makedirs(mdir)
        parser = os.path.join(mdir, "WidgetData.kt")
        with open(parser, "w", encoding="utf-8") as handle:
            handle.write(m.apply(original))
        out = os.path.join(mdir, "views.jsonl")
        rec = record(repo, parser, cases, out)
        if rec.code != 0 and "kotlinc failed" in rec.stderr:
            results.append(outcome(m, "does not compile",
                                   next((l for l in rec.stderr.splitlines() if "error:" in l), "")[:200], rec.seconds, line))
            log(f"  {m.id:<22} DOES NOT COMPILE")
        elif rec.code != 0:
            r = classify(m, True, "record-kotlin failed: " + (rec.stderr.strip().splitlines() or [""])[-1][:160],
                         rec.seconds, line)
            results.append(r)
            log(f"  {m.id:<22} {r['status'].upper():<10} {rec.seconds:4.0f} s  ({r['detail']})")
        else:
            differing, detail = compare_recording(comparer, repo, out)
            detail = detail if differing else "recording equals golden/kotlin"
            r = classify(m, differing, detail, rec.seconds, line)
            results.append(r)
            log(f"  {m.id:<22} {r['status'].upper():<10} {rec.seconds:4.0f} s  ({detail})")
        shutil.rmtree(mdir, ignore_errors=True)
    shutil.rmtree(kdir, ignore_errors=True)
    return results


def static_check(repo, mutants):
    """--quick: which mutants no longer apply (no build, no run)."""
    results = []
    texts = {}
    for m in mutants:
        path = os.path.join(repo, m.file)
        if m.file not in texts:
            try:
                with open(path, encoding="utf-8") as handle:
                    texts[m.file] = handle.read()
            except FileNotFoundError:
                texts[m.file] = None
        text = texts[m.file]
        if text is None:
            results.append(outcome(m, "stale", "file not found"))
            continue
        where = m.locate(text)
        results.append(outcome(m, "applies" if where == "ok" else "stale",
                               "" if where == "ok" else where.split(": ", 1)[1], line=m.line_in(text)))
    return results


# ---- Kotlin, batched --------------------------------------------------------------------
# Thirty separate `record-kotlin --parser` runs cost thirty kotlinc start-ups (~25 s each on this
# machine) and thirty full recordings. Batched: every mutant is a copy of WidgetData.kt and
# TesteeMain.kt (with the ReaderGlue.kt record-kotlin generates through tools/kotlin-testee/reader-api) in
# its own package (adq_<n>), all compiled by ONE kotlinc run with record-kotlin's compiler flags, each run with record-kotlin's exact java command (`--print-command`: JVM options,
# classpath) but that jar and main class, its views compared with golden/kotlin line by line as
# they arrive, and the JVM ended at the first difference (killed). Survivors are recorded in full.

def kotlin_command(repo, base_dir):
    """record-kotlin's java command for the unmutated reader (compiles it, cached)."""
    import shlex
    parser = os.path.join(base_dir, "WidgetData.kt")
    got = procs.run([os.path.join(repo, "scripts", "record-kotlin"), "--parser", parser, "--print-command"],
                    cwd=repo, timeout=1800)
    if got.code != 0:
        raise MutantError("record-kotlin --print-command failed:\n" + got.stderr[-2000:])
    words = shlex.split(got.stdout.strip())
    if "-cp" not in words or words[-1] != "TesteeMainKt":
        raise MutantError("record-kotlin --print-command printed something this tool does not understand: " + got.stdout)
    return words


class KotlinJava:
    """record-kotlin's java command for an unmutated copy of the reader (kdir/baseline; compiled, cached),
    made to run the same testee from another jar: how every compiled-in Kotlin mutant runs."""

    def __init__(self, repo, kdir):
        base_dir = os.path.join(kdir, "baseline")
        os.makedirs(base_dir, exist_ok=True)
        shutil.copy2(os.path.join(repo, "scripts", "kotlin", "WidgetData.kt"), os.path.join(base_dir, "WidgetData.kt"))
        self.words = kotlin_command(repo, base_dir)
        self.cp_at = self.words.index("-cp") + 1
        self.libraries = self.words[self.cp_at].split(":")[1:]     # what the testee's own jar needs

    def command(self, jar, main="TesteeMainKt"):
        cmd = list(self.words)
        cmd[self.cp_at] = ":".join([jar] + self.libraries)
        cmd[-1] = main
        return cmd


def testee_sources(repo, kdir):
    """{name: text} of what a mutated WidgetData.kt is compiled with: TesteeMain.kt, and the view after
    `parse`, glue record-kotlin generates from the reader's API (tools/kotlin-testee/reader-api, written to
    kdir/ReaderGlue.kt); a mutant keeps the API, so one glue serves every mutant."""
    with open(os.path.join(repo, "scripts", "kotlin", "TesteeMain.kt"), encoding="utf-8") as handle:
        testee = handle.read()
    # reader-api writes the glue and the display files it needs (WidgetDisplay.kt, DisplayView.kt) beside it,
    # as record-kotlin compiles them: every .kt of that folder.
    glue_dir = os.path.join(kdir, "glue")
    shutil.rmtree(glue_dir, ignore_errors=True)
    os.makedirs(glue_dir)
    made = procs.run(["python3", os.path.join(repo, "scripts", "kotlin", "reader-api"), "--glue",
                      os.path.join(glue_dir, "ReaderGlue.kt"), os.path.join(repo, "scripts", "kotlin", "WidgetData.kt")],
                     cwd=repo, timeout=300)
    if made.code != 0:
        raise MutantError("tools/kotlin-testee/reader-api --glue failed: " + made.stderr[-2000:])
    sources = {"TesteeMain.kt": testee}
    for name in sorted(os.listdir(glue_dir)):
        if name.endswith(".kt"):
            with open(os.path.join(glue_dir, name), encoding="utf-8") as handle:
                sources[name] = handle.read()
    return sources


def kotlin_batch_compile(repo, kdir, packages, classpath_rest, log):
    """Compiles {package: mutated WidgetData.kt text}; returns (jar, {package: first error})."""
    sources = testee_sources(repo, kdir)
    failed = {}
    remaining = dict(packages)
    jar = os.path.join(kdir, "mutants.jar")
    for _attempt in range(3):
        files = []
        for package, text in remaining.items():
            pdir = os.path.join(kdir, "src", package)
            os.makedirs(pdir, exist_ok=True)
            for name, body in [("WidgetData.kt", text)] + list(sources.items()):
                path = os.path.join(pdir, name)
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(f"package {package}\n{body}")
                files.append(path)
        if not files:
            return None, failed
        cmd = ["kotlinc", "-nowarn", "-Xallow-result-return-type", "-cp", classpath_rest, "-d", jar] + files
        log(f"  $ kotlinc -nowarn -Xallow-result-return-type -cp … -d mutants.jar "
            f"<{len(remaining)} packages × WidgetData.kt + {' + '.join(sources)}>")
        result = procs.run(cmd, cwd=kdir, timeout=3600)
        if result.code == 0 and os.path.exists(jar):
            log(f"  compiled in {result.seconds:.0f} s")
            return jar, failed
        bad = {}
        for line in result.stderr.splitlines():
            if "error:" in line:
                for package in remaining:
                    if f"{os.sep}{package}{os.sep}" in line:
                        bad.setdefault(package, line.split("error:", 1)[1].strip()[:200])
        if not bad:
            raise MutantError("kotlinc failed on the mutant batch:\n" + result.stderr[-3000:])
        failed.update(bad)
        for package in bad:
            remaining.pop(package)
            shutil.rmtree(os.path.join(kdir, "src", package), ignore_errors=True)
    raise MutantError("kotlinc kept failing on the mutant batch")


def run_kotlin_batch(repo, work, cases, mutants, log):
    source = os.path.join(repo, "scripts", "kotlin", "WidgetData.kt")
    with open(source, encoding="utf-8") as handle:
        original = handle.read()
    golden = os.path.join(repo, "golden", "kotlin")
    comparer = harness_for_comparing(repo)
    kdir = os.path.join(work, "kotlin")
    shutil.rmtree(kdir, ignore_errors=True)
    try:
        log(f"kotlin mutants: `record-kotlin --parser COPY --print-command` (compiles the unmutated copy, cached)")
        java = KotlinJava(repo, kdir)

        results, packages, package_of = {}, {}, {}
        for n, m in enumerate(mutants, 1):
            if m.file != "ends/kotlin/WidgetData.kt":
                results[m.id] = outcome(m, "stale", f"kotlin mutants apply to ends/kotlin/WidgetData.kt, not {m.file}")
                continue
            stale = stale_outcome(m, original, log)
            if stale:
                results[m.id] = stale
                continue
            package = f"adq_{n:03d}"
            packages[package] = m.apply(original)
            package_of[m.id] = package
        packages["adq_000"] = original          # the unmutated reader: must agree with golden/kotlin
        jar, failed = kotlin_batch_compile(repo, kdir, packages, ":".join(java.libraries), log)
        if "adq_000" in failed:
            raise MutantError("the unmutated WidgetData.kt does not compile in the batch: " + failed["adq_000"])

        def command(package):
            return java.command(jar, f"{package}.TesteeMainKt")

        differs, detail, base_seconds = first_difference(comparer, command("adq_000"), cases, golden, 1800.0)
        if differs:
            raise MutantError(f"the unmutated reader disagrees with golden/kotlin: {detail}; re-record golden/kotlin first")
        log(f"  baseline (unmutated copy): every view agrees with golden/kotlin ({base_seconds:.0f} s)")
        for m in mutants:
            package = package_of.get(m.id)
            if package is None:
                continue
            line = m.line_in(original)
            if package in failed:
                results[m.id] = outcome(m, "does not compile", failed[package], 0.0, line)
                log(f"  {m.id:<22} DOES NOT COMPILE ({failed[package]})")
                continue
            killed, detail, seconds = first_difference(comparer, command(package), cases, golden,
                                                       max(600.0, 10 * base_seconds))
            if killed:
                detail = f"{detail} from golden/kotlin"
            else:
                detail = "every view agrees with golden/kotlin"
            r = classify(m, killed, detail, seconds, line)
            results[m.id] = r
            log(f"  {m.id:<22} {r['status'].upper():<10} {seconds:4.0f} s  ({detail})")
        return [results[m.id] for m in mutants if m.id in results]
    finally:
        shutil.rmtree(kdir, ignore_errors=True)
