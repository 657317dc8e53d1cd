/* Zone data read from the IANA database's TZif files (RFC 8536), without
 * touching TZ, tzset or the process's zone: the v2+ 64-bit section
 * (transitions and types), the POSIX TZ footer for instants after the last
 * transition, type 0 before the first. Each zone is loaded once per process
 * into an immutable object kept in a mutex-guarded cache. Only a name with no
 * TZif file behind it (or a file this reader does not support) is an unknown
 * zone, cached as such; out of memory, too many open files or an I/O error is
 * "could not tell", never cached, so it fails the one decode that met it. */
#include "rd_internal.h"
#include "civil.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ZONEINFO_DIR "/usr/share/zoneinfo/"
#define MAX_TZIF_BYTES (4u << 20)

typedef struct rule_date {
    char kind;          /* 'J': Jn (1-365, no Feb 29), 'N': n (0-365), 'M': Mm.w.d */
    int n, m, w, d;
    int32_t time;       /* seconds after local midnight, may be negative or > 24h */
} rule_date;

struct rd_zone {
    size_t timecnt;
    int64_t *trans;     /* ascending */
    uint8_t *idx;       /* type of each transition */
    size_t typecnt;
    int32_t *utoff;     /* seconds east of UTC, per type */
    uint8_t *isdst;     /* tt_isdst, per type */
    int has_footer;
    int32_t std_off;
    int has_dst;
    int32_t dst_off;
    rule_date start, end;
    int32_t max_abs_off;
};

/* ---- the POSIX TZ footer ---- */

static int parse_num(const char **p, int max_digits, long *out)
{
    long v = 0;
    int k = 0;
    while (**p >= '0' && **p <= '9' && k < max_digits) {
        v = v * 10 + (**p - '0');
        (*p)++;
        k++;
    }
    *out = v;
    return k > 0;
}

/* [+-]hhh[:mm[:ss]], hours 0-167 (RFC 8536 extends POSIX's 24). */
static int parse_hms(const char **p, int32_t *out)
{
    int sign = 1;
    if (**p == '+' || **p == '-') {
        sign = **p == '-' ? -1 : 1;
        (*p)++;
    }
    long h, m = 0, s = 0;
    if (!parse_num(p, 3, &h) || h > 167)
        return 0;
    if (**p == ':') {
        (*p)++;
        if (!parse_num(p, 2, &m) || m > 59)
            return 0;
        if (**p == ':') {
            (*p)++;
            if (!parse_num(p, 2, &s) || s > 59)
                return 0;
        }
    }
    *out = (int32_t)(sign * (h * 3600 + m * 60 + s));
    return 1;
}

static int parse_name(const char **p)
{
    const char *s = *p;
    if (*s == '<') {
        s++;
        const char *b = s;
        while (*s && *s != '>')
            s++;
        if (*s != '>' || s == b)
            return 0;
        *p = s + 1;
        return 1;
    }
    const char *b = s;
    while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
        s++;
    if (s - b < 3)
        return 0;
    *p = s;
    return 1;
}

static int parse_rule_date(const char **p, rule_date *r)
{
    long a, b, c;
    r->time = 2 * 3600;
    if (**p == 'J') {
        (*p)++;
        if (!parse_num(p, 3, &a) || a < 1 || a > 365)
            return 0;
        r->kind = 'J';
        r->n = (int)a;
    } else if (**p == 'M') {
        (*p)++;
        if (!parse_num(p, 2, &a) || a < 1 || a > 12 || **p != '.')
            return 0;
        (*p)++;
        if (!parse_num(p, 1, &b) || b < 1 || b > 5 || **p != '.')
            return 0;
        (*p)++;
        if (!parse_num(p, 1, &c) || c > 6)
            return 0;
        r->kind = 'M';
        r->m = (int)a;
        r->w = (int)b;
        r->d = (int)c;
    } else {
        if (!parse_num(p, 3, &a) || a > 365)
            return 0;
        r->kind = 'N';
        r->n = (int)a;
    }
    if (**p == '/') {
        (*p)++;
        if (!parse_hms(p, &r->time))
            return 0;
    }
    return 1;
}

static int parse_footer(rd_zone *z, const char *s)
{
    const char *p = s;
    int32_t v;
    if (!parse_name(&p) || !parse_hms(&p, &v))
        return 0;
    z->std_off = -v;              /* POSIX offsets are west-positive */
    z->has_footer = 1;
    if (*p == '\0')
        return 1;
    if (!parse_name(&p))
        return 0;
    z->has_dst = 1;
    z->dst_off = z->std_off + 3600;
    if (*p != ',' && *p != '\0') {
        if (!parse_hms(&p, &v))
            return 0;
        z->dst_off = -v;
    }
    if (*p == '\0') {             /* no rule: POSIX's customary US default */
        const char *def = "M3.2.0,M11.1.0";
        const char *q = def;
        parse_rule_date(&q, &z->start);
        q++;
        parse_rule_date(&q, &z->end);
        return 1;
    }
    if (*p != ',')
        return 0;
    p++;
    if (!parse_rule_date(&p, &z->start) || *p != ',')
        return 0;
    p++;
    if (!parse_rule_date(&p, &z->end))
        return 0;
    return *p == '\0';
}

/* Days since the epoch of the rule's local date in year y. */
static int64_t rule_day(const rule_date *r, int64_t y)
{
    int64_t jan1 = rd_days_from_civil(y, 1, 1);
    if (r->kind == 'J')
        return jan1 + r->n - 1 + (rd_is_leap(y) && r->n >= 60);
    if (r->kind == 'N')
        return jan1 + r->n;
    int64_t first = rd_days_from_civil(y, r->m, 1);
    int64_t wd = ((first + 4) % 7 + 7) % 7;        /* 1970-01-01 was a Thursday */
    int64_t day = ((r->d - wd) % 7 + 7) % 7 + (int64_t)(r->w - 1) * 7;
    int mdays = rd_days_in_month(y, r->m);
    while (day >= mdays)
        day -= 7;
    return first + day;
}

typedef struct event {
    int64_t at;
    int to_dst;
} event;

/* The footer's changes in the years around t, in order; at equal instants a
 * change to standard time sorts first, so a rule that ends DST exactly when
 * it starts it again (DST all year, RFC 8536 §3.3.1) stays in DST. */
static size_t footer_events(const rd_zone *z, int64_t t, event ev[10])
{
    int64_t y;
    int m, d;
    int64_t days = t / 86400 - (t % 86400 < 0);
    rd_civil_from_days(days, &y, &m, &d);
    size_t n = 0;
    for (int64_t yy = y - 2; yy <= y + 2; yy++) {
        ev[n].at = rule_day(&z->start, yy) * 86400 + z->start.time - z->std_off;
        ev[n++].to_dst = 1;
        ev[n].at = rule_day(&z->end, yy) * 86400 + z->end.time - z->dst_off;
        ev[n++].to_dst = 0;
    }
    for (size_t i = 1; i < n; i++) {
        event e = ev[i];
        size_t j = i;
        while (j > 0 && (ev[j - 1].at > e.at || (ev[j - 1].at == e.at && ev[j - 1].to_dst > e.to_dst))) {
            ev[j] = ev[j - 1];
            j--;
        }
        ev[j] = e;
    }
    return n;
}

static int footer_is_dst(const rd_zone *z, int64_t t)
{
    if (!z->has_dst)
        return 0;
    event ev[10];
    size_t n = footer_events(z, t, ev);
    int dst = !ev[0].to_dst;
    for (size_t i = 0; i < n && ev[i].at <= t; i++)
        dst = ev[i].to_dst;
    return dst;
}

static int32_t footer_offset(const rd_zone *z, int64_t t)
{
    return footer_is_dst(z, t) ? z->dst_off : z->std_off;
}

static int footer_next(const rd_zone *z, int64_t t, int64_t *next)
{
    if (!z->has_dst)
        return 0;
    event ev[10];
    size_t n = footer_events(z, t, ev);
    int dst = !ev[0].to_dst;
    for (size_t i = 0; i < n; i++) {
        if (ev[i].at > t && ev[i].to_dst != dst) {
            *next = ev[i].at;
            return 1;
        }
        dst = ev[i].to_dst;
    }
    return 0;
}

/* ---- lookups ---- */

/* The number of transitions at or before t. */
static size_t transitions_upto(const rd_zone *z, int64_t t)
{
    size_t lo = 0, hi = z->timecnt;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (z->trans[mid] <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Whether t falls under the footer (after the last transition, or no
 * transitions at all); else *type is the TZif type in force at t. */
static int lookup(const rd_zone *z, int64_t t, size_t *type)
{
    size_t k = transitions_upto(z, t);
    if (z->has_footer && (z->timecnt == 0 || (k == z->timecnt && t > z->trans[k - 1])))
        return 1;
    *type = k == 0 ? 0 : z->idx[k - 1];
    return 0;
}

int32_t rd_zone_offset(const rd_zone *z, int64_t t)
{
    size_t type;
    return lookup(z, t, &type) ? footer_offset(z, t) : z->utoff[type];
}

int rd_zone_is_dst(const rd_zone *z, int64_t t)
{
    size_t type;
    return lookup(z, t, &type) ? footer_is_dst(z, t) : z->isdst[type];
}

int rd_zone_next_transition(const rd_zone *z, int64_t t, int64_t *next)
{
    size_t k = transitions_upto(z, t);
    if (k < z->timecnt) {
        *next = z->trans[k];
        return 1;
    }
    return z->has_footer && footer_next(z, t, next);
}

int32_t rd_zone_max_abs_offset(const rd_zone *z)
{
    return z->max_abs_off;
}

/* ---- reading a TZif file ---- */

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int64_t be64(const unsigned char *p)
{
    return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

static void zone_free(rd_zone *z)
{
    if (!z)
        return;
    free(z->trans);
    free(z->idx);
    free(z->utoff);
    free(z->isdst);
    free(z);
}

typedef struct counts {
    uint64_t isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt;
} counts;

static int read_header(const unsigned char *p, size_t len, counts *c)
{
    if (len < 44 || memcmp(p, "TZif", 4) != 0)
        return 0;
    c->isutcnt = be32(p + 20);
    c->isstdcnt = be32(p + 24);
    c->leapcnt = be32(p + 28);
    c->timecnt = be32(p + 32);
    c->typecnt = be32(p + 36);
    c->charcnt = be32(p + 40);
    return 1;
}

static uint64_t block_size(const counts *c, int tsize)
{
    return c->timecnt * (uint64_t)tsize + c->timecnt + c->typecnt * 6 + c->charcnt +
           c->leapcnt * (uint64_t)(tsize + 4) + c->isstdcnt + c->isutcnt;
}

/* NULL with *oom set when out of memory; NULL alone when the bytes are not a
 * TZif zone this reader supports. */
static rd_zone *parse_tzif(const unsigned char *p, size_t len, int *oom)
{
    counts c;
    if (!read_header(p, len, &c))
        return NULL;
    int version = p[4];
    int tsize = 4;
    size_t at = 44;
    if (version >= '2') {
        uint64_t skip = block_size(&c, 4);
        if (skip > len - at)
            return NULL;
        at += (size_t)skip;
        if (!read_header(p + at, len - at, &c))
            return NULL;
        at += 44;
        tsize = 8;
    }
    uint64_t need = block_size(&c, tsize);
    if (need > len - at || c.typecnt == 0 || c.typecnt > 256 || c.leapcnt != 0)
        return NULL;              /* leap-second ("right/") zones are not supported */

    rd_zone *z = rd_malloc(sizeof *z);
    if (!z) {
        *oom = 1;
        return NULL;
    }
    memset(z, 0, sizeof *z);
    z->timecnt = (size_t)c.timecnt;
    z->typecnt = (size_t)c.typecnt;
    z->trans = rd_malloc(z->timecnt * sizeof *z->trans + 1);
    z->idx = rd_malloc(z->timecnt + 1);
    z->utoff = rd_malloc(z->typecnt * sizeof *z->utoff);
    z->isdst = rd_malloc(z->typecnt);
    if (!z->trans || !z->idx || !z->utoff || !z->isdst) {
        zone_free(z);
        *oom = 1;
        return NULL;
    }
    const unsigned char *q = p + at;
    for (size_t i = 0; i < z->timecnt; i++, q += tsize) {
        z->trans[i] = tsize == 8 ? be64(q) : (int64_t)(int32_t)be32(q);
        if (i > 0 && z->trans[i] <= z->trans[i - 1]) {
            zone_free(z);
            return NULL;
        }
    }
    for (size_t i = 0; i < z->timecnt; i++, q++) {
        z->idx[i] = *q;
        if (*q >= z->typecnt) {
            zone_free(z);
            return NULL;
        }
    }
    for (size_t i = 0; i < z->typecnt; i++, q += 6) {
        int32_t off = (int32_t)be32(q);
        if (off < -89999 || off > 93599) {  /* RFC 8536: -25:59:59 to +25:59:59 */
            zone_free(z);
            return NULL;
        }
        z->utoff[i] = off;
        z->isdst[i] = q[4] != 0;
    }
    at += (size_t)need;

    if (tsize == 8) {             /* footer: "\n" TZ-string "\n" */
        if (at >= len || p[at] != '\n') {
            zone_free(z);
            return NULL;
        }
        const unsigned char *nl = memchr(p + at + 1, '\n', len - at - 1);
        size_t flen = nl ? (size_t)(nl - (p + at + 1)) : 0;
        if (!nl || flen > 255 || memchr(p + at + 1, '\0', flen)) {
            zone_free(z);
            return NULL;
        }
        char footer[256];
        memcpy(footer, p + at + 1, flen);
        footer[flen] = '\0';
        if (flen > 0 && !parse_footer(z, footer)) {
            zone_free(z);
            return NULL;
        }
    }

    int32_t max = 0;
    for (size_t i = 0; i < z->typecnt; i++) {
        int32_t a = z->utoff[i] < 0 ? -z->utoff[i] : z->utoff[i];
        if (a > max)
            max = a;
    }
    if (z->has_footer) {
        int32_t offs[2] = {z->std_off, z->has_dst ? z->dst_off : 0};
        for (int i = 0; i < 2; i++) {
            int32_t a = offs[i] < 0 ? -offs[i] : offs[i];
            if (a > max)
                max = a;
        }
    }
    z->max_abs_off = max;
    return z;
}

static int name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 200 || name[0] == '/' || strstr(name, "..") || strcmp(name, "localtime") == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '-' || c == '+' || c == '.' || c == '/';
        if (!ok)
            return 0;
    }
    return 1;
}

/* errno values that say the name has no zone file behind it: a fact about the
 * name, worth caching. Anything else (EMFILE, ENFILE, ENOMEM, EIO, EACCES…)
 * is about this moment or this machine. */
static int names_no_zone(int error)
{
    return error == ENOENT || error == ENOTDIR || error == EISDIR || error == ENAMETOOLONG || error == ELOOP;
}

/* 1 and *out: the zone; 0: no such zone; -1: could not tell (see the top). */
static int load_zone(const char *name, rd_zone **out)
{
    char path[256];
    snprintf(path, sizeof path, "%s%s", ZONEINFO_DIR, name);
    errno = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return names_no_zone(errno) ? 0 : -1;
    unsigned char *data = rd_malloc(MAX_TZIF_BYTES);
    if (!data) {
        fclose(f);
        return -1;
    }
    errno = 0;
    size_t len = fread(data, 1, MAX_TZIF_BYTES, f);
    int read_error = ferror(f) ? errno : 0;
    fclose(f);
    int oom = 0;
    rd_zone *z = !read_error && len < MAX_TZIF_BYTES ? parse_tzif(data, len, &oom) : NULL;
    free(data);
    if (read_error)
        return names_no_zone(read_error) ? 0 : -1;   /* a directory reads as EISDIR */
    if (oom)
        return -1;
    *out = z;
    return z != NULL;
}

/* ---- the cache ---- */

typedef struct cache_entry {
    char *name;
    rd_zone *zone;      /* NULL: known to be unknown */
    struct cache_entry *next;
} cache_entry;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static cache_entry *cache_head = NULL;
static size_t cache_unknown = 0;      /* entries for unknown names, capped */
#define MAX_UNKNOWN_ENTRIES 1024

int rd_zone_find(const char *name, const rd_zone **out)
{
    if (!name_ok(name))
        return 0;
    pthread_mutex_lock(&cache_lock);
    cache_entry *e = cache_head;
    while (e && strcmp(e->name, name) != 0)
        e = e->next;
    int found;
    if (e) {
        found = e->zone != NULL;
    } else {
        rd_zone *z = NULL;
        found = load_zone(name, &z);
        if (found >= 0 && (z || cache_unknown < MAX_UNKNOWN_ENTRIES)) {
            e = rd_malloc(sizeof *e);
            char *copy = e ? rd_memdup(name, strlen(name)) : NULL;
            if (copy) {
                cache_unknown += !z;
                e->name = copy;
                e->zone = z;
                e->next = cache_head;
                cache_head = e;
            } else {              /* out of memory: nothing cached, and no answer */
                free(e);
                zone_free(z);
                e = NULL;
                found = -1;
            }
        }
        /* (too many unknown names: not cached, still unknown) */
    }
    if (found == 1)
        *out = e->zone;
    pthread_mutex_unlock(&cache_lock);
    return found;
}

void rd_zone_cache_clear(void)
{
    pthread_mutex_lock(&cache_lock);
    cache_entry *e = cache_head;
    cache_head = NULL;
    cache_unknown = 0;
    pthread_mutex_unlock(&cache_lock);
    while (e) {
        cache_entry *next = e->next;
        zone_free(e->zone);
        free(e->name);
        free(e);
        e = next;
    }
}
