/* The C reference as an external testee (CONTRACT.md §6): cases JSONL on
 * stdin, one canonical view line per case on stdout, in order, flushed per
 * line. A case line that cannot be read still gets a line, with
 * "parse":{"error":"bad case: ..."} and meta nulls, under its id when it has
 * one (else under the id ""), and the run goes on. Blank lines are skipped.
 * Exit 0 at EOF. Case lines are read with the same pre-pass as blobs, so a
 * NUL in a pendingDoneTargets key works and a lone surrogate escape in any
 * case string reads as U+FFFD. */
#define _POSIX_C_SOURCE 200809L

#include "rd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void emit(const rd_view *v, const char *id, size_t id_len)
{
    size_t n;
    char *line = rd_view_to_json(v, id, id_len, &n);
    if (!line) {
        fputs("{\"id\":\"\",\"parse\":{\"error\":\"out of memory\"},\"meta\":{\"dayStr\":null,"
              "\"validUntil\":null},\"stale\":false,\"header\":{\"kind\":\"today\"}}\n", stdout);
    } else {
        fwrite(line, 1, n, stdout);
        fputc('\n', stdout);
        free(line);
    }
    fflush(stdout);
}

static void emit_bad_case(const char *id, size_t id_len, const char *reason)
{
    char msg[JSON_ERROR_TEXT_LENGTH + 128];
    snprintf(msg, sizeof msg, "bad case: %s", reason);
    rd_view v;
    memset(&v, 0, sizeof v);
    v.error = msg;
    emit(&v, id, id_len);
}

static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/* Standard, padded base64. NULL when malformed or out of memory. */
static unsigned char *b64_decode(const char *s, size_t len, size_t *out_len)
{
    if (len % 4 != 0)
        return NULL;
    unsigned char *out = malloc(len / 4 * 3 + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < len; i += 4) {
        int pad = 0;
        uint32_t acc = 0;
        for (int k = 0; k < 4; k++) {
            unsigned char c = (unsigned char)s[i + k];
            int v;
            if (c == '=' && i + 4 == len && k >= 2 && (k == 3 || s[i + 3] == '=')) {
                pad++;
                v = 0;
            } else if ((v = b64_value(c)) < 0 || pad) {
                free(out);
                return NULL;
            }
            acc = acc << 6 | (uint32_t)v;
        }
        out[n++] = (unsigned char)(acc >> 16);
        if (pad < 2)
            out[n++] = (unsigned char)(acc >> 8);
        if (pad < 1)
            out[n++] = (unsigned char)acc;
    }
    *out_len = n;
    return out;
}

typedef struct case_parts {
    rd_pending *pending;
    char **pending_ids;
    size_t pending_count;
    unsigned char *blob_owned;
} case_parts;

static void parts_free(case_parts *p)
{
    for (size_t i = 0; i < p->pending_count; i++)
        free(p->pending_ids[i]);
    free(p->pending_ids);
    free(p->pending);
    free(p->blob_owned);
}

/* NULL when read, else the reason. */
static const char *read_pending(json_t *obj, case_parts *p)
{
    size_t n = json_object_size(obj);
    p->pending = calloc(n ? n : 1, sizeof *p->pending);
    p->pending_ids = calloc(n ? n : 1, sizeof *p->pending_ids);
    if (!p->pending || !p->pending_ids)
        return "out of memory";
    for (void *it = json_object_iter(obj); it; it = json_object_iter_next(obj, it)) {
        json_t *val = json_object_iter_value(it);
        if (!json_is_boolean(val))
            return "a pendingDoneTargets value is not a boolean";
        rd_buf key = {0};
        rd_key_decode(json_object_iter_key(it), json_object_iter_key_len(it), &key);
        size_t klen;
        char *k = rd_buf_take(&key, &klen);
        if (!k)
            return "out of memory";
        rd_pending *e = &p->pending[p->pending_count];
        p->pending_ids[p->pending_count++] = k;
        e->id = k;
        e->id_len = klen;
        e->is_done = json_is_true(val);
    }
    return NULL;
}

static void run_line(const char *line, size_t len)
{
    rd_prepared prep;
    if (!rd_prepass((const unsigned char *)line, len, &prep)) {
        emit_bad_case("", 0, "out of memory");
        return;
    }
    json_error_t err;
    json_t *root = json_loadb(prep.text, prep.len, JSON_ALLOW_NUL, &err);
    if (!root || !json_is_object(root)) {
        char reason[JSON_ERROR_TEXT_LENGTH + 64];
        if (root) {
            snprintf(reason, sizeof reason, "the line is not a JSON object");
        } else {
            int l, c;
            size_t pos;
            rd_prepared_map_error(&prep, &err, &l, &c, &pos);
            snprintf(reason, sizeof reason, "%s (line 1, column %d)", err.text, c);
        }
        json_decref(root);
        rd_prepared_free(&prep);
        emit_bad_case("", 0, reason);
        return;
    }
    rd_prepared_free(&prep);

    json_t *jid = json_object_get(root, "id");
    const char *id = json_is_string(jid) ? json_string_value(jid) : "";
    size_t id_len = json_is_string(jid) ? json_string_length(jid) : 0;
    json_t *blob = json_object_get(root, "blob");
    json_t *blob64 = json_object_get(root, "blobBase64");
    json_t *pending = json_object_get(root, "pendingDoneTargets");
    json_t *now = json_object_get(root, "nowMs");
    json_t *zone = json_object_get(root, "timeZone");

    case_parts parts;
    memset(&parts, 0, sizeof parts);
    rd_case c;
    memset(&c, 0, sizeof c);
    const char *bad = NULL;
    if (!json_is_string(jid))
        bad = "\"id\" is missing or not a string";
    else if (blob && blob64)
        bad = "both \"blob\" and \"blobBase64\"";
    else if (!json_is_string(blob ? blob : blob64))
        bad = "\"blob\" or \"blobBase64\" is missing or not a string";
    else if (!json_is_integer(now))
        bad = "\"nowMs\" is missing or not an integer";
    else if (!json_is_string(zone) || strlen(json_string_value(zone)) != json_string_length(zone))
        bad = "\"timeZone\" is missing, not a string or holds a NUL";
    else if (pending && !json_is_null(pending) && !json_is_object(pending))
        bad = "\"pendingDoneTargets\" is not an object";
    else if (json_is_object(pending))
        bad = read_pending(pending, &parts);
    if (!bad && blob64) {
        size_t n = 0;
        parts.blob_owned = b64_decode(json_string_value(blob64), json_string_length(blob64), &n);
        if (!parts.blob_owned)
            bad = "\"blobBase64\" is not padded standard base64";
        c.blob = parts.blob_owned;
        c.blob_len = n;
    } else if (!bad) {
        c.blob = (const unsigned char *)json_string_value(blob);
        c.blob_len = json_string_length(blob);
    }

    if (bad) {
        emit_bad_case(id, id_len, bad);
    } else {
        c.pending = parts.pending;
        c.pending_count = parts.pending_count;
        c.now_ms = json_integer_value(now);
        c.time_zone = json_string_value(zone);
        rd_view *v = rd_decode(&c);
        if (v)
            emit(v, id, id_len);
        else
            emit_bad_case(id, id_len, "out of memory");
        rd_view_free(v);
    }
    parts_free(&parts);
    json_decref(root);
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        size_t len = (size_t)n;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        size_t k = 0;
        while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r'))
            k++;
        if (k == len)
            continue;
        run_line(line, len);
    }
    free(line);
    rd_zone_cache_clear();
    return ferror(stdout) ? 1 : 0;
}
