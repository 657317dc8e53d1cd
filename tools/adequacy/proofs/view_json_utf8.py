#!/usr/bin/env python3
"""Proof for the view_json.c utf8_seq mutants reviewed as equivalent (equivalent.tsv), in two parts.

1. What reaches rd_json_string: every string the C reference writes is valid UTF-8 except a
   jansson error text, which can end a quoted token in one lead byte C2-F4 cut from its character
   (`invalid escape near '"\\<C3>'`). This part compiles a probe against this machine's libjansson
   and loads a seeded 200,000 short texts made of JSON punctuation, escapes, ASCII, valid two-,
   three- and four-byte characters and invalid bytes; every invalid sequence in every error text
   must be such a lead byte followed by `'`. (jansson 2.14's src/load.c says why: stream_get checks
   a whole sequence before it returns its first byte; lex_scan_string saves the byte after a
   backslash, or inside a \\u escape, before refusing it.)
2. What each edit does on those strings: a port of utf8_seq with each of its edits, run at every
   sequence start of every valid scalar's encoding (U+0000-U+10FFFF but surrogates, followed by
   ASCII, by a continuation byte and by the string's end) and of every lead byte C2-F4 followed by
   `'`; each edit must answer as the unmutated function everywhere.
Exit 0 when both hold, 1 otherwise (naming the text or the edit and the first input). About a minute.
"""
import os
import random
import subprocess
import sys
import tempfile

PROBE = r"""
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    unsigned char len[2];
    static char text[65536];
    while (fread(len, 1, 2, stdin) == 2) {
        size_t n = (size_t)len[0] << 8 | len[1];
        if (fread(text, 1, n, stdin) != n) return 2;
        json_error_t e;
        json_t *v = json_loadb(text, n, JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
        if (v) { json_decref(v); fputs("\n", stdout); } else { fputs(e.text, stdout); fputs("\n", stdout); }
    }
    return 0;
}
"""

PIECES = [b'"', b'\\', b'u', b'1', b'a', b'F', b'{', b'}', b'[', b']', b':', b',', b' ', b'\n', b't', b'0', b'-', b'.', b'e',
          "\u00e9".encode(), "\u07ff".encode(), "\u0800".encode(), "\u20ac".encode(), "\ud7ff".encode(), "\ue000".encode(),
          "\uffff".encode(), "\U00010000".encode(), "\U0001f600".encode(), "\U0010ffff".encode(),
          b'\x80', b'\xbf', b'\xc0', b'\xc1', b'\xc2', b'\xdf', b'\xe0', b'\xed', b'\xf0', b'\xf4', b'\xf5', b'\xff',
          b'\xe0\x80', b'\xed\xa0\x80', b'\xf4\x90\x80\x80', b'\xe2\x82']


def utf8_len(b, i):
    """Length of the valid UTF-8 sequence at b[i] (Python's decoder as the judge), or 0."""
    for n in (1, 2, 3, 4):
        try:
            b[i:i + n].decode("utf-8")
            return n
        except UnicodeDecodeError:
            continue
    return 0


def check_jansson():
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "probe.c"), os.path.join(tmp, "probe")
        with open(src, "w") as handle:
            handle.write(PROBE)
        subprocess.run(["cc", "-O1", src, "-o", exe, "-ljansson"], check=True)
        rng = random.Random(20261206)
        texts = [b"".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12))) for _ in range(200_000)]
        feed = b"".join(len(t).to_bytes(2, "big") + t for t in texts)
        out = subprocess.run([exe], input=feed, capture_output=True, check=True).stdout.split(b"\n")[:-1]
    version = subprocess.run(["sh", "-c", "dpkg-query -W -f '${Version}' libjansson4 2>/dev/null"],
                             capture_output=True, text=True).stdout
    cut = 0
    for text, error in zip(texts, out):
        i = 0
        while i < len(error):
            n = utf8_len(error, i)
            if n:
                i += n
                continue
            if not (0xC2 <= error[i] <= 0xF4 and error[i + 1:i + 2] == b"'"):
                print(f"jansson {version}: the error text of {text!r} holds {error[i:i + 4]!r} at {i}: {error!r}")
                return False
            cut += 1
            i += 1
    print(f"jansson {version or '(version unknown)'}: {len(texts)} texts, {sum(1 for e in out if e)} error texts; "
          f"the only invalid sequences are {cut} lead bytes C2-F4 cut from their character, each followed by `'`")
    return True


# The edits, by mutant id hash (scripts/adequacy --list-sites --reader c), as overrides of the port.
EDITS = {
    "006d96bd": {"ascii": 129}, "883b5cc6": {"ascii_le": True},
    "acd4e815": {"lo": 127}, "7bfaba60": {"hi": 192}, "e81ac64f": {"two_from": 193},
    "41f4f491": {"three_from": 223}, "8a6b4073": {"four_from": 239}, "dabad5bf": {"four_to": 245},
    "db025a7d": {"e0": 223}, "2cdd9bcf": {"e0": None}, "3975e449": {"e0": None}, "b33253af": {"e0_lo": 159},
    "bea75421": {"ed": None}, "4d546ca7": {"ed": None}, "8e64ff69": {"ed_hi": 160},
    "4e006c9a": {"f0": 239}, "fab95283": {"f0": None}, "cec1a92b": {"f0": None}, "7a06c186": {"f0_lo": 143},
    "6a9178a4": {"f4": 245}, "cf446814": {"f4": None}, "84d7b473": {"f4": None}, "633d5236": {"f4_hi": 144},
    "6916d668": {"other": 1}, "01f309c4": {"k": 1}, "948bd474": {"k": 3},
    "835e2ad5": {"cont_hi": 192}, "c838b35c": {"cont_lo": 127}, "d2320322": {"cont_check": False}, "e1eee40b": {"cont_bad": 1},
}


def utf8_seq(s, i, edit):
    """view_json.c utf8_seq (lines 10-36) at s[i:] with one edit."""
    e = edit or {}
    n = len(s) - i
    c = s[i]
    if (c <= e["ascii"] - 1 if "ascii" in e else c <= 0x80 if e.get("ascii_le") else c < 0x80):
        return 1
    lo, hi = e.get("lo", 0x80), e.get("hi", 0xBF)
    if e.get("two_from", 0xC2) <= c <= 0xDF:
        length = 2
    elif e.get("three_from", 0xE0) <= c <= 0xEF:
        length = 3
        if e.get("e0", 0xE0) is not None and c == e.get("e0", 0xE0):
            lo = e.get("e0_lo", 0xA0)
        if e.get("ed", 0xED) is not None and c == e.get("ed", 0xED):
            hi = e.get("ed_hi", 0x9F)
    elif e.get("four_from", 0xF0) <= c <= e.get("four_to", 0xF4):
        length = 4
        if e.get("f0", 0xF0) is not None and c == e.get("f0", 0xF0):
            lo = e.get("f0_lo", 0x90)
        if e.get("f4", 0xF4) is not None and c == e.get("f4", 0xF4):
            hi = e.get("f4_hi", 0x8F)
    else:
        return e.get("other", 0)
    if n < length or s[i + 1] < lo or s[i + 1] > hi:
        return 0
    for k in range(e.get("k", 2), length):
        if e.get("cont_check", True) and (s[i + k] < e.get("cont_lo", 0x80) or s[i + k] > e.get("cont_hi", 0xBF)):
            return e.get("cont_bad", 0)
    return length


def check_edits():
    inputs = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        encoded = chr(cp).encode()
        inputs += [encoded + b"x", encoded + b"\x80", encoded]
    inputs += [bytes([lead]) + b"' (line 1, column 8, byte 8)" for lead in range(0xC2, 0xF5)]
    expected = [utf8_seq(s, 0, None) for s in inputs]
    ok = True
    for mutant, edit in EDITS.items():
        for s, want in zip(inputs, expected):
            got = utf8_seq(s, 0, edit)
            if got != want:
                print(f"c.view_json.utf8_seq.*.{mutant}: {s[:4]!r} gives {got}, unmutated {want}")
                ok = False
                break
    print(f"utf8_seq: {len(EDITS)} edits, {len(inputs)} reachable inputs each, "
          + ("every edit answers as the unmutated function" if ok else "an edit differs"))
    return ok


if __name__ == "__main__":
    sys.exit(0 if check_jansson() & check_edits() else 1)
