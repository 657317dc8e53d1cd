#!/usr/bin/env python3
"""validate.py: scripts/check-schemas' validator. One process, each schema's validator built once.

  validate.py GROUP...        (files relative to the current folder; exit 1 when anything fails)
  GROUP is one of
    --docs SCHEMA FILE...          each FILE one JSON document against SCHEMA
    --refused SCHEMA FILE...       the same, but each FILE must FAIL (the schema's invalid examples)
    --shown SCHEMA PREFIX FILE...  the same, but errors are printed (as PREFIX-less names), never failing
    --cases SCHEMA FILE...         JSONL: each line against SCHEMA's `items` (the *.jsonl.schema.json
                                   wrappers: element N of their array is line N); tap queues may repeat keys
    --golden SCHEMA FILE...        JSONL like --cases, for golden lines: each DISTINCT view once (below)
  SCHEMA is a file name in this repository's schemas/; an error names FILE:LINE, the field
  ($.path) and the message.

The validator is the one check-jsonschema builds (it brings these libraries): `jsonschema`'s
Draft 2020-12 validator, `$ref`s resolved against the schema files' own file URIs (the
`referencing` registry holds every schemas/*.json), `pattern` and `patternProperties` as
ECMA-262 regular expressions through `regress` with the unicode flag, formats checked. What
check-jsonschema did in some 30 processes, and in ten times the CPU over the golden files,
this does in one (the schemas step: docs/benchmarks.md, "CI steps").

JSONL lines are read strictly, as the harness writes them: UTF-8, one JSON object per line, no
duplicate keys (except in a case's tap queues, pendingDoneTargets and pendingDoneTimestamps:
CONTRACT.md §6, the last tap wins), no NaN or Infinity. Lone UTF-16 surrogate escapes (valid
JSON text, CONTRACT.md D1) are read as U+FFFD: `regress` takes UTF-8 only, and no schema
constrains a string where that could matter; their count is printed.

Golden lines (--golden) are a view plus its provenance: the members `id`, `case` and `seal`
differ on every line, the rest repeats (a fixture's view is the same in many zones and at many
instants). So each line's `id` is checked against case.schema.json#/$defs/caseId and its
`case` and `seal` against decoded-view.schema.json#/$defs/provenance, and the whole line against
the item schema once for each distinct rest: the first line with that rest is validated as it
is (its own id, case and seal included); a later line with the same rest can differ from it only
in those three members' values (which of them it has is part of the rest), and the schemas
constrain those values only through those two definitions (`properties`, `required` and
`unevaluatedProperties` name them; no `if`, `const` or `dependent*` keyword reads them). A later line whose first line failed is validated whole too.
A rest already valid for an earlier --golden group's schema that implies this group's (see
implies(): golden/expected's items are allOf [goldenView, complete], golden/kotlin's anyOf
[goldenView, goldenCrash]) is not validated again either: a recorded view equal to the expected one.

Nor is a rest this validator found valid for the same schema in an earlier run with the same
inputs to the verdict (ValidRestCache): every schemas/*.json byte for byte, this file, and the
versions of jsonschema, referencing and regress. Those and the rest are all a verdict depends on,
so the cache is keyed by their SHA-256 and never goes stale; it lives beside the Kotlin jars
(${WIDGETCONTRACT_CACHE:-${XDG_CACHE_HOME:-~/.cache}/widgetcontract}/schemas), holds only rests
found valid (an invalid one is validated, and named, every time) and is written whole or not at
all. WIDGETCONTRACT_SCHEMA_CACHE=off validates every rest afresh. A machine that validated the
same views before spends about half the schemas step's CPU (docs/benchmarks.md, "CI steps").
"""
import functools
import hashlib
import importlib.metadata
import json
import os
import pathlib
import re
import sys
import tempfile

import jsonschema
import referencing
import regress
from referencing.jsonschema import DRAFT202012

SCHEMAS = pathlib.Path(__file__).resolve().parents[2] / "schemas"
LONE = re.compile("[\ud800-\udfff]")
PER_LINE = ("id", "case", "seal")
failed = False
lone = 0


def fail(text):
    global failed
    failed = True
    print(f"  {text}", file=sys.stderr)


@functools.lru_cache(maxsize=None)
def regex(pattern):
    return regress.Regex(pattern, flags="u")


def pattern_keyword(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not regex(pattern).find(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def pattern_properties_keyword(validator, properties, instance, schema):
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in properties.items():
        for key, value in instance.items():
            if regex(pattern).find(key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    {"pattern": pattern_keyword, "patternProperties": pattern_properties_keyword})
REGISTRY = referencing.Registry().with_resources(
    (path.as_uri(), referencing.Resource.from_contents(json.loads(path.read_text(encoding="utf-8")),
                                                        default_specification=DRAFT202012))
    for path in sorted(SCHEMAS.glob("*.json")))


@functools.lru_cache(maxsize=None)
def validator(reference):
    """The validator for `schemas/<file>[#/pointer]`, built once."""
    file, _, pointer = reference.partition("#")
    uri = (SCHEMAS / file).as_uri()
    REGISTRY.resolver().lookup(uri + "#" + pointer)  # an unknown schema or pointer fails here, named
    return Validator({"$ref": uri + "#" + pointer}, registry=REGISTRY, format_checker=Validator.FORMAT_CHECKER)


def problems(reference, document, at="$"):
    """Each error as `$.path: message`, the most relevant first (for anyOf/oneOf: its best branch's too);
    `at`: where in the line `document` is."""
    out = []
    for error in sorted(validator(reference).iter_errors(document), key=jsonschema.exceptions.relevance):
        text = f"{at}{error.json_path[1:]}: {error.message[:300]}"
        if error.context:
            best = jsonschema.exceptions.best_match(error.context)
            text += f" (closest: {best.json_path}: {best.message[:200]})"
        out.append(text)
    return out


def report(where, errors, limit=5):
    for text in errors[:limit]:
        fail(f"{where}: {text}")
    if len(errors) > limit:
        fail(f"{where}: ... {len(errors) - limit} more")


def read_fffd(value):
    global lone
    if isinstance(value, str):
        fixed, count = LONE.subn("\ufffd", value)
        lone += count
        return fixed
    if isinstance(value, list):
        return [read_fffd(v) for v in value]
    if isinstance(value, dict):
        return {read_fffd(k): read_fffd(v) for k, v in value.items()}
    return value


def unique_keys(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key " + json.dumps(next(k for k in keys if keys.count(k) > 1)))
    return dict(pairs)


def taps_may_repeat(pairs):
    # A case's pendingDoneTargets (its only object of booleans) and pendingDoneTimestamps (its
    # only object of integers) are tap queues: one id may be queued twice. Every other object
    # still has unique keys.
    if pairs and (all(isinstance(v, bool) for _, v in pairs) or all(type(v) is int for _, v in pairs)):
        return dict(pairs)
    return unique_keys(pairs)


def not_json(name):
    raise ValueError(f"{name} is not JSON")


def lines_of(path, hook):
    """(line number, object) for each line that reads strictly; the others are failures."""
    raw = open(path, "rb").read().split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    for number, line in enumerate(raw, 1):
        try:
            value = json.loads(line.decode("utf-8"), object_pairs_hook=hook, parse_constant=not_json)
            if not isinstance(value, dict):
                raise ValueError("not a JSON object")
        except (ValueError, UnicodeDecodeError) as error:
            fail(f"{path}:{number}: not a strict JSON object line: {error}")
            continue
        yield number, read_fffd(value)


def read_document(path):
    try:
        return read_fffd(json.load(open(path, encoding="utf-8"), parse_constant=not_json))
    except (ValueError, UnicodeDecodeError) as error:
        fail(f"{path}: not JSON: {error}")
        return None


def refused(schema, files):
    for path in files:
        document = read_document(path)
        if document is not None and not problems(schema, document):
            fail(f"{path}: passes, but it is a known-bad example")
    return f"{len(files)} refused"


def docs(schema, files, shown_prefix=None):
    for path in files:
        document = read_document(path)
        if document is None:
            continue
        errors = problems(schema, document)
        if shown_prefix is None:
            report(path, errors)
        else:
            name = path[len(shown_prefix):] if path.startswith(shown_prefix) else path
            for text in errors:
                print(f"  outside the app, not judged: {name.removesuffix('.json')}: {text[:160]}")
    return f"{len(files)} document{'s' if len(files) != 1 else ''}"


def cases(schema, files):
    count = 0
    for path in files:
        for number, case in lines_of(path, taps_may_repeat):
            count += 1
            report(f"{path}:{number}", problems(schema + "#/items", case))
    return f"{count} lines"


VALID_RESTS = {}  # golden schema -> the rests of lines found valid under its items


class ValidRestCache:
    """The golden rests found valid in earlier runs with the same schemas, validator and
    libraries (the module docstring says why that is sound): one SHA-256 of `schema` and the
    rest per line, in a file named by the hash of those inputs."""

    def __init__(self):
        self.known, self.new, self.path = set(), set(), None
        if os.environ.get("WIDGETCONTRACT_SCHEMA_CACHE") == "off":
            return
        inputs = hashlib.sha256()
        for path in sorted(SCHEMAS.glob("*.json")) + [pathlib.Path(__file__).resolve()]:
            inputs.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        for library in ("jsonschema", "referencing", "regress"):
            inputs.update(f"{library} {importlib.metadata.version(library)}\0".encode())
        base = os.environ.get("WIDGETCONTRACT_CACHE") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "widgetcontract")
        folder = pathlib.Path(base) / "schemas"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return  # no cache: every rest is validated
        self.path = folder / f"valid-rests-{inputs.hexdigest()[:40]}.txt"
        try:
            self.known = set(self.path.read_text(encoding="ascii").split())
        except (OSError, UnicodeDecodeError):
            self.known = set()

    @staticmethod
    def key(schema, rest):
        return hashlib.sha256(f"{schema}\0{rest}".encode("utf-8", "surrogatepass")).hexdigest()

    def __contains__(self, key):
        return key in self.known

    def add(self, key):
        if key not in self.known:
            self.new.add(key)

    def save(self):
        """Writes the union, whole (a temporary file renamed over it), when anything is new."""
        if self.path is None or not self.new:
            return
        try:
            with tempfile.NamedTemporaryFile("w", encoding="ascii", dir=self.path.parent, delete=False) as out:
                out.write("".join(f"{key}\n" for key in sorted(self.known | self.new)))
            os.replace(out.name, self.path)
        except OSError:
            pass  # a cache that cannot be written costs time, never a verdict


CACHE = None  # the ValidRestCache of this run, made by main()


def implies(strong, weak):
    """Whether every document valid for `strong`'s items is valid for `weak`'s, read off their
    shape: strong's items are allOf [$ref R, ...] and weak's anyOf [$ref R, ...] (the expected
    views are goldenView and complete, a recording's goldenView or goldenCrash)."""
    def items(name):
        return json.loads((SCHEMAS / name).read_text(encoding="utf-8")).get("items", {})
    refs = lambda schema, key: {json.dumps(s) for s in schema.get(key, []) if isinstance(s, dict) and set(s) == {"$ref"}}
    return bool(refs(items(strong), "allOf") & refs(items(weak), "anyOf"))


def golden(schema, files):
    first = {}  # the rest of a line (without PER_LINE) -> (file:line of its first line, errors)
    # a rest valid for an earlier group's schema that implies this one (golden/expected's, for
    # golden/kotlin: a recorded view equal to the expected one) needs no second validation
    known = set().union(*(rests for earlier, rests in VALID_RESTS.items() if implies(earlier, schema)))
    valid = VALID_RESTS.setdefault(schema, set())
    count = 0
    for path in files:
        for number, line in lines_of(path, unique_keys):
            count += 1
            where = f"{path}:{number}"
            # which of PER_LINE the line has belongs to its rest: `required` reads that
            rest = json.dumps([[k in line for k in PER_LINE], {k: v for k, v in line.items() if k not in PER_LINE}],
                              ensure_ascii=False, separators=(",", ":"))
            if rest not in first and rest not in known:
                cached = CACHE.key(schema, rest)
                if cached not in CACHE:
                    errors = problems(schema + "#/items", line)
                    first[rest] = (where, errors)
                    if not errors:
                        valid.add(rest)
                        CACHE.add(cached)
                    report(where, errors)
                    continue
                # found valid by an earlier run: like a later line, its id and provenance only
            seen, errors = first.get(rest, (None, []))
            if errors:  # rare: validated whole again, so the line's own errors are named
                report(where, problems(schema + "#/items", line))
                continue
            first.setdefault(rest, (where, []))
            valid.add(rest)
            report(where, problems("case.schema.json#/$defs/caseId", line["id"], at="$.id")
                   + problems("decoded-view.schema.json#/$defs/provenance", line))
    return f"{count} lines ({len(first)} distinct views), each with its provenance"


def main(argv):
    global lone, CACHE
    CACHE = ValidRestCache()
    groups = []
    for arg in argv:
        if arg in ("--docs", "--refused", "--shown", "--cases", "--golden"):
            groups.append([arg])
        elif groups:
            groups[-1].append(arg)
        else:
            print(__doc__.split("\n\n")[0], file=sys.stderr)
            return 2
    for kind, schema, *files in groups:
        lone = 0
        if kind == "--docs":
            said = docs(schema, files)
        elif kind == "--refused":
            said = refused(schema, files)
        elif kind == "--shown":
            said = docs(schema, files[1:], shown_prefix=files[0])
        elif kind == "--cases":
            said = cases(schema, files)
        else:
            said = golden(schema, files)
        if kind != "--shown":
            where = os.path.commonpath(files) if files else "(none)"
            print(f"  {where}: {said} against schemas/{schema}" + (f"; {lone} lone surrogates read as U+FFFD" if lone else ""))
    CACHE.save()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
