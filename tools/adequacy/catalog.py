"""The reviewed inputs of scripts/adequacy: mutant catalogs (mutants/*.tsv) and the reasons for
uncovered code (uncovered.tsv). Both are keyed by source text, never by line number, so an
edit to a reader makes an entry STALE (reported) instead of silently pointing elsewhere."""

import os

LINE_BREAK = "\u23ce"  # ⏎ stands for a line break inside a find/replace text


class CatalogError(Exception):
    pass


class Mutant:
    def __init__(self, lang, source, number, fields):
        self.lang = lang
        self.source = source          # catalog file:line, for messages
        self.number = number
        self.id, self.file, find, replace, self.what = fields[:5]
        self.equivalent = fields[5] if len(fields) > 5 else ""
        self.find = find.replace(LINE_BREAK, "\n")
        self.replace = replace.replace(LINE_BREAK, "\n")

    def locate(self, text):
        """'ok', 'stale: text not found' or 'stale: text occurs N times'."""
        count = text.count(self.find)
        if count == 1:
            return "ok"
        if count == 0:
            return "stale: text not found"
        return f"stale: text occurs {count} times (lengthen it to one occurrence)"

    def apply(self, text):
        assert text.count(self.find) == 1
        return text.replace(self.find, self.replace, 1)

    def line_in(self, text):
        index = text.find(self.find)
        return text.count("\n", 0, index) + 1 if index >= 0 else None


def rows(path):
    """(line number, tab-separated fields) of each row of a reviewed TSV file, blank and `#` lines skipped."""
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            yield number, line.split("\t")


def load_mutants(path, lang):
    mutants, seen = [], set()
    for number, fields in rows(path):
        where = f"{os.path.basename(path)}:{number}"
        if len(fields) not in (5, 6):
            raise CatalogError(f"{where}: {len(fields)} tab-separated columns, want 5 or 6 "
                               "(id, file, find, replace, what[, equivalent])")
        if not all(fields[:3]) or not fields[4]:
            raise CatalogError(f"{where}: id, file, find and what must not be empty")
        m = Mutant(lang, where, number, fields)
        if m.find == m.replace:
            raise CatalogError(f"{where}: {m.id}: replace equals find")
        if m.id in seen:
            raise CatalogError(f"{where}: duplicate mutant id {m.id}")
        seen.add(m.id)
        mutants.append(m)
    return mutants


class Reason:
    def __init__(self, source, file, text, reason):
        self.source = source
        self.file = file
        self.text = text              # context_key of the region's first line, or '*' 
        self.reason = reason

    @property
    def kind(self):
        word = self.reason.split(":", 1)[0].strip()
        return word if word in ("unreachable", "defensive", "api", "case") else "other"


def load_reasons(path):
    reasons = {}
    for number, fields in rows(path):
        where = f"{os.path.basename(path)}:{number}"
        if len(fields) != 3 or not all(f.strip() for f in fields):
            raise CatalogError(f"{where}: want 3 tab-separated columns: file, key (the region's source line, ⏎-joined context), reason")
        file, text, reason = (f.strip() for f in fields)
        kind = reason.split(":", 1)[0].strip()
        if kind not in ("unreachable", "defensive", "api", "case"):
            raise CatalogError(f"{where}: the reason must start with unreachable:, defensive:, api: or case:")
        key = (file, text)
        if key in reasons:
            raise CatalogError(f"{where}: a second reason for {file}: {text}")
        reasons[key] = Reason(where, file, text, reason)
    return reasons


def nonblank_lines(text):
    """[(line number, trimmed text)] of the lines that are not blank."""
    return [(n, line.strip()) for n, line in enumerate(text.split("\n"), 1) if line.strip()]


def occurrences(lines, sequence):
    """How many times the trimmed lines `sequence` occur consecutively in `lines`."""
    k = len(sequence)
    texts = [t for _, t in lines]
    return sum(1 for i in range(len(texts) - k + 1) if texts[i:i + k] == sequence)


def context_key(lines, line_number):
    """The key of the code starting on line_number: its trimmed text, preceded by as many earlier
    non-blank lines as it takes to be unique in the file (joined by ⏎); None for a blank line."""
    index = next((i for i, (n, _) in enumerate(lines) if n == line_number), None)
    if index is None:
        return None
    texts = [t for _, t in lines]
    for k in range(1, index + 2):
        sequence = texts[index - k + 1:index + 1]
        if occurrences(lines, sequence) == 1:
            return LINE_BREAK.join(sequence)
    return LINE_BREAK.join(texts[:index + 1])


def stale_reasons(reasons, repo):
    """Reasons whose file is gone, or whose key no longer occurs exactly once in it."""
    stale = []
    cache = {}
    for reason in reasons.values():
        path = os.path.join(repo, reason.file)
        if reason.file not in cache:
            try:
                with open(path, encoding="utf-8") as handle:
                    cache[reason.file] = nonblank_lines(handle.read())
            except FileNotFoundError:
                cache[reason.file] = None
        lines = cache[reason.file]
        if lines is None:
            stale.append((reason, "file not found"))
        elif reason.text != "*":
            count = occurrences(lines, reason.text.split(LINE_BREAK))
            if count != 1:
                stale.append((reason, "source text not found" if count == 0 else f"source text occurs {count} times"))
    return stale
