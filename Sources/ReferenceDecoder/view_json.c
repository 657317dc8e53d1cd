/* The canonical view line of CONTRACT §6: fixed key order, no spaces,
 * minimal string escapes, decimal int64. */
#include "rd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (RFC 3629), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;     /* no UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;     /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xBF)
            return 0;
    return len;
}

void rd_json_string(rd_buf *b, const char *str, size_t len, int org_json)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    rd_buf_putc(b, '"');
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && !(org_json && c == '/')) {
            size_t n = org_json ? 1 : utf8_seq(s + i, len - i);
            if (n == 0) {
                rd_buf_put(b, "\xEF\xBF\xBD", 3);   /* U+FFFD */
                i++;
            } else {
                rd_buf_put(b, s + i, n);
                i += n;
            }
            continue;
        }
        switch (c) {
        case '"': rd_buf_puts(b, "\\\""); break;
        case '\\': rd_buf_puts(b, "\\\\"); break;
        case '/': rd_buf_puts(b, "\\/"); break;
        case '\b': rd_buf_puts(b, "\\b"); break;
        case '\t': rd_buf_puts(b, "\\t"); break;
        case '\n': rd_buf_puts(b, "\\n"); break;
        case '\f': rd_buf_puts(b, "\\f"); break;
        case '\r': rd_buf_puts(b, "\\r"); break;
        default: {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            rd_buf_put(b, u, 6);
        }
        }
        i++;
    }
    rd_buf_putc(b, '"');
}

static void put_i64(rd_buf *b, int64_t v)
{
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%lld", (long long)v);
    rd_buf_put(b, buf, (size_t)n);
}

static void put_opt_string(rd_buf *b, const char *s, size_t len)
{
    if (s)
        rd_json_string(b, s, len, 0);
    else
        rd_buf_puts(b, "null");
}

char *rd_view_to_json(const rd_view *v, const char *id, size_t id_len, size_t *out_len)
{
    rd_buf b = {0};
    rd_buf_puts(&b, "{\"id\":");
    rd_json_string(&b, id ? id : "", id ? id_len : 0, 0);
    rd_buf_puts(&b, ",\"parse\":");
    if (v->parse_ok) {
        rd_buf_puts(&b, "{\"tasks\":[");
        for (size_t i = 0; i < v->row_count; i++) {
            const rd_row *r = &v->rows[i];
            rd_buf_puts(&b, i ? ",{\"id\":" : "{\"id\":");
            rd_json_string(&b, r->id, r->id_len, 0);
            rd_buf_puts(&b, ",\"title\":");
            rd_json_string(&b, r->title, r->title_len, 0);
            rd_buf_puts(&b, r->is_done ? ",\"isDone\":true" : ",\"isDone\":false");
            rd_buf_puts(&b, ",\"projectColor\":");
            put_opt_string(&b, r->project_color, r->project_color_len);
            rd_buf_putc(&b, '}');
        }
        rd_buf_puts(&b, "]}");
    } else {
        const char *e = v->error ? v->error : "error";
        rd_buf_puts(&b, "{\"error\":");
        rd_json_string(&b, e, strlen(e), 0);
        rd_buf_putc(&b, '}');
    }
    rd_buf_puts(&b, ",\"meta\":{\"dayStr\":");
    put_opt_string(&b, v->day_str, v->day_str_len);
    rd_buf_puts(&b, ",\"validUntil\":");
    if (v->has_valid_until)
        put_i64(&b, v->valid_until);
    else
        rd_buf_puts(&b, "null");
    rd_buf_puts(&b, v->stale ? "},\"stale\":true" : "},\"stale\":false");
    if (!v->header_outdated) {
        rd_buf_puts(&b, ",\"header\":{\"kind\":\"today\"}}");
    } else {
        rd_buf_puts(&b, ",\"header\":{\"kind\":\"outdated\",\"dayMs\":");
        if (v->has_day_ms)
            put_i64(&b, v->day_ms);
        else
            rd_buf_puts(&b, "null");
        rd_buf_puts(&b, "}}");
    }
    return rd_buf_take(&b, out_len);
}

/* ---- The whole view line: every question of one case (CONTRACT §6, every revision's
 * fields), what the harness's in-process C reader answers, written by the standalone testee
 * (ends/c-testee). Revision 1's members are rd_view_to_json's line for the case's view with
 * revision 2's rows in place of rd_decode's; each row's doneOn is put after its projectColor,
 * and the fields later revisions add after the header, in schemas/contract.json's order. ---- */

static void put_bool_member(rd_buf *b, const char *name, int value)
{
    rd_buf_puts(b, name);
    rd_buf_puts(b, value ? "true" : "false");
}

static void put_opt_i64(rd_buf *b, int has, int64_t value)
{
    if (has)
        put_i64(b, value);
    else
        rd_buf_puts(b, "null");
}

static void put_error(rd_buf *b, const char *error)
{
    const char *e = error ? error : "error";
    rd_buf_puts(b, "{\"error\":");
    rd_json_string(b, e, strlen(e), 0);
    rd_buf_putc(b, '}');
}

/* rd_view_to_json's `line` (n bytes) without its closing brace, each row's doneOn written before
 * the row's own closing brace. A row is an object four levels deep ({"parse":{"tasks":[{…}),
 * the only objects that deep in revision 1's members. */
static void put_rows_done_on(rd_buf *b, const char *line, size_t n, const rd_rows *rows)
{
    int depth = 0, in_string = 0;
    size_t row = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        char c = line[i];
        if (in_string) {
            if (c == '\\' && i + 2 < n) {
                rd_buf_put(b, line + i, 2);
                i++;
                continue;
            }
            in_string = c != '"';
        } else if (c == '"') {
            in_string = 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (c == '}' && depth == 4 && row < rows->row_count) {
                const rd_row *r = &rows->rows[row++];
                rd_buf_puts(b, ",\"doneOn\":");
                put_opt_i64(b, r->has_done_on, r->done_on);
            }
            depth--;
        }
        rd_buf_putc(b, c);
    }
}

static void put_display(rd_buf *b, const rd_display *d)
{
    rd_buf_puts(b, ",\"display\":{\"rows\":[");
    for (size_t i = 0; i < d->row_count; i++) {
        const rd_display_row *r = &d->rows[i];
        rd_buf_puts(b, i ? ",{\"id\":" : "{\"id\":");
        rd_json_string(b, r->id, r->id_len, 0);
        rd_buf_puts(b, ",\"title\":");
        rd_json_string(b, r->title, r->title_len, 0);
        put_bool_member(b, ",\"isDone\":", r->is_done);
        rd_buf_puts(b, ",\"dot\":");
        if (r->has_dot) {
            char dot[16];
            int len = snprintf(dot, sizeof dot, "\"#%08X\"", (unsigned)r->dot_argb);
            rd_buf_put(b, dot, (size_t)len);
        } else {
            rd_buf_puts(b, "null");
        }
        rd_buf_putc(b, '}');
    }
    rd_buf_puts(b, "],\"more\":");
    put_i64(b, (int64_t)d->more);
    static const char *const kinds[] = {"today", "outdated", "project"};
    int kind = d->header_kind == RD_HEADER_OUTDATED || d->header_kind == RD_HEADER_PROJECT ? d->header_kind : RD_HEADER_TODAY;
    rd_buf_puts(b, ",\"header\":{\"kind\":\"");
    rd_buf_puts(b, kinds[kind]);
    rd_buf_puts(b, "\",\"title\":");
    if (kind == RD_HEADER_PROJECT)
        rd_json_string(b, d->header_title ? d->header_title : "", d->header_title ? d->header_title_len : 0, 0);
    else
        rd_buf_puts(b, "null");
    rd_buf_puts(b, ",\"day\":");
    if (kind == RD_HEADER_OUTDATED && d->has_header_day) {
        /* YYYY-MM-DD, the year with at least four digits (a sign before them) */
        char day[32];
        int64_t year = d->header_year;
        int len = snprintf(day, sizeof day, "\"%s%04lld-%02d-%02d\"", year < 0 ? "-" : "", (long long)(year < 0 ? -year : year),
                           d->header_month, d->header_day);
        rd_buf_put(b, day, (size_t)len);
    } else {
        rd_buf_puts(b, "null");
    }
    put_bool_member(b, "},\"empty\":", d->shows_empty);
    rd_buf_putc(b, '}');
}

static void put_projects(rd_buf *b, const rd_projects *p)
{
    rd_buf_puts(b, ",\"projects\":");
    if (!p->ok) {
        put_error(b, p->error);
        return;
    }
    rd_buf_putc(b, '[');
    for (size_t i = 0; i < p->count; i++) {
        rd_buf_puts(b, i ? ",{\"id\":" : "{\"id\":");
        rd_json_string(b, p->projects[i].id, p->projects[i].id_len, 0);
        rd_buf_puts(b, ",\"title\":");
        rd_json_string(b, p->projects[i].title, p->projects[i].title_len, 0);
        rd_buf_putc(b, '}');
    }
    rd_buf_putc(b, ']');
}

static void put_current_task(rd_buf *b, const rd_current_task *t)
{
    rd_buf_puts(b, ",\"currentTask\":");
    if (!t) {
        rd_buf_puts(b, "null");
        return;
    }
    rd_buf_puts(b, "{\"id\":");
    rd_json_string(b, t->id, t->id_len, 0);
    rd_buf_puts(b, ",\"title\":");
    rd_json_string(b, t->title, t->title_len, 0);
    rd_buf_puts(b, ",\"projectId\":");
    put_opt_string(b, t->project_id, t->project_id_len);
    rd_buf_puts(b, ",\"deviceLabel\":");
    rd_json_string(b, t->device_label ? t->device_label : "", t->device_label ? t->device_label_len : 0, 0);
    put_bool_member(b, ",\"isLocal\":", t->is_local);
    rd_buf_puts(b, ",\"sinceTs\":");
    put_opt_i64(b, t->has_since_ts, t->since_ts);
    rd_buf_puts(b, ",\"focusCycle\":");
    put_opt_i64(b, t->has_focus_cycle, t->focus_cycle);
    rd_buf_putc(b, '}');
}

char *rd_document_view_json(const rd_document *d, const rd_display_query *q, const char *id, size_t id_len, size_t *out_len)
{
    const rd_parse_query *p = &q->parse;
    rd_case c = {NULL, 0, p->pending, p->pending_count, p->now_ms, q->time_zone};
    rd_view *v = rd_document_decode(d, &c);
    rd_rows *rows = v ? rd_document_parse(d, p) : NULL;
    rd_projects *projects = rows ? rd_document_projects(d) : NULL;
    char *title = NULL, *title_error = NULL;
    size_t title_len = 0;
    int found = 0;
    if (projects && p->selected_project_id)
        found = rd_document_project_title(d, p->selected_project_id, p->selected_project_id_len, &title, &title_len, &title_error);
    rd_display *display = projects && found >= -1 ? rd_document_display(d, q) : NULL;
    rd_current_task *task = NULL;
    int tracked = display ? rd_document_current_task(d, &task) : -1;

    char *out = NULL;
    if (tracked >= 0) {
        rd_view shown = *v;
        shown.parse_ok = rows->parse_ok;
        shown.error = rows->error;
        shown.rows = rows->rows;
        shown.row_count = rows->row_count;
        size_t n;
        char *first = rd_view_to_json(&shown, id, id_len, &n);
        if (first) {
            rd_buf b = {0};
            put_rows_done_on(&b, first, n, rows);
            free(first);
            put_display(&b, display);
            put_projects(&b, projects);
            rd_buf_puts(&b, ",\"projectTitle\":");
            if (found == 1)
                rd_json_string(&b, title, title_len, 0);
            else if (found == -1)
                put_error(&b, title_error);
            else
                rd_buf_puts(&b, "null");
            put_current_task(&b, task);
            rd_buf_putc(&b, '}');
            out = rd_buf_take(&b, out_len);
        }
    }
    rd_current_task_free(task);
    rd_display_free(display);
    free(title);
    free(title_error);
    rd_projects_free(projects);
    rd_rows_free(rows);
    rd_view_free(v);
    return out;
}
