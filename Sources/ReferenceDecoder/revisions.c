/* The questions revisions 2 and 3 add (CONTRACT.md §8): rd_parse (a selected project's
 * rows, doneOn, the grace), rd_parse_projects, rd_project_title, rd_current_task_read.
 * Each answers from the document (the blob parsed once, as rd_decode parses it) and reads
 * with the same org.json coercions (coerce.c); each one-blob function is a load, the
 * question and a free. */
#include "rd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* getJSONObject on every entry: 1 when all are objects, else the error is set. */
static int entries_are_objects(rd_ctx *cx, json_t *projects)
{
    for (size_t i = 0; i < json_array_size(projects); i++)
        if (!json_is_object(json_array_get(projects, i))) {
            char msg[64];
            snprintf(msg, sizeof msg, "projects[%zu] is not an object", i);
            rd_set_error(cx, msg);
            return 0;
        }
    return 1;
}

/* optString(member): the text of a present member, "" for an absent one, compared with
 * the given bytes. -1 on OOM. */
static int opt_text_equals(json_t *obj, const char *member, const char *want, size_t want_len)
{
    json_t *value = json_object_get(obj, member);
    if (!value)
        return want_len == 0;
    rd_buf b = {0};
    rd_java_text(value, &b);
    if (b.oom) {
        rd_buf_free(&b);
        return -1;
    }
    int same = b.len == want_len && (want_len == 0 || memcmp(b.p, want, want_len) == 0);
    rd_buf_free(&b);
    return same;
}

/* The selected project's tasks array, or NULL for Today's (no projects array, no entry
 * with that id, or an entry without a tasks array). -1 in *status on failure. */
static json_t *selected_tasks(rd_ctx *cx, json_t *root, const rd_parse_query *q, int *status)
{
    *status = 0;
    json_t *projects = json_object_get(root, "projects");
    if (!q->selected_project_id || !json_is_array(projects))
        return NULL;
    if (!entries_are_objects(cx, projects)) {
        *status = -1;
        return NULL;
    }
    for (size_t i = 0; i < json_array_size(projects); i++) {
        json_t *entry = json_array_get(projects, i);
        int same = opt_text_equals(entry, "id", q->selected_project_id, q->selected_project_id_len);
        if (same < 0) {
            cx->oom = 1;
            *status = -1;
            return NULL;
        }
        if (same) {
            json_t *tasks = json_object_get(entry, "tasks");
            return json_is_array(tasks) ? tasks : NULL;
        }
    }
    return NULL;
}

rd_rows *rd_document_parse(const rd_document *d, const rd_parse_query *q)
{
    rd_view v = {0};
    rd_ctx cx = {&v, 0};
    rd_pending_index pi;
    if (!d || !q || !rd_pending_index_init(&pi, q->pending, q->pending_count))
        return NULL;
    if (rd_document_begin(&cx, d) > 0) {
        int status;
        json_t *project_tasks = selected_tasks(&cx, d->root, q, &status);
        if (status == 0) {
            rd_rev2 r2 = {q->pending_times, q->pending_times ? q->pending_time_count : 0, q->now_ms, project_tasks != NULL};
            rd_read_rows(&cx, d->root, project_tasks ? project_tasks : json_object_get(d->root, "tasks"), &pi, &r2);
        }
    }
    free(pi.order);
    rd_rows *out = cx.oom ? NULL : rd_malloc(sizeof *out);
    if (!out) {
        rd_free_rows(&v);
        free(v.error);
        return NULL;
    }
    out->parse_ok = v.parse_ok;
    out->error = v.error;
    out->rows = v.rows;
    out->row_count = v.row_count;
    return out;
}

rd_rows *rd_parse(const rd_parse_query *q)
{
    if (!q)
        return NULL;
    rd_document *d = rd_document_load(q->blob, q->blob_len);
    rd_rows *rows = d ? rd_document_parse(d, q) : NULL;
    rd_document_free(d);
    return rows;
}

void rd_rows_free(rd_rows *r)
{
    if (!r)
        return;
    rd_view v = {0};
    v.rows = r->rows;
    v.row_count = r->row_count;
    rd_free_rows(&v);
    free(r->error);
    free(r);
}

/* getString(member) into *out and *len; 0 with the error set when absent (or OOM). */
static int get_string(rd_ctx *cx, json_t *obj, const char *member, size_t index, char **out, size_t *len)
{
    json_t *value = json_object_get(obj, member);
    if (!value) {
        char msg[64];
        snprintf(msg, sizeof msg, "projects[%zu].%s is missing", index, member);
        rd_set_error(cx, msg);
        return 0;
    }
    rd_buf b = {0};
    rd_java_text(value, &b);
    *out = rd_buf_take(&b, len);
    if (!*out)
        cx->oom = 1;
    return *out != NULL;
}

void rd_projects_free(rd_projects *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->count; i++) {
        free(p->projects[i].id);
        free(p->projects[i].title);
    }
    free(p->projects);
    free(p->error);
    free(p);
}

rd_projects *rd_document_projects(const rd_document *d)
{
    if (!d)
        return NULL;
    rd_view v = {0};
    rd_ctx cx = {&v, 0};
    rd_projects *out = rd_malloc(sizeof *out);
    if (!out)
        return NULL;
    memset(out, 0, sizeof *out);
    out->ok = rd_document_begin(&cx, d) >= 0;
    json_t *projects = d->status > 0 ? json_object_get(d->root, "projects") : NULL;
    if (json_is_array(projects) && entries_are_objects(&cx, projects)) {
        size_t n = json_array_size(projects);
        out->projects = rd_malloc((n ? n : 1) * sizeof *out->projects);
        if (!out->projects)
            cx.oom = 1;
        for (size_t i = 0; out->projects && i < n; i++) {
            json_t *entry = json_array_get(projects, i);
            rd_project *p = &out->projects[out->count];
            memset(p, 0, sizeof *p);
            out->count++;
            if (!get_string(&cx, entry, "id", i, &p->id, &p->id_len)
                || !get_string(&cx, entry, "title", i, &p->title, &p->title_len))
                break;
        }
    }
    if (v.error) {               /* a failed load or entry: no list, only the reason */
        for (size_t i = 0; i < out->count; i++) {
            free(out->projects[i].id);
            free(out->projects[i].title);
        }
        out->count = 0;
        out->ok = 0;
        out->error = v.error;
    }
    if (cx.oom) {
        rd_projects_free(out);
        return NULL;
    }
    return out;
}

rd_projects *rd_parse_projects(const unsigned char *blob, size_t blob_len)
{
    rd_document *d = rd_document_load(blob, blob_len);
    rd_projects *list = d ? rd_document_projects(d) : NULL;
    rd_document_free(d);
    return list;
}

int rd_document_project_title(const rd_document *d, const char *id, size_t id_len,
                              char **out_title, size_t *out_len, char **out_error)
{
    *out_title = NULL;
    *out_len = 0;
    if (out_error)
        *out_error = NULL;
    rd_projects *list = rd_document_projects(d);
    if (!list)
        return -2;
    int answer = 0;
    if (!list->ok) {
        answer = -1;
        if (out_error) {
            *out_error = list->error;
            list->error = NULL;
        }
    }
    for (size_t i = 0; answer == 0 && i < list->count; i++) {
        rd_project *p = &list->projects[i];
        if (p->id_len == id_len && (id_len == 0 || memcmp(p->id, id, id_len) == 0)) {
            *out_title = p->title;
            *out_len = p->title_len;
            p->title = NULL;
            answer = 1;
        }
    }
    rd_projects_free(list);
    return answer;
}

int rd_project_title(const unsigned char *blob, size_t blob_len, const char *id, size_t id_len,
                     char **out_title, size_t *out_len, char **out_error)
{
    rd_document *d = rd_document_load(blob, blob_len);
    int answer = rd_document_project_title(d, id, id_len, out_title, out_len, out_error);
    rd_document_free(d);
    return answer;
}

void rd_current_task_free(rd_current_task *t)
{
    if (!t)
        return;
    free(t->id);
    free(t->title);
    free(t->project_id);
    free(t->device_label);
    free(t);
}

/* The text of `value` into *out and *len; 0 on OOM. */
static int text_of(json_t *value, char **out, size_t *len)
{
    rd_buf b = {0};
    rd_java_text(value, &b);
    *out = rd_buf_take(&b, len);
    return *out != NULL;
}

int rd_document_current_task(const rd_document *d, rd_current_task **out)
{
    *out = NULL;
    if (!d)
        return -1;
    if (d->status <= 0)
        return 0;
    json_t *task = json_object_get(d->root, "currentTask");
    json_t *id = json_is_object(task) ? json_object_get(task, "id") : NULL;
    json_t *title = json_is_object(task) ? json_object_get(task, "title") : NULL;
    if (!id || !title)
        return 0;
    rd_current_task *t = rd_malloc(sizeof *t);
    int ok = t != NULL;
    if (t)
        memset(t, 0, sizeof *t);
    ok = ok && text_of(id, &t->id, &t->id_len) && text_of(title, &t->title, &t->title_len);
    json_t *project = ok ? json_object_get(task, "projectId") : NULL;
    if (project && !json_is_null(project))
        ok = text_of(project, &t->project_id, &t->project_id_len);
    json_t *label = ok ? json_object_get(task, "deviceLabel") : NULL;
    if (ok && label)
        ok = text_of(label, &t->device_label, &t->device_label_len);
    else if (ok)
        ok = (t->device_label = rd_memdup("", 0)) != NULL;
    if (ok) {
        t->is_local = rd_to_bool(json_object_get(task, "isLocal"), 0);
        int64_t since = rd_to_long(json_object_get(task, "sinceTs"), 0);
        t->has_since_ts = since > 0;
        t->since_ts = since > 0 ? since : 0;
        json_t *cycle = json_object_get(task, "focusCycle");
        if (cycle && !json_is_null(cycle)) {
            t->has_focus_cycle = 1;
            t->focus_cycle = rd_to_int(cycle, 0);
        }
    }
    if (!ok) {
        rd_current_task_free(t);
        return -1;
    }
    *out = t;
    return 1;
}

int rd_current_task_read(const unsigned char *blob, size_t blob_len, rd_current_task **out)
{
    rd_document *d = rd_document_load(blob, blob_len);
    int answer = rd_document_current_task(d, out);
    rd_document_free(d);
    return answer;
}

const char *rd_contract_features(void) { return "3"; }
