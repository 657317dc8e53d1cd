#!/usr/bin/env python3
"""Proof by exhaustion for the DayString era mutants reviewed as equivalent (equivalent.tsv):
a port of DayString.CalendarDay's two conversions (H. Hinnant's days_from_civil and
civil_from_days, Swift's truncating division) run with each generated edit over every day a
reader can meet, 0001-01-01 to 9999-12-31 (CalendarDay refuses year 0000; a header day is the
local date of dayStrToMs of such a day). Exit 0 when no edit gives another day count or date
on any of them, 1 otherwise (and the edits and first days that differ). About a minute."""
import datetime
import sys


def tdiv(a, b):
    """Swift's Int64 division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def days_since_epoch(year, month, day, edit=None):
    """DayString.swift daysSinceEpoch (line 66) with one edit."""
    y = year - 1 if month <= 2 else year
    positive = y > 0 if edit == "28a4b2bd" else y >= 1 if edit == "e23198a8" else y >= 0
    shift = 400 if edit == "b0a76466" else 398 if edit == "890854b2" else 399
    era = tdiv(y if positive else y - shift, 400)
    year_of_era = y - era * 400
    day_of_year = tdiv(153 * (month + (-3 if month > 2 else 9)) + 2, 5) + day - 1
    day_of_era = year_of_era * 365 + tdiv(year_of_era, 4) - tdiv(year_of_era, 100) + day_of_year
    return era * 146097 + day_of_era - 719468


def civil(days, edit=None):
    """DayString.swift init(daysSinceEpoch:) (lines 51-60) with one edit."""
    z = days + 719468
    positive = z > 0 if edit == "e0235a07" else z >= 1 if edit == "d63f791e" else z >= 0
    shift = 146097 if edit == "bbe262c6" else 146095 if edit == "bbbdc244" else 146096
    era = tdiv(z if positive else z - shift, 146097)
    doe = z - era * 146097
    a = 1459 if edit == "dad62edc" else 1460
    b = 36523 if edit == "2e891347" else 36524
    c = 146095 if edit == "e488b9c6" else 146096
    yoe = tdiv(doe - tdiv(doe, a) + tdiv(doe, b) - tdiv(doe, c), 365)
    doy = doe - (365 * yoe + tdiv(yoe, 4) - tdiv(yoe, 100))
    mp = tdiv(5 * doy + 2, 153)
    month = mp + 3 if mp < 10 else mp - 9
    return (yoe + era * 400 + (1 if month <= 2 else 0), month, doy - tdiv(153 * mp + 2, 5) + 1)


TO_DAYS = ["28a4b2bd", "e23198a8", "b0a76466", "890854b2"]
FROM_DAYS = ["e0235a07", "d63f791e", "bbe262c6", "bbbdc244", "dad62edc", "2e891347", "e488b9c6"]

differing = {}
epoch = datetime.date(1970, 1, 1)
d, last = datetime.date(1, 1, 1), datetime.date(9999, 12, 31)
while True:
    n = (d - epoch).days
    date = (d.year, d.month, d.day)
    assert days_since_epoch(*date) == n and civil(n) == date, f"the port itself is wrong at {d}"
    for edit in TO_DAYS:
        if days_since_epoch(*date, edit) != n:
            differing.setdefault(edit, []).append(str(d))
    for edit in FROM_DAYS:
        if civil(n, edit) != date:
            differing.setdefault(edit, []).append(str(d))
    if d == last:
        break
    d += datetime.timedelta(days=1)
for edit, days in sorted(differing.items()):
    print(f"{edit}: {len(days)} days differ, first {days[:3]}")
print(f"{len(TO_DAYS) + len(FROM_DAYS)} edits over {(last - datetime.date(1, 1, 1)).days + 1} days: "
      f"{len(differing)} tell a day apart")
sys.exit(1 if differing else 0)
