/* The document (rd_document_load: the blob parsed once, pre-pass then jansson) and
 * rd_decode on it: one case -> the decoded view, the field rules of CONTRACT §2 (rows,
 * meta), then stale and header (§4). */
#include "rd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef rd_ctx ctx;

static char *take_text(rd_buf *b, size_t *len, ctx *cx)
{
    char *s = rd_buf_take(b, len);
    if (!s)
        cx->oom = 1;
    return s;
}

void rd_set_error(ctx *cx, const char *fmt_text)
{
    free(cx->v->error);
    cx->v->error = rd_memdup(fmt_text, strlen(fmt_text));
    if (!cx->v->error)
        cx->oom = 1;
    cx->v->parse_ok = 0;
}

/* ---- pending targets: the last entry for an id wins ---- */

typedef rd_pending_index pending_index;

static int cmp_id(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t n = alen < blen ? alen : blen;
    int c = n ? memcmp(a, b, n) : 0;
    if (c)
        return c;
    return alen < blen ? -1 : alen > blen;
}

/* Ties by position: the pointers all point into the caller's one array. */
static int cmp_pending(const void *a, const void *b)
{
    const rd_pending *x = *(const rd_pending *const *)a;
    const rd_pending *y = *(const rd_pending *const *)b;
    int c = cmp_id(x->id, x->id_len, y->id, y->id_len);
    if (c)
        return c;
    return x < y ? -1 : x > y;
}

/* 0: not queued, 1: target false, 2: target true. */
int rd_pending_lookup(const pending_index *pi, const char *id, size_t len)
{
    if (!pi->order) {
        for (size_t k = pi->count; k-- > 0;)
            if (cmp_id(pi->items[k].id, pi->items[k].id_len, id, len) == 0)
                return pi->items[k].is_done ? 2 : 1;
        return 0;
    }
    size_t lo = 0, hi = pi->count;     /* past the last entry whose id is <= id */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_id(pi->order[mid]->id, pi->order[mid]->id_len, id, len) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && cmp_id(pi->order[lo - 1]->id, pi->order[lo - 1]->id_len, id, len) == 0)
        return pi->order[lo - 1]->is_done ? 2 : 1;
    return 0;
}

int rd_pending_index_init(pending_index *pi, const rd_pending *items, size_t count)
{
    pi->items = items;
    pi->count = items ? count : 0;
    pi->order = NULL;
    if (pi->count <= 16)
        return 1;
    pi->order = rd_malloc(pi->count * sizeof *pi->order);
    if (!pi->order)
        return 0;
    for (size_t k = 0; k < pi->count; k++)
        pi->order[k] = &items[k];
    qsort(pi->order, pi->count, sizeof *pi->order, cmp_pending);
    return 1;
}

/* ---- rows (parse) ---- */

void rd_free_rows(rd_view *v)
{
    for (size_t i = 0; i < v->row_count; i++) {
        free(v->rows[i].id);
        free(v->rows[i].title);
        free(v->rows[i].project_color);
    }
    free(v->rows);
    v->rows = NULL;
    v->row_count = 0;
}

/* getJSONObject / getString threw: the whole parse fails, no rows. */
static int fail_row(ctx *cx, size_t i, const char *what)
{
    char msg[96];
    rd_free_rows(cx->v);
    snprintf(msg, sizeof msg, "tasks[%zu]%s", i, what);
    rd_set_error(cx, msg);
    return 0;
}

/* The tap time queued for an id (the last entry wins); 0 when none. */
static int pending_time_lookup(const rd_rev2 *r2, const char *id, size_t len, int64_t *out)
{
    for (size_t k = r2->time_count; k-- > 0;)
        if (cmp_id(r2->times[k].id, r2->times[k].id_len, id, len) == 0) {
            *out = r2->times[k].done_at_ms;
            return 1;
        }
    return 0;
}

/* Revision 2 (CONTRACT.md §8.1): the row's doneOn, and whether a project's rows keep it.
 * The grace sum is Java's long addition, which wraps. */
static int apply_rev2(const rd_rev2 *r2, rd_row *r, int queued, json_t *t)
{
    int64_t at;
    if (queued == 2) {
        r->has_done_on = 1;
        r->done_on = pending_time_lookup(r2, r->id, r->id_len, &at) ? at : r2->now_ms;
    } else {
        int64_t stamp = rd_to_long(json_object_get(t, "doneOn"), 0);
        if (stamp > 0) {
            r->has_done_on = 1;
            r->done_on = stamp;
        }
    }
    if (!r2->project_rows || !r->is_done)
        return 1;
    return r->has_done_on && r2->now_ms < (int64_t)((uint64_t)r->done_on + 5000u);
}

static void drop_last_row(rd_view *v)
{
    rd_row *r = &v->rows[--v->row_count];
    free(r->id);
    free(r->title);
    free(r->project_color);
    memset(r, 0, sizeof *r);
}

int rd_read_rows(ctx *cx, json_t *root, json_t *tasks, const pending_index *pi, const rd_rev2 *r2)
{
    if (!json_is_array(tasks))
        return 1;                          /* optJSONArray: no rows */
    json_t *colors = json_object_get(root, "projectColors");
    if (!json_is_object(colors))
        colors = NULL;                     /* optJSONObject */
    size_t n = json_array_size(tasks);
    rd_view *v = cx->v;
    v->rows = rd_malloc((n ? n : 1) * sizeof *v->rows);
    if (v->rows)
        memset(v->rows, 0, (n ? n : 1) * sizeof *v->rows);
    if (!v->rows) {
        cx->oom = 1;
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *t = json_array_get(tasks, i);
        if (!json_is_object(t))
            return fail_row(cx, i, " is not an object");
        json_t *id = json_object_get(t, "id");
        if (!id)
            return fail_row(cx, i, ".id is missing");
        json_t *title = json_object_get(t, "title");
        if (!title)
            return fail_row(cx, i, ".title is missing");

        rd_row *r = &v->rows[v->row_count++];
        rd_buf b = {0};
        rd_java_text(id, &b);
        r->id = take_text(&b, &r->id_len, cx);
        rd_java_text(title, &b);
        r->title = take_text(&b, &r->title_len, cx);
        if (cx->oom)
            return 0;

        json_t *pid = json_object_get(t, "projectId");
        if (colors && pid && !json_is_null(pid)) {
            size_t pid_len;
            rd_java_text(pid, &b);
            char *pid_text = take_text(&b, &pid_len, cx);
            if (!pid_text)
                return 0;
            json_t *color = rd_object_get(colors, pid_text, pid_len, &cx->oom);
            free(pid_text);
            if (color && !json_is_null(color)) {
                rd_java_text(color, &b);
                r->project_color = take_text(&b, &r->project_color_len, cx);
            }
            if (cx->oom)
                return 0;
        }

        r->is_done = rd_to_bool(json_object_get(t, "isDone"), 0);
        int queued = rd_pending_lookup(pi, r->id, r->id_len);
        if (queued)
            r->is_done = queued == 2;
        if (r2 && !apply_rev2(r2, r, queued, t))
            drop_last_row(v);
    }
    return 1;
}

/* ---- meta ---- */

static void read_meta(ctx *cx, json_t *root)
{
    rd_view *v = cx->v;
    json_t *day = json_object_get(root, "dayStr");
    if (day && !json_is_null(day)) {
        rd_buf b = {0};
        rd_java_text(day, &b);
        size_t len;
        char *s = take_text(&b, &len, cx);
        if (s && len == 0) {
            free(s);
            s = NULL;
        }
        v->day_str = s;
        v->day_str_len = s ? len : 0;
    }
    int64_t until = rd_to_long(json_object_get(root, "validUntil"), 0);
    if (until > 0) {
        v->has_valid_until = 1;
        v->valid_until = until;
    }
}

/* ---- the document: the blob parsed once ---- */

/* A raw NUL byte is never JSON text (inside a string it must be escaped, outside one
 * it is not whitespace), but jansson's stream reader uses NUL as its buffer sentinel
 * and can step over one after a number ({"":0<NUL>} parsed; found by the seeded
 * fuzzer, golden/findings/20261129-35006.json). So the reader refuses it first. */
static int refuse_raw_nul(ctx *cx, const unsigned char *blob, size_t blob_len)
{
    const unsigned char *nul = blob ? memchr(blob, 0, blob_len) : NULL;
    if (!nul)
        return 0;
    size_t pos = (size_t)(nul - blob);
    int line = 1;
    size_t line_start = 0;
    for (size_t k = 0; k < pos; k++)
        if (blob[k] == '\n') {
            line++;
            line_start = k + 1;
        }
    char msg[96];
    snprintf(msg, sizeof msg, "invalid JSON: raw NUL byte (line %d, column %zu, byte %zu)",
             line, pos - line_start + 1, pos);
    rd_set_error(cx, msg);
    return 1;
}

json_t *rd_load_blob(ctx *cx, const unsigned char *blob, size_t blob_len)
{
    if (refuse_raw_nul(cx, blob, blob_len))
        return NULL;
    json_error_t err;
    json_t *root;
    int loaded = rd_json_load((const char *)blob, blob_len, JSON_DECODE_ANY, &root, &err);
    if (loaded < 0) {
        cx->oom = 1;
        return NULL;
    }
    if (!loaded) {
        char msg[JSON_ERROR_TEXT_LENGTH + 96];
        snprintf(msg, sizeof msg, "invalid JSON: %s (line %d, column %d, byte %d)",
                 err.text, err.line, err.column, err.position);
        rd_set_error(cx, msg);
        return NULL;
    }
    return root;
}

rd_document *rd_document_load(const unsigned char *blob, size_t blob_len)
{
    rd_document *d = rd_malloc(sizeof *d);
    if (!d)
        return NULL;
    rd_view v = {0};
    ctx cx = {&v, 0};
    json_t *root = rd_load_blob(&cx, blob, blob_len);
    d->status = -1;
    d->root = NULL;
    if (root && !json_is_object(root)) {
        rd_set_error(&cx, "invalid blob: the top-level value is not an object");
    } else if (root && rd_to_int(json_object_get(root, "v"), -1) != 1) {
        d->status = 0;                     /* not for this reader: every answer is empty */
    } else if (root) {
        d->status = 1;
        d->root = root;
        root = NULL;
    }
    if (root)
        json_decref(root);
    d->error = v.error;
    if (cx.oom) {
        rd_document_free(d);
        return NULL;
    }
    return d;
}

void rd_document_free(rd_document *d)
{
    if (!d)
        return;
    if (d->root)
        json_decref(d->root);
    free(d->error);
    free(d);
}

int rd_document_begin(ctx *cx, const rd_document *d)
{
    if (d->status < 0)
        rd_set_error(cx, d->error);
    else
        cx->v->parse_ok = 1;
    return d->status;
}

int rd_document_stamp(const rd_document *d, int64_t now_ms, const char *time_zone, rd_view *v)
{
    ctx cx = {v, 0};
    if (d->status > 0)
        read_meta(&cx, d->root);          /* independent of the rows' fate */
    if (cx.oom)
        return 0;
    v->stale = v->has_valid_until && now_ms >= v->valid_until;
    if (v->stale) {
        v->header_outdated = 1;
        int64_t ms;
        int known = v->day_str ? rd_day_str_to_ms(v->day_str, v->day_str_len, time_zone, &ms) : 0;
        if (known < 0)                 /* the zone could not be read: no answer, not a null one */
            return -1;
        if (known) {
            v->has_day_ms = 1;
            v->day_ms = ms;
        }
    }
    return 1;
}

/* ---- the case ---- */

static rd_view *no_case(void)
{
    rd_view *v = rd_malloc(sizeof *v);
    if (!v)
        return NULL;
    memset(v, 0, sizeof *v);
    v->error = rd_memdup("no case", 7);
    if (!v->error) {
        free(v);
        return NULL;
    }
    return v;
}

rd_view *rd_document_decode(const rd_document *d, const rd_case *c)
{
    if (!d || !c)
        return d ? no_case() : NULL;
    rd_view *v = rd_malloc(sizeof *v);
    if (!v)
        return NULL;
    memset(v, 0, sizeof *v);
    ctx cx = {v, 0};
    pending_index pi;
    if (!rd_pending_index_init(&pi, c->pending, c->pending_count)) {
        free(v);
        return NULL;
    }
    if (rd_document_begin(&cx, d) > 0)
        rd_read_rows(&cx, d->root, json_object_get(d->root, "tasks"), &pi, NULL);
    free(pi.order);
    if (cx.oom || rd_document_stamp(d, c->now_ms, c->time_zone, v) <= 0) {
        rd_view_free(v);
        return NULL;
    }
    return v;
}

rd_view *rd_decode(const rd_case *c)
{
    if (!c)
        return no_case();
    rd_document *d = rd_document_load(c->blob, c->blob_len);
    rd_view *v = d ? rd_document_decode(d, c) : NULL;
    rd_document_free(d);
    return v;
}

void rd_view_free(rd_view *v)
{
    if (!v)
        return;
    rd_free_rows(v);
    free(v->error);
    free(v->day_str);
    free(v);
}
