/* The C reference as an external testee (CONTRACT.md §6): cases JSONL on
 * stdin, one canonical view line per case on stdout, in order, flushed per
 * line. A case line that cannot be read still gets a line, with
 * "parse":{"error":"bad case: ..."} and meta nulls, under its id when it has
 * one (else under the id ""), and the run goes on. Blank lines are skipped.
 * Exit 0 at EOF. Case lines are read with the same pre-pass as blobs
 * (rd_json_load), so a NUL in a pendingDoneTargets key works and a lone
 * surrogate escape in any case string reads as U+FFFD. Only the library's
 * public header: scripts/build-c-testee gives no path to its private ones. */
#define _POSIX_C_SOURCE 200809L

#include "reference_decoder.h"

#include <jansson.h>
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

/* ---- the queued taps in order: jansson keeps one value per key (the last, at the
 * first key's place), but a case may queue one id twice (CONTRACT §6) and the reader
 * applies the last tap itself, so the pendingDoneTargets object is walked over the text
 * jansson has already accepted (valid JSON: no checks beyond what is read). ---- */

static size_t skip_ws(const char *s, size_t len, size_t i)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
}

/* At a '"': the offset just after its closing quote. */
static size_t skip_string(const char *s, size_t len, size_t i)
{
    for (i++; i < len && s[i] != '"'; i++)
        if (s[i] == '\\')
            i++;
    return i + 1;
}

/* At a value: the offset just after it. */
static size_t skip_value(const char *s, size_t len, size_t i)
{
    if (s[i] == '"')
        return skip_string(s, len, i);
    if (s[i] != '{' && s[i] != '[') {
        while (i < len && s[i] != ',' && s[i] != '}' && s[i] != ']' && skip_ws(s, len, i) == i)
            i++;
        return i;
    }
    int depth = 0;
    do {
        if (s[i] == '"') {
            i = skip_string(s, len, i);
            continue;
        }
        if (s[i] == '{' || s[i] == '[')
            depth++;
        else if (s[i] == '}' || s[i] == ']')
            depth--;
        i++;
    } while (i < len && depth > 0);
    return i;
}

/* The member name at s[i] ('"'), decoded (its string token read on its own, so
 * the pre-pass leaves it unencoded); *end is set past the closing quote. NULL on
 * out of memory. */
static json_t *member_name(const char *s, size_t len, size_t i, size_t *end)
{
    *end = skip_string(s, len, i);
    json_t *name;
    json_error_t err;
    return rd_json_load(s + i, *end - i, JSON_DECODE_ANY, &name, &err) == 1 ? name : NULL;
}

/* The offset of the value of the top-level member "pendingDoneTargets" (the last one,
 * as jansson reads it), or len when there is none. */
static size_t pending_offset(const char *s, size_t len)
{
    size_t found = len;
    size_t i = skip_ws(s, len, 0) + 1;
    i = skip_ws(s, len, i);
    while (i < len && s[i] == '"') {
        size_t end;
        json_t *name = member_name(s, len, i, &end);
        int is_pending = name && json_string_length(name) == 18
                         && memcmp(json_string_value(name), "pendingDoneTargets", 18) == 0;
        json_decref(name);
        i = skip_ws(s, len, skip_ws(s, len, end) + 1);
        if (is_pending)
            found = i;
        i = skip_ws(s, len, skip_value(s, len, i));
        if (i < len && s[i] == ',')
            i = skip_ws(s, len, i + 1);
    }
    return found;
}

static int parts_grow(case_parts *p, size_t *cap)
{
    if (p->pending_count < *cap)
        return 1;
    size_t n = *cap ? *cap * 2 : 8;
    rd_pending *items = realloc(p->pending, n * sizeof *items);
    if (items)
        p->pending = items;
    char **ids = realloc(p->pending_ids, n * sizeof *ids);
    if (ids)
        p->pending_ids = ids;
    if (!items || !ids)
        return 0;
    *cap = n;
    return 1;
}

/* The object at s[i] ('{'), member by member, a repeated id included. NULL when read,
 * else the reason. */
static const char *read_pending(const char *s, size_t len, size_t i, case_parts *p)
{
    size_t cap = 0;
    i = skip_ws(s, len, i + 1);
    while (i < len && s[i] == '"') {
        size_t end;
        json_t *name = member_name(s, len, i, &end);
        if (!name || !parts_grow(p, &cap)) {
            json_decref(name);
            return "out of memory";
        }
        size_t klen = json_string_length(name);
        char *k = malloc(klen + 1);
        if (k)
            memcpy(k, json_string_value(name), klen + 1);
        json_decref(name);
        if (!k)
            return "out of memory";
        rd_pending *e = &p->pending[p->pending_count];
        p->pending_ids[p->pending_count++] = k;
        e->id = k;
        e->id_len = klen;
        i = skip_ws(s, len, skip_ws(s, len, end) + 1);
        if (len - i >= 4 && memcmp(s + i, "true", 4) == 0)
            e->is_done = 1;
        else if (len - i >= 5 && memcmp(s + i, "false", 5) == 0)
            e->is_done = 0;
        else
            return "a pendingDoneTargets value is not a boolean";
        i = skip_ws(s, len, skip_value(s, len, i));
        if (i < len && s[i] == ',')
            i = skip_ws(s, len, i + 1);
    }
    return NULL;
}

static void run_line(const char *line, size_t len)
{
    json_t *root;
    json_error_t err;
    int loaded = rd_json_load(line, len, 0, &root, &err);
    if (loaded < 0) {
        emit_bad_case("", 0, "out of memory");
        return;
    }
    if (!loaded || !json_is_object(root)) {
        char reason[JSON_ERROR_TEXT_LENGTH + 64];
        if (loaded)
            snprintf(reason, sizeof reason, "the line is not a JSON object");
        else
            snprintf(reason, sizeof reason, "%s (line 1, column %d)", err.text, err.column);
        json_decref(root);
        emit_bad_case("", 0, reason);
        return;
    }

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
        bad = read_pending(line, len, pending_offset(line, len), &parts);
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
