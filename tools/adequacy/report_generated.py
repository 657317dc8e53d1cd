"""The report's section on generated mutants: kill rates per reader and operator class, per file,
the survivors with their nearest case and the family that should grow, the reviewed equivalents."""

import report
import sites

COUNTED = ("killed", "survived", "equivalent")


def rate(killed, survived):
    return report.pct(killed, killed + survived)


def tally(rows, key):
    out = {}
    for r in rows:
        k = key(r)
        d = out.setdefault(k, {"killed": 0, "survived": 0, "equivalent": 0, "not applicable": 0,
                               "does not compile": 0, "killed (declared equivalent)": 0})
        d[r["status"]] = d.get(r["status"], 0) + 1
    return out


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(g, w, notes=None):
    """Section 3; `notes`: survivors.tsv's reviewed reasons, by mutant id."""
    notes = notes or {}
    rows = g["results"]
    w("## 3. Generated mutants (operator classes at every site)")
    w("")
    w("Sites found on the syntax tree by tree-sitter (`tools/adequacy/sites.py`); all mutants of a run compiled in")
    w("once behind a switch (mutant schemata, `schemata.py`), each run only on the cases that reach its site")
    w("(`generated.py`; Swift and C in one schemata worker per reader, `worker.py`, a fresh forked child per run).")
    w("Killed = a view the gate compares differs from the golden line (the gate's comparison, the reader's")
    w("divergence list applied), or the reader crashed or timed out. *not applicable*: a data-shape")
    w("edit whose site never held a value of the type it changes (not counted). *does not compile*: the edit")
    w("cannot be built (not counted). Reviewed equivalents: `tools/adequacy/equivalent.tsv`, by mutant id.")
    w("The writer end's mutants (`writer_run.py`): the mutated writer writes every state of golden/states; killed =")
    w("the gate fails with it (`check --writer`: a fixture that claims to be its output, its writer schema, the intent")
    w("checks, every reader); a survivor's *lead* is the first finding of `fuzz states` with it, the state to add.")
    w("")
    t = g["timings"]
    run = [r for r in rows if r["status"] not in ("not applicable", "does not compile")
           and r.get("detail") != "no case reaches the site"]
    per = sum(r["seconds"] for r in run) / len(run) if run else 0.0
    phases = [f"{k} {v:.0f} s" for k, v in t.items() if k != "total" and isinstance(v, float)]
    took = "the merged runs' times added up" if g.get("merged") else "time"
    w(f"- selection: `{g['selection']}`; {len(rows)} mutants; {took} {t.get('total', 0) / 60:.1f} min "
      f"({', '.join(phases)}); **{per:.3f} s per mutant run** (mean over the {len(run)} mutants run, "
      f"select, build and trace excluded); {t.get('total', 0) / max(len(rows), 1):.3f} s per mutant all in")
    runs = {}
    for r in rows:
        if r.get("run"):
            runs[r["run"]] = runs.get(r["run"], 0) + 1
    if len(runs) > 1:
        w("- results by the run that made them (a rerun carries verdicts over by mutant id): "
          + ", ".join(f"{n} from `{commit}`" for commit, n in sorted(runs.items(), key=lambda kv: -kv[1])))
    for reader in ("swift", "c", "kotlin", "writer"):
        times = sorted(r["seconds"] for r in run if r["reader"] == reader)
        if times:
            w(f"- {reader}: {len(times)} mutants run, **{sum(times) / len(times):.3f} s mean**, "
              f"{times[len(times) // 2]:.3f} s median, {times[-1]:.1f} s longest per mutant")
    for k, v in t.items():
        if isinstance(v, dict) and "checked" in v:
            w(f"- {k.split()[0]}: the per-process runner on a seeded {v['checked']} of the worker's mutants: "
              f"{v['same']} same verdict, {len(v['differ'])} differ" + (f" ({'; '.join(v['differ'])})" if v["differ"] else ""))
    if g.get("keptOut"):
        w(f"- sites no switch can carry (Kotlin null and type checks: a switch breaks the smart cast): {g['keptOut']}")
    w("")
    w("### Per reader and operator class")
    w("")
    w("| reader | class | killed | survived | equivalent | not applicable | does not compile | kill rate |")
    w("|---|---|---:|---:|---:|---:|---:|---:|")
    by = tally(rows, lambda r: (r["reader"], r["class"]))
    for reader in ("swift", "c", "kotlin", "writer"):
        total = {"killed": 0, "survived": 0, "equivalent": 0, "not applicable": 0, "does not compile": 0}
        for cls in sites.CLASSES:
            d = by.get((reader, cls))
            if not d:
                continue
            for k in total:
                total[k] += d.get(k, 0)
            w(f"| {reader} | {cls} | {d['killed']} | {d['survived']} | {d['equivalent']} | {d['not applicable']} | "
              f"{d['does not compile']} | {rate(d['killed'], d['survived'])} |")
        if sum(total.values()):
            w(f"| **{reader}** | **all** | **{total['killed']}** | **{total['survived']}** | {total['equivalent']} | "
              f"{total['not applicable']} | {total['does not compile']} | **{rate(total['killed'], total['survived'])}** |")
    w("")
    w("### Per file")
    w("")
    w("| file | killed | survived | equivalent | kill rate |")
    w("|---|---:|---:|---:|---:|")
    for f, d in sorted(tally(rows, lambda r: r["file"]).items()):
        if d["killed"] + d["survived"] + d["equivalent"]:
            w(f"| {f} | {d['killed']} | {d['survived']} | {d['equivalent']} | {rate(d['killed'], d['survived'])} |")
    w("")
    survivors = [r for r in rows if r["status"] == "survived"]
    w(f"### Survivors ({len(survivors)})")
    w("")
    if not survivors:
        w("None.")
    else:
        w("Nearest case: the first case whose run reaches the site; grow that family (or add one) so a case tells")
        w("the mutant apart. \"no case reaches the site\": the corpus never runs this code.")
        w("")
        w("| id | where | edit | nearest case | family to grow | why it survives (survivors.tsv) |")
        w("|---|---|---|---|---|---|")
        for r in sorted(survivors, key=lambda r: (r["file"], r["line"])):
            near = r.get("nearestCase") or r["detail"]
            if r.get("lead"):
                near += "; " + r["lead"]
            w(f"| {r['id']} | {r['file'].split('/')[-1]}:{r['line']} | {cell(r['what'])} | "
              f"{cell(near)} | {cell(r.get('family') or '–')} | {cell(notes.get(r['id'], '–'))} |")
    w("")
    report.bullet_section(w, "Reviewed equivalents",
                          [f"**{r['id']}** ({r['file']}:{r['line']}): {cell(r['what'])} — {cell(r['equivalent'])} ({r['status']})"
                           for r in rows if r.get("equivalent")])
