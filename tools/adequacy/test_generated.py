"""Tests of the generated mutants' machinery (run by `scripts/adequacy --quick`, so by scripts/test):
sites per operator class, ids that survive unrelated edits, the --since selection, a C schemata
build whose switches really change behaviour one mutant at a time, and where a run's report goes
(the report folder under .build, the one-screen committed summary, the last run read back)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

import carryover  # noqa: E402
import generated  # noqa: E402
import report  # noqa: E402
import summary  # noqa: E402
import schemata  # noqa: E402
import sites  # noqa: E402
import writer_protocol  # noqa: E402

SWIFT = b'''func pick(_ rows: [String], limit: Int) -> [String] {
    var out: [String] = []
    for row in rows {
        if row.count < limit { out.append(row) }
    }
    guard limit > 0 else { return [] }
    if String(out.joined(separator: ",")).isEmpty { return [] }
    return out
}
'''

C = b'''#include <stdio.h>
#include <stdlib.h>
static int below(int a, int b) { return a < b; }
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int total = 0;
    if (below(n, 10))
        total = n + 1;
    printf("%d\\n", total);
    return 0;
}
'''


def found(reader, text, name="f"):
    ext = {"swift": ".swift", "c": ".c", "kotlin": ".kt"}[reader]
    ms = sites.Finder(reader, name + ext, text).find()
    sites.assign_ids(ms)
    return ms


class SitesTests(unittest.TestCase):
    def test_swift_classes(self):
        classes = {m.op_class for m in found("swift", SWIFT)}
        for cls in ("relational", "boundary", "negate", "branch", "default", "text", "reverse"):
            self.assertIn(cls, classes)

    def test_ids_survive_lines_moving_and_an_unrelated_function(self):
        before = {m.id for m in found("swift", SWIFT)}
        shifted = b"\n\n// a comment\nfunc other() -> Int { return 1 < 2 ? 3 : 4 }\n\n" + SWIFT
        after = {m.id for m in found("swift", shifted)}
        self.assertTrue(before <= after, before - after)
        self.assertGreater(len(after), len(before))

    def test_an_edit_of_the_site_changes_its_id(self):
        before = {m.id: m.what for m in found("c", C) if m.op_class == "relational"}
        after = {m.id for m in found("c", C.replace(b"a < b", b"a <= b")) if m.op_class == "relational"}
        self.assertNotEqual(set(before), after)

    def test_static_and_global_initialisers_run_once(self):
        text = (b"let top = 7\nstruct S {\n    static let depth = 2048\n    let each = 3\n"
                b"    static var computed: Int { 5 }\n    func f() -> Int { let local = 9; return local }\n}\n")
        once = {m.text for m in found("swift", text) if m.once}
        self.assertEqual(once, {"7", "2048"})

    def test_kotlin_null_checks_are_kept_out(self):
        ms = found("kotlin", b"fun f(a: String?): Int { if (a != null) return a.length\n return 0 }\n")
        self.assertFalse([m for m in ms if "null" in m.text and m.op_class in ("relational", "negate")])


class SinceTests(unittest.TestCase):
    def test_changed_lines_and_selection(self):
        repo = tempfile.mkdtemp()
        try:
            def git(*args):
                subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid"] + list(args), cwd=repo,
                               check=True, capture_output=True)
            git("init", "-q")
            path = os.path.join(repo, "Sources", "ReferenceDecoder")
            os.makedirs(path)
            with open(os.path.join(path, "x.c"), "wb") as handle:
                handle.write(C)
            git("add", "-A")
            git("commit", "-qm", "one")
            with open(os.path.join(path, "x.c"), "wb") as handle:
                handle.write(C.replace(b"total = n + 1;", b"total = n + 2;"))
            lines = generated.changed_lines(repo, "HEAD", ["Sources/ReferenceDecoder/x.c"])
            self.assertEqual(lines, {"Sources/ReferenceDecoder/x.c": {9}})
            chosen = generated.select(repo, ["c"], since="HEAD")
            self.assertTrue(chosen)
            self.assertEqual({m.line for m in chosen}, {9})
        finally:
            shutil.rmtree(repo)


@unittest.skipUnless(shutil.which("cc"), "no C compiler")
class SchemataTests(unittest.TestCase):
    def test_each_switch_changes_only_its_mutant(self):
        ms = found("c", C)
        for n, m in enumerate(ms, 1):
            m.number = n
        text = schemata.render(C, sites.parse("c", C), ms, "c")
        work = tempfile.mkdtemp()
        try:
            with open(os.path.join(work, "m.c"), "w") as handle:
                handle.write(text)
            with open(os.path.join(work, "h.c"), "w") as handle:
                handle.write(schemata.C_HELPER)
            subprocess.run(["cc", "-o", os.path.join(work, "m"), os.path.join(work, "m.c"), os.path.join(work, "h.c")],
                           check=True, capture_output=True)

            def run(n, arg="3"):
                env = dict(os.environ, WIDGET_MUTANT=str(n))
                return subprocess.run([os.path.join(work, "m"), arg], env=env, capture_output=True, text=True).stdout
            self.assertEqual(run(0), "4\n")
            flip = next(m for m in ms if m.op_class == "relational" and m.text == "a < b")
            self.assertEqual(run(flip.number), "0\n")
            plus = next(m for m in ms if m.op_class == "boundary" and m.operator == "const+1" and "n + 1" in m.what)
            self.assertEqual(run(plus.number), "5\n")
            gone = next(m for m in ms if m.op_class == "delete" and "total = n + 1" in m.text)
            self.assertEqual(run(gone.number), "0\n")
            self.assertEqual(run(len(ms) + 1), "4\n")
        finally:
            shutil.rmtree(work)


    def test_a_deleted_then_branch_keeps_its_else(self):
        """`if (c) a = 1; else a = 2;` with the then-statement behind a switch: off, both branches as before."""
        src = (b"#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv)\n{\n    int a = 0;\n"
               b"    if (atoi(argv[1]) > 5)\n        a = 1;\n    else\n        a = 2;\n    printf(\"%d\\n\", a);\n    return 0;\n}\n")
        ms = [m for m in found("c", src) if m.op_class == "delete" and m.text == "a = 1;"]
        self.assertTrue(ms)
        for n, m in enumerate(ms, 1):
            m.number = n
        work = tempfile.mkdtemp()
        try:
            with open(os.path.join(work, "m.c"), "w") as handle:
                handle.write(schemata.render(src, sites.parse("c", src), ms, "c"))
            with open(os.path.join(work, "h.c"), "w") as handle:
                handle.write(schemata.C_HELPER)
            subprocess.run(["cc", "-o", os.path.join(work, "m"), os.path.join(work, "m.c"), os.path.join(work, "h.c")],
                           check=True, capture_output=True)
            env = {k: v for k, v in os.environ.items() if k != "WIDGET_MUTANT"}
            run = lambda arg, e=env: subprocess.run([os.path.join(work, "m"), arg], env=e, capture_output=True,  # noqa: E731
                                                    text=True).stdout
            self.assertEqual((run("9"), run("1")), ("1\n", "2\n"))
            self.assertEqual(run("9", dict(env, WIDGET_MUTANT="1")), "0\n")
        finally:
            shutil.rmtree(work)

    def test_the_switch_set_in_process_changes_the_mutant(self):
        """rd_mut_set (the worker's switch) turns one mutant on and off again in a running process."""
        ms = found("c", C)
        for n, m in enumerate(ms, 1):
            m.number = n
        text = schemata.render(C, sites.parse("c", C), ms, "c").replace("int main(int argc", "int real_main(int argc")
        flip = next(m for m in ms if m.op_class == "relational" and m.text == "a < b")
        driver = ("#include <stdio.h>\nvoid rd_mut_set(int n);\nint real_main(int argc, char **argv);\n"
                  "int main(void) { char *argv[] = {\"x\", \"3\", 0};\n"
                  f"  real_main(2, argv); rd_mut_set({flip.number}); real_main(2, argv); rd_mut_set(0); real_main(2, argv);\n"
                  "  return 0; }\n")
        work = tempfile.mkdtemp()
        try:
            for name, body in (("m.c", text), ("h.c", schemata.C_HELPER), ("d.c", driver)):
                with open(os.path.join(work, name), "w") as handle:
                    handle.write(body)
            subprocess.run(["cc", "-o", os.path.join(work, "m")] + [os.path.join(work, n) for n in ("m.c", "h.c", "d.c")],
                           check=True, capture_output=True)
            env = {k: v for k, v in os.environ.items() if k != "WIDGET_MUTANT"}
            out = subprocess.run([os.path.join(work, "m")], env=env, capture_output=True, text=True).stdout
            self.assertEqual(out, "4\n0\n4\n")
        finally:
            shutil.rmtree(work)


TS = b'''declare const process: { readonly env: { [name: string]: string | undefined }; readonly argv: string[] };
declare const console: { log(text: string): void };

function below(a: number, b: number): boolean { return a < b; }

const n = Number(process.argv[2]);
let total = 0;
if (below(n, 10)) {
  total = n + 1;
}
console.log(String(total));
'''


TS_DATA = (b'declare const process: { readonly env: { [name: string]: string | undefined } };\n'
           b'declare const console: { log(text: string): void };\n'
           b'const task = { title: " Ab\u00e9 ", primary: null as string | null };\n'
           b'const rows = [1, 2, 3].map((x) => x * 2);\n'
           b'console.log(JSON.stringify([task.title, task.primary, rows]));\n')


@unittest.skipUnless(shutil.which("tsc") and shutil.which("node"), "no tsc or node")
class TypeScriptSchemataTests(unittest.TestCase):
    """The writer end's schemata: tsc builds every mutant in (one tsc for both sources, as the runner
    compiles the writer end once), WIDGETCONTRACT_MUTANT turns one on."""

    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp()
        cls.mutants = {}
        for name, src in (("m", TS), ("d", TS_DATA)):
            ms = sites.Finder("writer", name + ".ts", src).find()
            sites.assign_ids(ms)
            for k, m in enumerate(ms, 1):
                m.number = k
            cls.mutants[name] = ms
            with open(os.path.join(cls.work, name + ".ts"), "w") as handle:
                handle.write(schemata.render(src, sites.parse("typescript", src), ms, "typescript") + "\nexport {};\n")
        cls.made = subprocess.run(["tsc", "--strict", "--target", "ES2020", "--lib", "ES2020", "--module", "commonjs",
                                   "--outDir", cls.work, os.path.join(cls.work, "m.ts"), os.path.join(cls.work, "d.ts")],
                                  capture_output=True, text=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def run_js(self, name, number, *args):
        self.assertEqual(self.made.returncode, 0, self.made.stdout + self.made.stderr)
        env = dict(os.environ, WIDGETCONTRACT_MUTANT=str(number))
        return subprocess.run(["node", os.path.join(self.work, name + ".js")] + list(args), env=env,
                              capture_output=True, text=True).stdout.strip()

    def test_each_switch_changes_only_its_mutant(self):
        ms = self.mutants["m"]
        self.assertEqual(self.run_js("m", 0, "3"), "4")
        flip = next(m for m in ms if m.op_class == "relational" and m.text == "a < b")
        self.assertEqual(self.run_js("m", flip.number, "3"), "0")
        gone = next(m for m in ms if m.op_class == "delete" and "total = n + 1" in m.text)
        self.assertEqual(self.run_js("m", gone.number, "3"), "0")
        self.assertEqual(self.run_js("m", len(ms) + 1, "3"), "4")

    def test_text_and_list_edits_change_only_values_of_their_kind(self):
        by = {(m.op_class, m.operator, m.text): m.number for m in self.mutants["d"]}
        self.assertEqual(self.run_js("d", 0), '[" Ab\u00e9 ",null,[2,4,6]]')
        self.assertEqual(self.run_js("d", by[("text", "trim", "task.title")]), '["Ab\u00e9",null,[2,4,6]]')
        self.assertEqual(self.run_js("d", by[("text", "lower", "task.title")]), '[" ab\u00e9 ",null,[2,4,6]]')
        self.assertEqual(self.run_js("d", by[("text", "nfd", "task.title")]), '[" Abe\u0301 ",null,[2,4,6]]')
        self.assertEqual(self.run_js("d", by[("text", "trim", "task.primary")]), '[" Ab\u00e9 ",null,[2,4,6]]')
        self.assertEqual(self.run_js("d", by[("reverse", "reversed", "[1, 2, 3].map((x) => x * 2)")]),
                         '[" Ab\u00e9 ",null,[6,4,2]]')


class WorkerProtocolTests(unittest.TestCase):
    def test_ranges(self):
        import worker
        self.assertEqual(worker.ranges_of([0, 1, 2, 5, 7, 8]), ["0-3", "5-6", "7-9"])
        self.assertEqual(worker.ranges_of([300, 301, 100, 101]), ["300-302", "100-102"])
        self.assertEqual(worker.ranges_of([]), [])

    def test_the_worker_target_is_appended_to_the_manifest(self):
        import worker
        here = os.path.dirname(os.path.realpath(__file__))
        files = worker.package_files(os.path.dirname(os.path.dirname(here)))
        self.assertIn('name: "adequacy-worker"', files["Package.swift"])
        self.assertIn("rd_mut_set", files[worker.TARGET_PATH])
        self.assertIn("rd_mut_set", schemata.C_HELPER)
        self.assertIn("public func __mutantSelect", schemata.SWIFT_HELPER)


@unittest.skipUnless(os.environ.get("ADEQUACY_RUNNER_CHECK"), "set ADEQUACY_RUNNER_CHECK=N to build the schemata "
                     "package (minutes) and hold the worker to the per-process runner on N seeded mutants")
class RunnerAgreementTests(unittest.TestCase):
    """The worker's verdicts equal the per-process runner's (same kill/survive per id) on a seeded sample,
    and on every mutant of the files whose state a mutant could leave behind (the C zone cache in
    tzif.c, DayStartCache's memo in DayString.swift): `scripts/adequacy --check-runner`."""

    def run_checked(self, *args):
        here = os.path.dirname(os.path.realpath(__file__))
        repo = os.path.dirname(os.path.dirname(here))
        n = os.environ["ADEQUACY_RUNNER_CHECK"]
        done = subprocess.run([os.path.join(repo, "scripts", "adequacy"), "--only", "generated", "--check-runner", n]
                              + list(args), cwd=repo, capture_output=True, text=True)
        checks = [l for l in done.stderr.splitlines() if "per-process runner on" in l]
        self.assertTrue(checks, done.stderr[-3000:])
        for line in checks:
            self.assertIn(" 0 differ", line, done.stderr[-3000:])

    def test_a_seeded_sample(self):
        self.run_checked("--reader", "swift", "--reader", "c", "--sample", os.environ["ADEQUACY_RUNNER_CHECK"],
                         "--seed", "26")

    def test_the_files_with_caches(self):
        self.run_checked("--reader", "swift", "--reader", "c", "--mutant", "c.tzif", "--mutant", "s.DayString",
                         "--mutant", "s.DayStartCache")


class CarryOverTests(unittest.TestCase):
    """--rerun-survivors: what a rerun takes from the last run and what it runs again."""

    def test_only_open_verdicts_run_again(self):
        ms = found("swift", SWIFT)
        self.assertGreaterEqual(len(ms), 7)
        a, b, c, d, e, f = ms[:6]

        def row(m, status, detail=""):
            return {"id": m.id, "reader": "swift", "status": status, "detail": detail}
        prior = [row(a, "killed", "3 cases compared, 1 differ, first kept/case@x"),
                 row(b, "killed", "3 cases compared, 1 differ, first gone/case@x"),
                 row(c, "survived", "no case reaches the site"),
                 row(d, "equivalent"), row(e, "not applicable"), row(f, "killed", "1 not expected (first )"),
                 {"id": "s.f.old.boundary.00000000", "reader": "swift", "status": "killed", "detail": ""},
                 {"id": "c.x.y.delete.11111111", "reader": "c", "status": "survived", "detail": ""}]
        p = carryover.plan(prior, "abc1234", ms, {"kept/case@x"}, {}, ["swift"])
        carried = {r["id"] for r in p.carried}
        self.assertIn(a.id, carried)                 # its killing case is still there
        self.assertIn(e.id, carried)                 # decided by the source alone
        self.assertIn("c.x.y.delete.11111111", carried)   # another reader's row, untouched
        self.assertEqual(set(p.run_ids) & carried, set())
        self.assertIn(b.id, p.run_ids)               # killed by a case that is gone
        self.assertIn(c.id, p.run_ids)               # a survivor
        self.assertIn(d.id, p.run_ids)               # its review is no longer in equivalent.tsv
        self.assertIn(f.id, carried)                 # a kill that names no case: a wrong id, a crash
        self.assertIn(ms[6].id, p.run_ids)           # new since the last run
        self.assertEqual(p.stale, 1)
        self.assertEqual(p.why, {"survived": 1, "new": len(ms) - 6, "killing case gone": 1, "review withdrawn": 1})
        self.assertTrue(all(r["run"] == "abc1234" for r in p.carried))
        kept = carryover.plan(prior, "abc1234", ms, {"kept/case@x"}, {d.id: "reviewed reason here"}, ["swift"])
        self.assertNotIn(d.id, kept.run_ids)


class WorkflowTests(unittest.TestCase):
    """The workflow examples run `scripts/adequacy` with arguments it accepts."""

    def test_workflow_commands_parse(self):
        import importlib.machinery
        import importlib.util
        here = os.path.dirname(os.path.realpath(__file__))
        repo = os.path.dirname(os.path.dirname(here))
        loader = importlib.machinery.SourceFileLoader("adequacy_cli", os.path.join(repo, "tools", "adequacy", "adequacy"))
        spec = importlib.util.spec_from_loader("adequacy_cli", loader)
        cli = importlib.util.module_from_spec(spec)
        loader.exec_module(cli)
        seen = []
        for name in ("contract-gate.yml", "adequacy-nightly.yml"):
            with open(os.path.join(repo, ".github", "workflows", name), encoding="utf-8") as handle:
                for line in handle:
                    words = line.split()
                    if "scripts/adequacy" in words:
                        args = [w.strip('"').replace("$BASE", "HEAD") for w in words[words.index("scripts/adequacy") + 1:]]
                        cli.parse_args(args)          # exits 2 on an argument it does not take
                        seen.append(args)
        self.assertIn(["--since", "HEAD"], seen)
        self.assertIn([], seen)



class WriterProtocolTests(unittest.TestCase):
    def test_the_form_check_wants_one_answer_per_line_and_the_right_line_number(self):
        data = b'{"a":1}\n\n{bad\r\n'
        names = ["valid", "not-json"]
        good = b'{"v":1}\n{"id":"","crash":"bad state: stdin:3: not JSON in readAppState"}\n'
        writer_protocol.check_form(good, data, names)
        for bad in (good.replace(b"stdin:3", b"stdin:2"),                  # the line counted wrong
                    b'{"v":1}\n{"v":1}\n',                                  # a blob for a malformed line
                    b'{"v":1}\n'):                                           # an answer missing
            with self.assertRaises(ValueError):
                writer_protocol.check_form(bad, data, names)

    def test_the_malformed_input_spreads_blank_and_crlf_lines(self):
        rich = {"id": "x/y", "timeZone": "Europe/Berlin", "todayStr": "2026-07-17", "revision": 2,
                "todayTaskIds": [], "tasks": [{"id": "t1"}, {"id": "t2"}], "projects": [{"id": "p1"}]}
        data = writer_protocol.malformed_input(rich).decode()
        self.assertIn("\r\n", data)
        self.assertIn("\n\n", data)
        lines = [l for l in data.split("\n") if l.strip(" \t\r")]
        self.assertEqual(len(lines), len(writer_protocol.malformed_lines(rich)))


HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def small_run():
    """The facts of a full run, small: two coverage files, two catalog mutants, generated mutants of two
    readers from two runs (one carried over)."""
    def region(reason):
        return {"file": "x", "line": 1, "column": 1, "key": "k", "reason": reason}
    def cov(name, lines, covered, missed, explained, reasons):
        return {"file": name, "lines": {"count": lines, "covered": covered}, "regions": {"count": lines, "covered": covered},
                "missedLines": missed, "missedLinesExplained": explained, "uncoveredRegions": [region(r) for r in reasons]}
    def gen(n, reader, cls, status, run):
        return {"id": f"{reader[0]}.f.g.{cls}.{n:08x}", "reader": reader, "file": "f", "line": n, "class": cls,
                "operator": cls, "what": "w", "seconds": 0.1, "status": status, "detail": "", "run": run}
    rows = ([gen(n, "swift", "relational", "killed", "aaaaaaa") for n in range(9)] + [gen(9, "swift", "relational", "survived", "bbbbbbb")]
            + [gen(10 + n, "c", "boundary", "killed", "bbbbbbb") for n in range(3)] + [gen(20, "c", "delete", "equivalent", "bbbbbbb")])
    return {"command": "scripts/adequacy ", "started": "2026-01-01 00:00 UTC", "commit": "bbbbbbb", "dirty": False, "cases": 1234,
            "machine": {"cpus": 2, "cpu": "c", "os": "o", "loadAtStart": "0", "swift": "s", "java": "j", "kotlin": "k"},
            "phaseSeconds": {"coverage": 1.0}, "wallSeconds": 60.0, "survivorNotes": {},
            "coverage": {"swift": [cov("Sources/WidgetSnapshot/A.swift", 100, 90, 10, 10, ["case: dates", "api: x"])],
                         "c": [cov("Sources/ReferenceDecoder/a.c", 50, 40, 10, 8, ["defensive: y"])]},
            "staleReasons": [], "unusedReasons": [],
            "mutants": [{"id": "k-one", "lang": "kotlin", "file": "k.kt", "line": 1, "what": "w", "equivalent": None,
                         "status": "killed", "detail": "d", "seconds": 1.0},
                        {"id": "s-one", "lang": "swift", "file": "s.swift", "line": 1, "what": "w", "equivalent": None,
                         "status": "survived", "detail": "d", "seconds": 1.0}],
            "generated": {"selection": "every site", "results": rows, "timings": {"total": 5.0}, "keptOut": 0}}


def read_bytes(path):
    with open(path, "rb") as handle:
        return handle.read()


class ReportTests(unittest.TestCase):
    """A full run's report goes to the report folder under .build (not committed) and its one-screen summary
    to docs/reports/adequacy.md; a partial run never replaces them; the last run is read back from there."""

    def test_the_summary_gives_the_figures_and_where_they_come_from(self):
        text = summary.render(small_run())
        self.assertLessEqual(text.count("\n"), summary.MAX_LINES)
        self.assertIn("made at commit `bbbbbbb`, started 2026-01-01 00:00 UTC, 1,234 cases, by `scripts/adequacy`", text)
        self.assertIn("| Swift reader | 90.0 % | 90.0 % | **100.0 %** (100/100) | 0 |", text)
        self.assertIn("| C reference | 80.0 % | 80.0 % | **96.0 %** (48/50) | 2 |", text)
        self.assertIn("`case:` reason): 1;", text)
        self.assertIn("| Swift reader | 1 | 0 | 1 | 0 | 0 | 0.0 % |", text)
        self.assertIn("| relational | 90.0 % (9/10) | – |", text)
        self.assertIn("| boundary | – | 100.0 % (3/3) |", text)
        self.assertIn("| equivalent (reviewed) | 0 | 1 |", text)
        self.assertIn("(2 runs; a rerun carries a verdict over by mutant id): 9 from `aaaaaaa`, 5 from `bbbbbbb`.", text)
        self.assertIn("**Survivors: 2** — 1 generated (swift 1), 1 from the catalogs", text)

    def test_a_rerun_says_which_command_made_the_generated_part(self):
        facts = dict(small_run(), generatedCommit="ccccccc", generatedCommand="scripts/adequacy --rerun-survivors",
                     generatedStarted="2026-01-02 00:00 UTC", generatedCases=1300)
        text = summary.render(facts)
        self.assertIn("- generated mutants: made at commit `ccccccc`, started 2026-01-02 00:00 UTC, 1,300 cases, "
                      "by `scripts/adequacy --rerun-survivors`", text)
        self.assertIn("the parts come from different runs", text)

    def test_a_full_run_writes_the_report_folder_and_the_summary_only(self):
        with tempfile.TemporaryDirectory() as repo:
            report.publish(small_run(), repo)
            made = sorted(os.path.relpath(os.path.join(d, f), repo) for d, _, fs in os.walk(repo) for f in fs)
            self.assertEqual(made, [".build/adequacy/report/adequacy.json", ".build/adequacy/report/adequacy.md",
                                    "docs/reports/adequacy.md"])
            self.assertEqual(report.load_last(repo)["commit"], "bbbbbbb")

    def test_a_run_that_cannot_be_rendered_leaves_every_file_as_it_was(self):
        with tempfile.TemporaryDirectory() as repo:
            report.publish(small_run(), repo)
            before = {p: read_bytes(os.path.join(repo, p)) for p in (report.SUMMARY, os.path.join(report.REPORT, "adequacy.json"))}
            broken = small_run()
            del broken["coverage"]["swift"][0]["regions"]
            with self.assertRaises(KeyError):
                report.publish(broken, repo)
            for path, content in before.items():
                self.assertEqual(read_bytes(os.path.join(repo, path)), content, path)
            self.assertEqual(sorted(os.listdir(os.path.join(repo, report.REPORT))), ["adequacy.json", "adequacy.md"])

    def test_no_last_run_says_what_to_run(self):
        with tempfile.TemporaryDirectory() as repo:
            with self.assertRaises(report.NoLastRun) as raised:
                report.load_last(repo)
            self.assertIn("no last full run at .build/adequacy/report/adequacy.json", str(raised.exception))
            self.assertIn("nice -n 10 scripts/adequacy", str(raised.exception))
            os.makedirs(os.path.join(repo, report.REPORT))
            with open(report.last_run_path(repo), "w") as handle:
                handle.write('{"cases": 3}')
            with self.assertRaises(report.NoLastRun) as raised:
                report.load_last(repo)
            self.assertIn("not a run's adequacy.json", str(raised.exception))

    def test_the_cli_reads_the_last_run_from_the_report_folder(self):
        """The tool in a scratch repository: --rerun-survivors and --merge-generated with no last run exit 2 naming
        what to run, before building anything; --render FILE makes FILE the last run and writes the summary."""
        with tempfile.TemporaryDirectory() as repo:
            tool = os.path.join(repo, "tools", "adequacy")
            shutil.copytree(HERE, tool, ignore=shutil.ignore_patterns("__pycache__"))
            for args in (["--rerun-survivors"], ["--merge-generated", "x.jsonl"]):
                done = subprocess.run([sys.executable, os.path.join(tool, "adequacy")] + args, cwd=repo,
                                      capture_output=True, text=True, timeout=60)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn("no last full run at .build/adequacy/report/adequacy.json: run the full one first", done.stderr)
            given = os.path.join(repo, "run.json")
            with open(given, "w") as handle:
                json.dump(small_run(), handle)
            done = subprocess.run([sys.executable, os.path.join(tool, "adequacy"), "--render", given], cwd=repo,
                                  capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(report.load_last(repo), small_run())
            with open(os.path.join(repo, report.SUMMARY), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), summary.render(small_run()))
            self.assertFalse([f for f in os.listdir(repo) if f.upper().startswith("ADEQUACY")])

    def test_the_committed_summary_is_one_screen_and_generated(self):
        with open(os.path.join(REPO, report.SUMMARY), encoding="utf-8") as handle:
            text = handle.read()
        self.assertLessEqual(text.count("\n"), summary.MAX_LINES)
        self.assertTrue(text.startswith("# How strong is the corpus: summary of the last full run\n\n_Generated by `scripts/adequacy`"))


if __name__ == "__main__":
    unittest.main()
