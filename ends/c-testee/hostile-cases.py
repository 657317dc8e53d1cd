#!/usr/bin/env python3
"""Writes hostile cases (JSONL, CONTRACT.md §6) for scripts/c-memcheck to stdout.

Every line must come back as exactly one view line, an error and never a
crash: deep nesting, a 50 MB blob, invalid UTF-8, NUL bytes in strings and
keys, truncated input at every length, pre-pass edge cases, bad case lines.
Deterministic (no randomness)."""
import base64
import json
import sys

out = sys.stdout
count = 0


def case(cid, blob, pending=None, now=1784325600000, zone="Europe/Berlin", raw_line=None):
    global count
    count += 1
    if raw_line is not None:
        out.write(raw_line + "\n")
        return
    c = {"id": "hostile/" + cid}
    if isinstance(blob, bytes):
        try:
            text = blob.decode("utf-8")
            c["blob"] = text
        except UnicodeDecodeError:
            c["blobBase64"] = base64.b64encode(blob).decode("ascii")
    else:
        c["blob"] = blob
    if pending is not None:
        c["pendingDoneTargets"] = pending
    c["nowMs"] = now
    c["timeZone"] = zone
    out.write(json.dumps(c, ensure_ascii=False) + "\n")


GOOD = ('{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,'
        '"tasks":[{"id":"t1","title":"Task \\u00e9 \\ud83d\\ude00","isDone":false,"projectId":"p1"},'
        '{"id":"t2","title":{"a":[1,2.5,-0.0,null,"x\\u0000y"]},"isDone":"TRUE"}],'
        '"projectColors":{"p1":"#ff0000"}}')

# Deep nesting, far past jansson's 2048.
case("depth-100000-arrays", '{"v":1,"tasks":' + "[" * 100000 + "]" * 100000 + "}")
case("depth-100000-objects", '{"a":' * 100000 + "1" + "}" * 100000)
case("depth-100000-unclosed", "[" * 100000)
case("depth-2048-title", '{"v":1,"tasks":[{"id":"a","title":' + "[" * 2045 + "]" * 2045 + "}]}")
case("depth-2049-title", '{"v":1,"tasks":[{"id":"a","title":' + "[" * 2046 + "]" * 2046 + "}]}")

# 50 MB in one string; 8 MB of small tasks; 8 MB of integers the pre-pass rewrites.
case("50mb-string", '{"v":1,"tasks":[{"id":"a","title":"' + "x" * (50 << 20) + '"}]}')
task = '{"id":"t","title":"y","isDone":true,"projectId":"p"},'
n = (8 << 20) // len(task)     # 8 MB each: under valgrind, ~1M jansson objects take minutes
case("8mb-tasks", '{"v":1,"projectColors":{"p":"#1"},"tasks":[' + task * n + '{"id":"z","title":"z"}]}')
case("8mb-bigints", '{"v":1,"tasks":[{"id":"a","title":[' + "99999999999999999999," * ((8 << 20) // 21) + "1]}]}")

# Invalid UTF-8 (blobBase64) inside and outside strings.
for i, bad in enumerate([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82",
                         b"\x80", b"\xf8\x88\x80\x80\x80", b"\xef\xbb\xbf"]):
    case(f"utf8-in-string-{i}", b'{"v":1,"tasks":[{"id":"a","title":"' + bad + b'"}]}')
    case(f"utf8-outside-{i}", b'{"v":1}' + bad)
    case(f"utf8-key-{i}", b'{"' + bad + b'":1}')

# NUL bytes: escaped in strings and keys (kept), raw (rejected).
case("nul-escaped", '{"v":1,"dayStr":"\\u0000","tasks":[{"id":"\\u0000","title":"a\\u0000b","projectId":"\\u0000\\u0001"}],'
     '"projectColors":{"\\u0000\\u0001":"\\u0000c","\\u0001\\u0000":"d"}}', pending={"\u0000": True})
case("nul-keys", '{"v":1,"\\u0000":1,"tasks":[{"id":"a","title":{"\\u0000":{"\\u0000\\u0000\\u0001":"\\u0001"}},'
     '"\\u0000id":2}]}')
case("nul-raw-in-string", b'{"v":1,"tasks":[{"id":"a","title":"\x00"}]}')
case("nul-raw-in-key", b'{"\x00":1}')
case("nul-raw-outside", b'{"v":1}\x00')
case("nul-only", b"\x00")

# Truncated input: every prefix of a good blob, and a few suffix cuts.
for k in range(len(GOOD)):
    case(f"truncated-{k}", GOOD[:k])
case("complete", GOOD)

# Pre-pass edge cases.
for i, s in enumerate(['"\\', '"\\u', '"\\ud800', '"\\ud800\\', '"\\ud800\\u', '"\\ud800\\udc', '"\\udc00',
                       '"\\u12', '"\\uD800\\uDC00"', '"\\uDBFF\\uDFFF"', '"\\u00', '-', '-0', '99999999999999999999',
                       '-99999999999999999999', '1' * 5000, '-' + '9' * 400, '0' * 30, '1e', '9' * 19 + 'e',
                       '{"\\ud800":1}', '{"\\u0000"', '{"\\u0000":', '{"\\u0001\\u0000":1,"\\u0000\\u0001":2}']):
    case(f"prepass-{i}", '{"v":1,"tasks":[{"id":"a","title":' + s)
    case(f"prepass-closed-{i}", '{"v":1,"tasks":[{"id":"a","title":' + s + "}]}")
case("prepass-bigint-then-error", '{"v":1,\n"a":99999999999999999999,"b":99999999999999999999, "c":tru}')

# Many pending targets (the sorted path), duplicates last-wins, empty ids.
pend = {f"t{i}": i % 2 == 0 for i in range(1000)}
pend[""] = True
case("pending-many", '{"v":1,"tasks":[' + ",".join(f'{{"id":"t{i}","title":"x"}}' for i in range(0, 2000, 7))
     + ',{"id":"","title":"e"}]}', pending=pend)
case("pending-dup-keys", '{"v":1,"tasks":[{"id":"a","title":"x"}]}',
     raw_line='{"id":"hostile/pending-dup-keys","blob":"{\\"v\\":1,\\"tasks\\":[{\\"id\\":\\"a\\",\\"title\\":\\"x\\"}]}",'
              '"pendingDoneTargets":{"a":true,"a":false},"nowMs":0,"timeZone":"UTC"}')
# Revision 2's and the display's case inputs: tap times (repeated, a NUL in a key), a selection, a capacity.
case("times-dup-keys", None,
     raw_line='{"id":"hostile/times-dup-keys","blob":"{\\"v\\":1,\\"tasks\\":[{\\"id\\":\\"a\\",\\"title\\":\\"x\\",'
              '\\"projectId\\":\\"p\\"}],\\"projects\\":[{\\"id\\":\\"p\\",\\"title\\":\\"P\\"}]}",'
              '"pendingDoneTargets":{"a":true,"a\\u0000":true},"pendingDoneTimestamps":{"a":5,"a\\u0000":6,"a":-9223372036854775808},'
              '"selectedProjectId":"p","capacity":0,"nowMs":0,"timeZone":"UTC"}')

# Zones that must not be read.
for i, z in enumerate(["", "/etc/localtime", "../../../etc/passwd", "localtime", "Europe/../UTC", "right/UTC",
                       "Europe", "A" * 300, "Europe/Berlin\u0000x", "Nowhere/Zone", "posixrules", "UTC"]):
    case(f"zone-{i}", '{"v":1,"dayStr":"2026-07-17","validUntil":1}', now=2, zone=z)

# Bad case lines: each still gets a line.
for i, line in enumerate([
        "not json", "[]", "{}", '{"id":5}', '{"id":"hostile/bad-1"}',
        '{"id":"hostile/bad-2","blob":"{}","nowMs":1.5,"timeZone":"UTC"}',
        '{"id":"hostile/bad-3","blobBase64":"!!!!","nowMs":0,"timeZone":"UTC"}',
        '{"id":"hostile/bad-4","blobBase64":"QQ=","nowMs":0,"timeZone":"UTC"}',
        '{"id":"hostile/bad-5","blobBase64":"Q===","nowMs":0,"timeZone":"UTC"}',
        '{"id":"hostile/bad-6","blob":"{}","blobBase64":"e30=","nowMs":0,"timeZone":"UTC"}',
        '{"id":"hostile/bad-7","blob":"{}","nowMs":0,"timeZone":"UTC","pendingDoneTargets":{"a":1}}',
        '{"id":"hostile/bad-8","blob":"{}","nowMs":0,"timeZone":"UTC","pendingDoneTargets":[]}',
        '{"id":"hostile/bad-9","blob":"{}","nowMs":99999999999999999999,"timeZone":"UTC"}',
        '{"id":"hostile/bad-10","blob":"{}","nowMs":0,"timeZone":"UTC"',
        '{"id":"hostile/bad-12","blob":"{}","nowMs":0,"timeZone":"UTC","pendingDoneTimestamps":{"a":1.5}}',
        '{"id":"hostile/bad-13","blob":"{}","nowMs":0,"timeZone":"UTC","pendingDoneTimestamps":{"a":true}}',
        '{"id":"hostile/bad-14","blob":"{}","nowMs":0,"timeZone":"UTC","capacity":1001}',
        '{"id":"hostile/bad-15","blob":"{}","nowMs":0,"timeZone":"UTC","capacity":-1}',
        '{"id":"hostile/bad-16","blob":"{}","nowMs":0,"timeZone":"UTC","selectedProjectId":7}',
        '{"id":"hostile/bad-17","blob":"{}","nowMs":0,"timeZone":"UTC","pendingDoneTimestamps":[]}',
        '{"id":"hostile/bad-11","blob":"{}","nowMs":0,"timeZone":"UTC","pendingDoneTargets":' + "[" * 100000,
        '{"id":"hostile/ok-extra","blob":"{}","nowMs":0,"timeZone":"UTC","unknown":[1,2,{"x":null}]}',
        '{"id":"hostile/ok-b64","blobBase64":"e30=","nowMs":0,"timeZone":"UTC","pendingDoneTargets":null}',
        '{"id":"hostile/ok-empty-b64","blobBase64":"","nowMs":0,"timeZone":"UTC"}',
        '\ufeff{"id":"hostile/bad-bom","blob":"{}","nowMs":0,"timeZone":"UTC"}']):
    case(f"line-{i}", None, raw_line=line)

sys.stderr.write(f"hostile-cases: {count} cases\n")
