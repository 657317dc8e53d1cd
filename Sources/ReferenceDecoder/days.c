/* Day strings and instants (CONTRACT §4): strict YYYY-MM-DD in the proleptic
 * Gregorian calendar, and the instant Android reads for that day's local
 * midnight in a zone. */
#include "rd_internal.h"
#include "civil.h"

/* Exactly 10 ASCII bytes YYYY-MM-DD, year 0001-9999, a real day. */
static int parse_day(const char *s, size_t len, int *y, int *m, int *d)
{
    if (len != 10 || s[4] != '-' || s[7] != '-')
        return 0;
    static const int digit_at[8] = {0, 1, 2, 3, 5, 6, 8, 9};
    for (int i = 0; i < 8; i++)
        if (s[digit_at[i]] < '0' || s[digit_at[i]] > '9')
            return 0;
    *y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    *m = (s[5] - '0') * 10 + (s[6] - '0');
    *d = (s[8] - '0') * 10 + (s[9] - '0');
    return *y >= 1 && *m >= 1 && *m <= 12 && *d >= 1 && *d <= rd_days_in_month(*y, *m);
}

/* Floor division of a local clock reading (seconds) into days since 1970-01-01. */
static int64_t local_days(int64_t local)
{
    return local / 86400 - (local % 86400 < 0);
}

/* Android's reading of local midnight L of day `days` (CONTRACT §4): what
 * SimpleDateFormat.parse gets from GregorianCalendar over the JDK's ZoneInfo.
 * L is read with the offset in force after the last transition whose new
 * wall clock (its instant + the offset after it) is at or before L, or the
 * offset before the first one; the instant is L - offset. Outcomes: a plain
 * midnight; a repeated midnight gives the later one (after the clocks went
 * back); a midnight in a gap moves forward by the gap (the gap's end when it
 * starts at midnight). The day exists only when that instant's local date is
 * the day: a day skipped whole has no instant (0). */
static int android_day_start(const rd_zone *z, int64_t days, int64_t *out)
{
    int64_t midnight = days * 86400;
    int64_t reach = (int64_t)rd_zone_max_abs_offset(z) + 2 * 86400;
    int64_t t = midnight - reach;
    int32_t offset = rd_zone_offset(z, t);
    int64_t next;
    for (int guard = 0; guard < 100000 && rd_zone_next_transition(z, t, &next) && next <= midnight + reach; guard++) {
        int32_t after = rd_zone_offset(z, next);
        if (next + after <= midnight)
            offset = after;
        t = next;
    }
    int64_t instant = midnight - offset;
    if (local_days(instant + rd_zone_offset(z, instant)) != days)
        return 0;
    *out = instant;
    return 1;
}

int rd_day_str_to_ms(const char *s, size_t len, const char *time_zone, int64_t *out_ms)
{
    int y, m, d;
    if (!s || !parse_day(s, len, &y, &m, &d) || !time_zone)
        return 0;
    const rd_zone *z;
    int known = rd_zone_find(time_zone, &z);
    if (known != 1)
        return known;
    int64_t t;
    if (!android_day_start(z, rd_days_from_civil(y, m, d), &t))
        return 0;
    *out_ms = t * 1000;
    return 1;
}

#define RD_MAX_ABS_INSTANT INT64_C(1000000000000)   /* ±10^12 s, ±31,700 years */

int rd_zone_offset_at(const char *time_zone, int64_t t, int32_t *out_offset)
{
    if (t < -RD_MAX_ABS_INSTANT || t > RD_MAX_ABS_INSTANT)
        return 0;
    const rd_zone *z;
    int known = time_zone ? rd_zone_find(time_zone, &z) : 0;
    if (known != 1)
        return known;
    *out_offset = rd_zone_offset(z, t);
    return 1;
}

int rd_zone_next_change(const char *time_zone, int64_t t, rd_zone_change *out)
{
    if (t < -RD_MAX_ABS_INSTANT || t > RD_MAX_ABS_INSTANT || !out)
        return 0;
    const rd_zone *z;
    int known = time_zone ? rd_zone_find(time_zone, &z) : 0;
    if (known != 1)
        return known;
    int32_t offset = rd_zone_offset(z, t);
    int dst = rd_zone_is_dst(z, t);
    int64_t next;
    for (int guard = 0; guard < 100000 && rd_zone_next_transition(z, t, &next) && next <= RD_MAX_ABS_INSTANT; guard++) {
        int32_t after = rd_zone_offset(z, next);
        int dst_after = rd_zone_is_dst(z, next);
        if (after != offset || dst_after != dst) {
            out->at = next;
            out->offset_before = offset;
            out->offset_after = after;
            out->dst_before = dst;
            out->dst_after = dst_after;
            return 1;
        }
        t = next;
    }
    return 0;
}
