"""Coverage of the readers by the gate's case stream alone (not by unit tests).

One instrumented build of contract-harness in its own scratch path (Swift through
-profile-generate/-profile-coverage-mapping, C through -fprofile-instr-generate/-fcoverage-mapping),
then:
- C reference: `contract-harness tool decode --reader c` over the case stream (the harness calls no
  other ReferenceDecoder code on that path);
- Swift reader: CoverageDriver.swift linked against the instrumented WidgetSnapshot objects,
  over the same stream (the harness itself uses WidgetSnapshot's JSON code for fixtures, case
  lines and golden views, so its own run would count as reader coverage).
llvm-cov/llvm-profdata come from the Swift toolchain."""

import glob
import json
import os
import shutil

import catalog
import procs

SWIFT_FLAGS = ["-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"]
C_FLAGS = ["-Xcc", "-fprofile-instr-generate", "-Xcc", "-fcoverage-mapping"]


class CoverageError(Exception):
    pass


def toolchain_tool(name):
    swift = shutil.which("swift")
    if swift:
        candidate = os.path.join(os.path.dirname(os.path.realpath(swift)), name)
        if os.path.exists(candidate):
            return candidate
    found = shutil.which(name)
    if not found:
        raise CoverageError(f"{name} not found next to swift or on PATH")
    return found


def build_commands(repo, scratch):
    return [["swift", "build", "--product", "contract-harness", "--scratch-path", scratch] + SWIFT_FLAGS + C_FLAGS]


def build(repo, scratch, log):
    for cmd in build_commands(repo, scratch):
        log("  $ " + " ".join(cmd))
        result = procs.run(cmd, cwd=repo, timeout=1800)
        if result.code != 0:
            raise CoverageError("instrumented build failed:\n" + (result.stderr + result.stdout)[-3000:])
    return os.path.join(scratch, "debug")


def driver(repo, debug, work, log):
    objects = sorted(glob.glob(os.path.join(debug, "WidgetSnapshot.build", "*.swift.o")))
    if not objects:
        raise CoverageError(f"no WidgetSnapshot objects under {debug}/WidgetSnapshot.build")
    out = os.path.join(work, "coverage-driver")
    cmd = ["swiftc", "-profile-generate", "-profile-coverage-mapping", "-I", os.path.join(debug, "Modules"),
           os.path.join(repo, "scripts", "adequacy.d", "CoverageDriver.swift")] + objects + ["-o", out]
    log("  $ swiftc -profile-generate -profile-coverage-mapping -I …/Modules tools/adequacy/CoverageDriver.swift "
        "…/WidgetSnapshot.build/*.swift.o -o coverage-driver")
    result = procs.run(cmd, cwd=repo, timeout=600)
    if result.code != 0:
        raise CoverageError("coverage driver failed to build:\n" + result.stderr[-3000:])
    return out


def profile(binary, args, cases, work, name, log):
    """Runs binary over the case stream with a fresh profile; returns the merged .profdata."""
    for old in glob.glob(os.path.join(work, f"{name}-*.profraw")):
        os.remove(old)
    # Deterministic hashing: Swift's Hasher is seeded per process, and which colour lookups
    # probe past a slot (MemberLookup's hash table) depends on the seed; a fixed seed makes
    # the figures the same from run to run.
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(work, f"{name}-%p.profraw"), SWIFT_DETERMINISTIC_HASHING="1")
    result = procs.run([binary] + args, env=env, stdin_path=cases, stdout_path=os.devnull, timeout=1800)
    if result.code != 0:
        raise CoverageError(f"{os.path.basename(binary)} {' '.join(args)} failed ({result.code}): {result.stderr[-2000:]}")
    log("  " + (result.stderr.strip().splitlines() or [f"{name}: done"])[-1] + f" ({result.seconds:.1f} s)")
    raws = glob.glob(os.path.join(work, f"{name}-*.profraw"))
    data = os.path.join(work, f"{name}.profdata")
    merged = procs.run([toolchain_tool("llvm-profdata"), "merge", "-sparse", "-o", data] + raws, timeout=600)
    if merged.code != 0:
        raise CoverageError("llvm-profdata merge failed: " + merged.stderr[-2000:])
    for raw in raws:
        os.remove(raw)
    return data


def export(binary, data, source_dir, fmt):
    result = procs.run([toolchain_tool("llvm-cov"), "export", f"-format={fmt}", binary,
                        f"-instr-profile={data}", source_dir], timeout=600)
    if result.code != 0:
        raise CoverageError("llvm-cov export failed: " + result.stderr[-2000:])
    return result.stdout


def analyse(repo, binary, data, source_dir, reasons):
    """Per file: line/region figures, the maximal uncovered regions (an uncovered region inside
    another is part of it) with their reasons, and the missed lines no listed region explains."""
    exported = json.loads(export(binary, data, source_dir, "text"))["data"][0]
    lcov = export(binary, data, source_dir, "lcov")
    missed_lines, line_counts = {}, {}
    current = None
    for line in lcov.splitlines():
        if line.startswith("SF:"):
            current = os.path.relpath(line[3:], repo)
            missed_lines.setdefault(current, set())
        elif line.startswith("DA:") and current:
            number, count = line[3:].split(",")[:2]
            line_counts[current] = line_counts.get(current, 0) + 1
            if int(count) == 0:
                missed_lines[current].add(int(number))

    spans = {}
    for function in exported["functions"]:
        for r in function["regions"]:
            line_start, col_start, line_end, col_end, count, file_id, _, kind = r[:8]
            if kind != 0:
                continue
            file = os.path.relpath(function["filenames"][file_id], repo)
            key = (file, line_start, col_start, line_end, col_end)
            spans[key] = max(spans.get(key, 0), count)

    files = []
    for entry in sorted(exported["files"], key=lambda f: f["filename"]):
        file = os.path.relpath(entry["filename"], repo)
        with open(entry["filename"], encoding="utf-8") as handle:
            lines = catalog.nonblank_lines(handle.read())
        uncovered = sorted((k[1], k[2], k[3], k[4]) for k, c in spans.items() if k[0] == file and c == 0)
        maximal = [u for u in uncovered
                   if not any(o != u and (o[0], o[1]) <= (u[0], u[1]) and (o[2], o[3]) >= (u[2], u[3]) for o in uncovered)]
        missed = missed_lines.get(file, set())
        region_lines = set()
        for (ls, cs, le, ce) in maximal:
            region_lines.update(range(ls, le + 1))
        # A missed line inside no uncovered code region (a `break;` after uncovered code, say) is
        # listed on its own, so that it too needs a reason.
        spans_to_list = [(ls, cs, le, ce, "region") for (ls, cs, le, ce) in maximal]
        spans_to_list += [(n, 1, n, 0, "line") for n in sorted(missed - region_lines)]
        spans_to_list.sort()
        regions = []
        explained_lines = set()
        whole = reasons.get((file, "*"))
        for (ls, cs, le, ce, what) in spans_to_list:
            key = catalog.context_key(lines, ls) or ""
            reason = whole or reasons.get((file, key))
            regions.append({"file": file, "line": ls, "column": cs, "endLine": le, "endColumn": ce, "kind": what,
                            "key": key, "reason": reason.reason if reason else None,
                            "reasonKind": reason.kind if reason else None,
                            "reasonFrom": reason.source if reason else None})
            if reason:
                explained_lines.update(range(ls, le + 1))
        if whole:
            explained_lines.update(missed)
        summary = entry["summary"]
        files.append({
            "file": file,
            "lines": {"count": line_counts.get(file, 0), "covered": line_counts.get(file, 0) - len(missed)},
            "regions": {"count": summary["regions"]["count"], "covered": summary["regions"]["covered"]},
            "missedLines": len(missed),
            "missedLinesExplained": len(missed & explained_lines),
            "uncoveredRegions": regions,
        })
    used = set()
    for f in files:
        for region in f["uncoveredRegions"]:
            if region["reasonFrom"]:
                used.add(region["reasonFrom"])
    return files, used


def run(repo, work, cases_path, reasons, log):
    scratch = os.path.join(repo, ".build", "adequacy", "coverage")
    log("coverage: instrumented build (--scratch-path .build/adequacy/coverage)")
    debug = build(repo, scratch, log)
    harness = os.path.join(debug, "contract-harness")
    log("coverage: case stream")
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(work, "discard-%p.profraw"))
    result = procs.run([harness, "tool", "cases", "--out", cases_path], cwd=repo, env=env, timeout=600)
    for raw in glob.glob(os.path.join(work, "discard-*.profraw")):
        os.remove(raw)
    if result.code != 0:
        raise CoverageError("contract-harness tool cases failed: " + result.stderr[-2000:])
    log("coverage: C reference (contract-harness tool decode --reader c)")
    c_data = profile(harness, ["tool", "decode", "--reader", "c"], cases_path, work, "c", log)
    log("coverage: Swift reader (CoverageDriver over the public API)")
    drv = driver(repo, debug, work, log)
    swift_data = profile(drv, [], cases_path, work, "swift", log)
    c_files, c_used = analyse(repo, harness, c_data, os.path.join(repo, "Sources", "ReferenceDecoder"), reasons)
    s_files, s_used = analyse(repo, drv, swift_data, os.path.join(repo, "Sources", "WidgetSnapshot"), reasons)
    return {"swift": s_files, "c": c_files}, s_used | c_used
