/* The display question (CONTRACT.md §9): Android's Color.parseColor rule and what its
 * widget paints for a case — the rows a capacity shows, the count left over, the header
 * and the empty view. Built on the revision questions (revisions.c) and rd_decode's stamp,
 * read from one document, as the app's widget is built on WidgetData. */
#include "rd_internal.h"
#include "civil.h"

#include <stdlib.h>
#include <string.h>

/* The zero of every decimal-digit (Nd) block of the BMP: with ASCII a-f/A-F and fullwidth
 * a-f/A-F, the units Java's Character.digit(c, 16) reads (listed with JDK 17, the same list
 * as WidgetSnapshot's JavaHexDigit). */
static const uint16_t decimal_zeros[] = {
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
    0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
    0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
};

/* Character.digit(unit, 16), -1 when it is none. */
static int java_hex_digit(uint32_t unit)
{
    if (unit >= 'a' && unit <= 'f')
        return (int)(unit - 'a') + 10;
    if (unit >= 'A' && unit <= 'F')
        return (int)(unit - 'A') + 10;
    if (unit >= 0xFF41 && unit <= 0xFF46)
        return (int)(unit - 0xFF41) + 10;
    if (unit >= 0xFF21 && unit <= 0xFF26)
        return (int)(unit - 0xFF21) + 10;
    for (size_t i = 0; i < sizeof decimal_zeros / sizeof decimal_zeros[0]; i++)
        if (unit >= decimal_zeros[i] && unit <= decimal_zeros[i] + 9u)
            return (int)(unit - decimal_zeros[i]);
    return -1;
}

/* The next scalar of UTF-8 text (valid: jansson's strings are) at *i; advances *i. A
 * malformed byte reads as U+FFFD, one byte at a time. */
static uint32_t next_scalar(const unsigned char *s, size_t len, size_t *i)
{
    unsigned char c = s[*i];
    size_t need;
    uint32_t scalar;
    if (c < 0x80) {
        (*i)++;
        return c;
    } else if ((c & 0xE0) == 0xC0) {
        need = 1;
        scalar = c & 0x1Fu;
    } else if ((c & 0xF0) == 0xE0) {
        need = 2;
        scalar = c & 0x0Fu;
    } else if ((c & 0xF8) == 0xF0) {
        need = 3;
        scalar = c & 0x07u;
    } else {
        (*i)++;
        return 0xFFFD;
    }
    if (*i + need >= len) {
        (*i)++;
        return 0xFFFD;
    }
    for (size_t k = 1; k <= need; k++) {
        if ((s[*i + k] & 0xC0) != 0x80) {
            (*i)++;
            return 0xFFFD;
        }
        scalar = scalar << 6 | (s[*i + k] & 0x3Fu);
    }
    *i += need + 1;
    return scalar;
}

/* The text as Java's UTF-16 units, at most `cap` of them into units[] (a scalar beyond
 * U+FFFF is two surrogate units, which are never digits or letters); the unit count. */
static size_t utf16_units(const char *text, size_t len, uint32_t *units, size_t cap)
{
    size_t n = 0, i = 0;
    while (i < len) {
        uint32_t scalar = next_scalar((const unsigned char *)text, len, &i);
        if (scalar >= 0x10000) {
            if (n < cap)
                units[n] = 0xD800 + ((scalar - 0x10000) >> 10);
            if (n + 1 < cap)
                units[n + 1] = 0xDC00 + ((scalar - 0x10000) & 0x3FF);
            n += 2;
        } else {
            if (n < cap)
                units[n] = scalar;
            n++;
        }
    }
    return n;
}

/* sColorNameMap of AOSP's android.graphics.Color. */
static const struct { const char *name; uint32_t argb; } color_names[] = {
    {"black", 0xFF000000u}, {"darkgray", 0xFF444444u}, {"gray", 0xFF888888u}, {"lightgray", 0xFFCCCCCCu},
    {"white", 0xFFFFFFFFu}, {"red", 0xFFFF0000u}, {"green", 0xFF00FF00u}, {"blue", 0xFF0000FFu},
    {"yellow", 0xFFFFFF00u}, {"cyan", 0xFF00FFFFu}, {"magenta", 0xFFFF00FFu}, {"aqua", 0xFF00FFFFu},
    {"fuchsia", 0xFFFF00FFu}, {"darkgrey", 0xFF444444u}, {"grey", 0xFF888888u}, {"lightgrey", 0xFFCCCCCCu},
    {"lime", 0xFF00FF00u}, {"maroon", 0xFF800000u}, {"navy", 0xFF000080u}, {"olive", 0xFF808000u},
    {"purple", 0xFF800080u}, {"silver", 0xFFC0C0C0u}, {"teal", 0xFF008080u},
};

/* toLowerCase(Locale.ROOT) looked up among the names: only A-Z, a-z and U+212A KELVIN SIGN
 * (-> k) lower-case into an ASCII letter, and every name is ASCII letters. */
static int named_color(const uint32_t *units, size_t n, uint32_t *out)
{
    char lowered[10];
    if (n > 9)
        return 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t u = units[i];
        if (u >= 'A' && u <= 'Z')
            lowered[i] = (char)(u + 0x20);
        else if (u >= 'a' && u <= 'z')
            lowered[i] = (char)u;
        else if (u == 0x212A)
            lowered[i] = 'k';
        else
            return 0;
    }
    lowered[n] = '\0';
    for (size_t i = 0; i < sizeof color_names / sizeof color_names[0]; i++)
        if (strcmp(lowered, color_names[i].name) == 0) {
            *out = color_names[i].argb;
            return 1;
        }
    return 0;
}

int rd_android_color(const char *text, size_t len, uint32_t *out_argb)
{
    uint32_t units[10];
    size_t n = text ? utf16_units(text, len, units, 10) : 0;
    if (n == 0)
        return 0;                       /* charAt(0) of "" throws */
    if (units[0] != '#')
        return named_color(units, n, out_argb);
    if (n != 7 && n != 9)
        return 0;                       /* Long.parseLong may pass, the length check throws */
    size_t i = 1;
    int negative = units[1] == '-';
    if (units[1] == '-' || units[1] == '+')
        i = 2;
    int64_t value = 0;
    for (; i < n; i++) {
        int digit = java_hex_digit(units[i]);
        if (digit < 0)
            return 0;
        value = value * 16 + digit;
    }
    if (negative)
        value = -value;
    if (n == 7)
        value |= INT64_C(0xFF000000);
    *out_argb = (uint32_t)((uint64_t)value & 0xFFFFFFFFu);
    return 1;
}

void rd_display_free(rd_display *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->row_count; i++) {
        free(d->rows[i].id);
        free(d->rows[i].title);
    }
    free(d->rows);
    free(d->header_title);
    free(d);
}

/* The header's local day: the day of dayMs in the zone. 1 done; 0 when the zone could not
 * be read. */
static int header_day(const char *time_zone, int64_t day_ms, rd_display *d)
{
    int64_t seconds = day_ms / 1000 - (day_ms % 1000 < 0);
    int32_t offset;
    if (rd_zone_offset_at(time_zone, seconds, &offset) != 1)
        return 0;
    int64_t local = seconds + offset;
    int64_t year;
    rd_civil_from_days(local / 86400 - (local % 86400 < 0), &year, &d->header_month, &d->header_day);
    d->header_year = (int32_t)year;
    d->has_header_day = 1;
    return 1;
}

/* The header from the stamp, as rd_decode reads it: 1 done; 0 on OOM or an unreadable zone. */
static int stamp_header(const rd_document *doc, const rd_display_query *q, rd_display *d)
{
    rd_view v = {0};
    int ok = rd_document_stamp(doc, q->parse.now_ms, q->time_zone, &v) > 0;
    free(v.day_str);
    if (!ok)
        return 0;
    d->header_kind = v.header_outdated ? RD_HEADER_OUTDATED : RD_HEADER_TODAY;
    return !(v.header_outdated && v.has_day_ms) || header_day(q->time_zone, v.day_ms, d);
}

/* The first `capacity` rows on screen, handed over from the parsed rows (NULL: the list
 * failed, no rows). 1 done; 0 on OOM. */
static int shown_rows(rd_rows *rows, size_t capacity, rd_display *d)
{
    size_t listed = rows ? rows->row_count : 0;
    size_t shown = listed < capacity ? listed : capacity;
    d->more = listed - shown;
    d->shows_empty = shown == 0;
    if (shown && !(d->rows = rd_malloc(shown * sizeof *d->rows)))
        return 0;
    for (size_t i = 0; i < shown; i++) {
        rd_row *r = &rows->rows[i];
        rd_display_row *out = &d->rows[i];
        memset(out, 0, sizeof *out);
        d->row_count++;
        out->id = r->id;
        out->id_len = r->id_len;
        out->title = r->title;
        out->title_len = r->title_len;
        r->id = r->title = NULL;
        out->is_done = r->is_done;
        out->has_dot = r->project_color && rd_android_color(r->project_color, r->project_color_len, &out->dot_argb);
    }
    return 1;
}

/* The display from the document: projectTitle once when a project is selected (its failure
 * empties the list, as in the widget's one try; its title is the header), the rows, then the
 * stamp's header when no title was found. */
rd_display *rd_document_display(const rd_document *doc, const rd_display_query *q)
{
    if (!doc || !q)
        return NULL;
    rd_display *d = rd_malloc(sizeof *d);
    if (!d)
        return NULL;
    memset(d, 0, sizeof *d);
    const rd_parse_query *p = &q->parse;
    int found = 0;
    if (p->selected_project_id)
        found = rd_document_project_title(doc, p->selected_project_id, p->selected_project_id_len,
                                          &d->header_title, &d->header_title_len, NULL);
    rd_rows *rows = found == -1 || found == -2 ? NULL : rd_document_parse(doc, p);
    int ok = found != -2 && (found == -1 || rows);
    if (rows && !rows->parse_ok) {
        rd_rows_free(rows);
        rows = NULL;
    }
    ok = ok && shown_rows(rows, q->capacity, d);
    rd_rows_free(rows);
    if (ok && found == 1)
        d->header_kind = RD_HEADER_PROJECT;
    else if (ok)
        ok = stamp_header(doc, q, d);
    if (!ok) {
        rd_display_free(d);
        return NULL;
    }
    return d;
}

rd_display *rd_display_read(const rd_display_query *q)
{
    if (!q)
        return NULL;
    rd_document *doc = rd_document_load(q->parse.blob, q->parse.blob_len);
    rd_display *d = doc ? rd_document_display(doc, q) : NULL;
    rd_document_free(doc);
    return d;
}
