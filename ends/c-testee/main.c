/* The C reference as an external testee (CONTRACT.md §6): cases JSONL on
 * stdin, one view line per case on stdout, in order, flushed per line: the
 * whole view the harness's in-process C reader answers (every revision's
 * fields, display included: rd_document_view_json), so `contract-harness check
 * --testee c-testee@3=…` holds it to golden/expected (scripts/test's gate does,
 * over the whole corpus). A case line that cannot be read, or a case the
 * reference cannot finish (out of memory, a zone file it could not read), still
 * gets a line: a crash line, {"id":…,"crash":"bad case: …"}, under its id when
 * it has one (else under the id ""), and the run goes on. Blank lines are
 * skipped. Exit 0 at EOF. Case lines are read with the same pre-pass as blobs
 * (rd_json_load), so a NUL in a pendingDoneTargets or pendingDoneTimestamps key
 * works and a lone surrogate escape in any case string reads as U+FFFD. Only
 * the library's public header: scripts/build-c-testee gives no path to its
 * private ones. */
#define _POSIX_C_SOURCE 200809L

#include "reference_decoder.h"

#include <jansson.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_text(const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    putchar('"');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': fputs("\\\"", stdout); break;
        case '\\': fputs("\\\\", stdout); break;
        case '\b': fputs("\\b", stdout); break;
        case '\t': fputs("\\t", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\f': fputs("\\f", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        default:
            if (c < 0x20)
                printf("\\u00%c%c", hex[c >> 4], hex[c & 15]);
            else
                putchar(c);
        }
    }
    putchar('"');
}

/* The crash line of CONTRACT §6 (prefix, then reason). The id is a case string (UTF-8, jansson read it); the reason's
 * bytes beyond ASCII (a quoted piece of a line that is not UTF-8) are written as '?'. */
static void emit_crash(const char *id, size_t id_len, const char *prefix, const char *reason)
{
    char what[JSON_ERROR_TEXT_LENGTH + 160];
    int n = snprintf(what, sizeof what, "%s%s", prefix, reason);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof what ? (size_t)n : sizeof what - 1;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)what[i] >= 0x80)
            what[i] = '?';
    fputs("{\"id\":", stdout);
    put_text(id, id_len);
    fputs(",\"crash\":", stdout);
    put_text(what, len);
    fputs("}\n", stdout);
    fflush(stdout);
}

static void emit_line(const char *line, size_t n)
{
    fwrite(line, 1, n, stdout);
    fputc('\n', stdout);
    fflush(stdout);
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
    size_t pending_count;
    rd_pending_time *times;
    size_t time_count;
    char **ids;               /* every key read, owned */
    size_t id_count, id_cap;
    unsigned char *blob_owned;
} case_parts;

static void parts_free(case_parts *p)
{
    for (size_t i = 0; i < p->id_count; i++)
        free(p->ids[i]);
    free(p->ids);
    free(p->pending);
    free(p->times);
    free(p->blob_owned);
}

/* ---- the queued taps and their times in order: jansson keeps one value per key (the
 * last, at the first key's place), but a case may queue one id twice (CONTRACT §6) and the
 * reader applies the last tap itself, so the pendingDoneTargets and pendingDoneTimestamps
 * objects are walked over the text jansson has already accepted (valid JSON: no checks
 * beyond what is read). ---- */

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

/* The offset of the value of the top-level member `key` (the last one, as jansson reads
 * it), or len when there is none. */
static size_t member_offset(const char *s, size_t len, const char *key)
{
    size_t found = len;
    size_t i = skip_ws(s, len, 0) + 1;
    i = skip_ws(s, len, i);
    while (i < len && s[i] == '"') {
        size_t end;
        json_t *name = member_name(s, len, i, &end);
        int is_key = name && json_string_length(name) == strlen(key)
                     && memcmp(json_string_value(name), key, strlen(key)) == 0;
        json_decref(name);
        i = skip_ws(s, len, skip_ws(s, len, end) + 1);
        if (is_key)
            found = i;
        i = skip_ws(s, len, skip_value(s, len, i));
        if (i < len && s[i] == ',')
            i = skip_ws(s, len, i + 1);
    }
    return found;
}

/* Room for one more of `n` items of `size` bytes in *items (capacity *cap). 0 on out of memory. */
static int grow(void **items, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return 1;
    size_t more = *cap ? *cap * 2 : 8;
    void *grown = realloc(*items, more * size);
    if (!grown)
        return 0;
    *items = grown;
    *cap = more;
    return 1;
}

/* The object at s[i] ('{'), member by member, a repeated id included: booleans into
 * p->pending (times 0), or int64 integers into p->times (times 1). NULL when read, else
 * the reason. */
static const char *read_members(const char *s, size_t len, size_t i, case_parts *p, int times)
{
    size_t cap = 0;
    i = skip_ws(s, len, i + 1);
    while (i < len && s[i] == '"') {
        size_t end;
        json_t *name = member_name(s, len, i, &end);
        size_t count = times ? p->time_count : p->pending_count;
        if (!name || !grow(times ? (void **)&p->times : (void **)&p->pending, count, &cap,
                           times ? sizeof *p->times : sizeof *p->pending)
            || !grow((void **)&p->ids, p->id_count, &p->id_cap, sizeof *p->ids)) {
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
        p->ids[p->id_count++] = k;
        i = skip_ws(s, len, skip_ws(s, len, end) + 1);
        size_t value_end = skip_value(s, len, i);
        if (times) {
            json_t *ms;
            json_error_t err;
            int loaded = rd_json_load(s + i, value_end - i, JSON_DECODE_ANY, &ms, &err);
            int ok = loaded == 1 && json_is_integer(ms);
            json_int_t at = ok ? json_integer_value(ms) : 0;
            if (loaded == 1)
                json_decref(ms);
            if (loaded < 0)
                return "out of memory";
            if (!ok)
                return "a pendingDoneTimestamps value is not an integer";
            p->times[p->time_count++] = (rd_pending_time){k, klen, (int64_t)at};
        } else {
            int done;
            if (len - i >= 4 && memcmp(s + i, "true", 4) == 0)
                done = 1;
            else if (len - i >= 5 && memcmp(s + i, "false", 5) == 0)
                done = 0;
            else
                return "a pendingDoneTargets value is not a boolean";
            p->pending[p->pending_count++] = (rd_pending){k, klen, done};
        }
        i = skip_ws(s, len, value_end);
        if (i < len && s[i] == ',')
            i = skip_ws(s, len, i + 1);
    }
    return NULL;
}

static const char bad_case[] = "bad case: ";

/* The POSIX locale of a case's device (CONTRACT.md §4): language and region of its BCP 47
 * tag, `th-TH-u-ca-buddhist` -> `th_TH.UTF-8` (a script, `sr-Latn-RS`, is skipped; a C locale
 * has no calendar and no choice of digits). 0 when the tag does not start so or is too long. */
static int device_posix_name(const char *tag, char *out, size_t size)
{
    size_t lang = strcspn(tag, "-");
    if (lang < 2 || lang > 3)
        return 0;
    const char *rest = tag[lang] == '-' ? tag + lang + 1 : tag + lang;
    size_t part = strcspn(rest, "-");
    if (part == 4) {                /* a script */
        rest = rest[part] == '-' ? rest + part + 1 : rest + part;
        part = strcspn(rest, "-");
    }
    int has_region = part == 2 || part == 3;   /* the -u- singleton that may follow is one letter */
    int n = has_region ? snprintf(out, size, "%.*s_%.*s.UTF-8", (int)lang, tag, (int)part, rest)
                       : snprintf(out, size, "%.*s.UTF-8", (int)lang, tag);
    return n > 0 && (size_t)n < size;
}

/* Runs one case under its device's POSIX locale when this machine has it, as the harness's
 * in-process C reader does (DevicePOSIXLocale): the C reference must answer as under "C". */
static locale_t enter_device_locale(json_t *device)
{
    char name[64];
    if (!json_is_string(device) || !device_posix_name(json_string_value(device), name, sizeof name))
        return (locale_t)0;
    return newlocale(LC_ALL_MASK, name, (locale_t)0);
}

static void run_line(const char *line, size_t len)
{
    json_t *root;
    json_error_t err;
    int loaded = rd_json_load(line, len, 0, &root, &err);
    if (loaded < 0) {
        emit_crash("", 0, bad_case, "out of memory");
        return;
    }
    if (!loaded || !json_is_object(root)) {
        char reason[JSON_ERROR_TEXT_LENGTH + 64];
        if (loaded)
            snprintf(reason, sizeof reason, "the line is not a JSON object");
        else
            snprintf(reason, sizeof reason, "%s (line 1, column %d)", err.text, err.column);
        json_decref(root);
        emit_crash("", 0, bad_case, reason);
        return;
    }

    json_t *jid = json_object_get(root, "id");
    const char *id = json_is_string(jid) ? json_string_value(jid) : "";
    size_t id_len = json_is_string(jid) ? json_string_length(jid) : 0;
    json_t *blob = json_object_get(root, "blob");
    json_t *blob64 = json_object_get(root, "blobBase64");
    json_t *pending = json_object_get(root, "pendingDoneTargets");
    json_t *stamps = json_object_get(root, "pendingDoneTimestamps");
    json_t *selected = json_object_get(root, "selectedProjectId");
    json_t *capacity = json_object_get(root, "capacity");
    json_t *now = json_object_get(root, "nowMs");
    json_t *zone = json_object_get(root, "timeZone");
    json_t *device = json_object_get(root, "deviceLocale");

    case_parts parts;
    memset(&parts, 0, sizeof parts);
    const unsigned char *bytes = NULL;
    size_t byte_count = 0;
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
    else if (stamps && !json_is_null(stamps) && !json_is_object(stamps))
        bad = "\"pendingDoneTimestamps\" is not an object";
    else if (selected && !json_is_string(selected))
        bad = "\"selectedProjectId\" is not a string";
    else if (device && !json_is_string(device))
        bad = "\"deviceLocale\" is not a string";
    else if (capacity && (!json_is_integer(capacity) || json_integer_value(capacity) < 0 || json_integer_value(capacity) > 1000))
        bad = "\"capacity\" is not an integer from 0 to 1000";
    else if (json_is_object(pending) && (bad = read_members(line, len, member_offset(line, len, "pendingDoneTargets"), &parts, 0)))
        ;
    else if (json_is_object(stamps))
        bad = read_members(line, len, member_offset(line, len, "pendingDoneTimestamps"), &parts, 1);
    if (!bad && blob64) {
        parts.blob_owned = b64_decode(json_string_value(blob64), json_string_length(blob64), &byte_count);
        if (!parts.blob_owned)
            bad = "\"blobBase64\" is not padded standard base64";
        bytes = parts.blob_owned;
    } else if (!bad) {
        bytes = (const unsigned char *)json_string_value(blob);
        byte_count = json_string_length(blob);
    }

    if (bad) {
        emit_crash(id, id_len, bad_case, bad);
    } else {
        rd_display_query q = {
            .parse = {
                .pending = parts.pending, .pending_count = parts.pending_count,
                .pending_times = parts.times, .pending_time_count = parts.time_count,
                .selected_project_id = selected ? json_string_value(selected) : NULL,
                .selected_project_id_len = selected ? json_string_length(selected) : 0,
                .now_ms = json_integer_value(now),
            },
            .time_zone = json_string_value(zone),
            .capacity = capacity ? (size_t)json_integer_value(capacity) : 20,
        };
        locale_t device_locale = enter_device_locale(device);
        locale_t previous = device_locale ? uselocale(device_locale) : (locale_t)0;
        rd_document *doc = rd_document_load(bytes, byte_count);
        size_t n = 0;
        char *view = doc ? rd_document_view_json(doc, &q, id, id_len, &n) : NULL;
        if (device_locale) {
            uselocale(previous);
            freelocale(device_locale);
        }
        if (view)
            emit_line(view, n);
        else
            emit_crash(id, id_len, "the C reference could not finish (out of memory, or a zone file it could not read)",
                       " in rd_document_view_json");
        free(view);
        rd_document_free(doc);
    }
    parts_free(&parts);
    json_decref(root);
}

int main(int argc, char **argv)
{
    /* The contract features whose fields rd_document_view_json writes (rd_contract_features(),
     * a set of schemas/contract.json): what `--testee c-testee@SET=…` declares. */
    if (argc == 2 && (strcmp(argv[1], "--contract-features") == 0 || strcmp(argv[1], "--contract-revision") == 0)) {
        printf("%s\n", rd_contract_features());
        return 0;
    }
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
