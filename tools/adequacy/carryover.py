"""What a rerun of the generated mutants can take from the last full run instead of running it again.

The corpus grows between runs far more often than the readers change, and a case added can only kill
more. So a mutant whose id still exists (same file, function, operator class and site text: sites.py) keeps
a verdict that only the source decides (not applicable, does not compile), a reviewed equivalent that is
still in equivalent.tsv, and a kill whose killing case is still in the stream. Everything else runs again:
survivors, new mutants, a kill by a case that is gone, an equivalent whose review was withdrawn. Results of
mutants that no longer exist are dropped and counted."""

import re

SOURCE_DECIDED = ("not applicable", "does not compile")
KILLING_CASE = re.compile(r"\bdiffer, first (\S+)")


class Plan:
    """The rerun: the ids to run, the rows carried over (each marked with the run it came from), the
    counts a report states."""

    def __init__(self):
        self.run_ids = []
        self.carried = []
        self.stale = 0
        self.why = {"survived": 0, "new": 0, "killing case gone": 0, "review withdrawn": 0}


def killing_case(row):
    """The case a killed row names as its first differing one, or None: a crash, a timeout, a line that
    is not a view or names no golden case is a kill whatever the stream holds."""
    found = KILLING_CASE.search(row.get("detail") or "")
    return found.group(1) if found else None


def plan(prior_rows, prior_commit, current, case_ids, equivalents, readers):
    """prior_rows: the last run's results; current: the mutants of the tree now (sites.find_all);
    case_ids: the stream's case ids now; equivalents: equivalent.tsv; readers: the readers rerun (rows of
    other readers are carried as they are)."""
    out = Plan()
    now = {m.id: m for m in current}
    prior = {r["id"]: r for r in prior_rows}
    for r in prior_rows:
        if r["id"] not in now and r["reader"] in readers:
            out.stale += 1
        elif r["reader"] not in readers:
            out.carried.append(dict(r, run=r.get("run", prior_commit)))
    for m in current:
        if m.reader not in readers:
            continue
        r = prior.get(m.id)
        if r is None:
            out.why["new"] += 1
        elif r["status"] in SOURCE_DECIDED:
            out.carried.append(dict(r, run=r.get("run", prior_commit)))
            continue
        elif r["status"] == "equivalent" and m.id in equivalents:
            out.carried.append(dict(r, run=r.get("run", prior_commit), equivalent=equivalents[m.id]))
            continue
        elif r["status"] == "equivalent":
            out.why["review withdrawn"] += 1
        elif r["status"].startswith("killed"):
            case = killing_case(r)
            if case is None or case in case_ids:
                out.carried.append(dict(r, run=r.get("run", prior_commit)))
                continue
            out.why["killing case gone"] += 1
        else:
            out.why["survived"] += 1
        out.run_ids.append(m.id)
    return out


def describe(p, prior_commit, commit):
    """One line for the report's selection."""
    reasons = ", ".join(f"{n} {k}" for k, n in p.why.items() if n)
    return (f"rerun at {commit} of what the run at {prior_commit} left open: {len(p.run_ids)} run ({reasons or 'none'}); "
            f"{len(p.carried)} results carried over by mutant id; {p.stale} dropped (their mutant no longer exists)")
