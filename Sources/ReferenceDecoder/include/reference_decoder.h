/*
 * ReferenceDecoder: the C reference reader of the widget snapshot (v:1),
 * built on libjansson. It implements CONTRACT.md (this repository) exactly:
 * input rules §1, field rules §2, Java's parseDouble grammar §3, days and
 * zones §4, the canonical view of §6.
 *
 * Ownership: every pointer this API returns is owned by the caller and freed
 * with the function named beside it. Strings are UTF-8 and may hold NUL bytes
 * (a JSON "\u0000"), so each one comes with its length; each is also followed
 * by a NUL terminator that is not counted in the length.
 *
 * Threads: every function may be called from any number of threads at once.
 * Nothing reads or changes the environment, the process's time zone, locale
 * or calendar (zone data is read from /usr/share/zoneinfo; see
 * rd_day_str_to_ms). Loaded zones are cached once per process.
 *
 * How the blob is read (CONTRACT §1):
 *   json_loadb(text, len, JSON_ALLOW_NUL | JSON_DECODE_ANY, &error)
 *   - JSON_ALLOW_NUL: "\u0000" is kept in strings (RFC 8259 allows it).
 *   - JSON_DECODE_ANY: any top-level value is parsed, so that a top-level
 *     scalar is still checked as JSON; a top-level that is not an object is
 *     then a parse error of ours.
 *   - not JSON_REJECT_DUPLICATES: a duplicate key keeps the last value at the
 *     position of the first occurrence (jansson's default, verified: it
 *     replaces the value in place and iterates in insertion order).
 *   - not JSON_DISABLE_EOF_CHECK: anything but whitespace after the value is
 *     an error. jansson's whitespace is exactly RFC 8259's (space, tab, LF,
 *     CR); a BOM, invalid UTF-8, raw controls in strings, comments, leading
 *     zeros, '+1', '.5', '1.', NaN/Infinity are all jansson errors already.
 *   - depth: jansson's compiled JSON_PARSER_MAX_DEPTH (2048); nesting of 2048
 *     arrays/objects (the top-level object counts as 1) parses, 2049 fails.
 *   - numbers: jansson rejects a double that overflows ("1e400", a 400-digit
 *     integer) and gives 0 or a subnormal on underflow ("1e-400").
 *
 * The pre-pass. Before jansson sees the text, one string-aware byte scan
 * rewrites it (in a copy, only when needed) where jansson alone would differ
 * from CONTRACT §1:
 *   (a) an RFC 8259 integer literal (-?(0|[1-9][0-9]*), no '.', 'e', 'E')
 *       outside int64: jansson says "too big integer"; the contract says it is
 *       a double. The pre-pass appends ".0" so jansson reads it with strtod
 *       (correctly rounded; one that overflows a double is still an error).
 *   (b) a lone escaped surrogate (\uD800-\uDBFF not followed by an escaped
 *       low half, or \uDC00-\uDFFF not preceded by a high half): jansson says
 *       "invalid Unicode"; the contract (D1) says U+FFFD. The 6-byte escape
 *       becomes "\uFFFD" (same length); each lone half on its own.
 *   (c) "\u0000" inside an object KEY: jansson refuses it ("NUL byte in object
 *       key not supported") even with JSON_ALLOW_NUL. Inside keys only (a
 *       string followed by ':'), the pre-pass escapes the key reversibly:
 *       "\u0000" -> "\u0001\u0001" and "\u0001" -> "\u0001\u0002" (raw U+0001
 *       cannot occur: jansson rejects raw controls). Keys read back from
 *       jansson are decoded; keys looked up are encoded the same way. The map
 *       is injective, so duplicate detection and order are unchanged.
 * Before the pre-pass, a blob holding any raw NUL byte is refused outright:
 * NUL is never JSON text, but jansson 2.14's stream reader uses NUL as its
 * buffer sentinel and stepped over one after a scalar ({"":0<NUL>} parsed;
 * fuzz finding golden/findings/20261129-35006.json, corpus syntax.raw-nul).
 * Every other byte is copied as is, and a rewrite never turns invalid JSON
 * into valid JSON. jansson's error line/column/byte are mapped back to the
 * original text.
 */
#ifndef REFERENCE_DECODER_H
#define REFERENCE_DECODER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A queued check-box tap. id is UTF-8, not NUL-terminated. When several
 * entries name the same id, the last one wins (a last-wins queue). */
typedef struct rd_pending {
    const char *id;
    size_t id_len;
    int is_done;
} rd_pending;

/* One case (CONTRACT §6). blob: the blob's exact bytes (any bytes).
 * time_zone: an IANA name, NUL-terminated. */
typedef struct rd_case {
    const unsigned char *blob;
    size_t blob_len;
    const rd_pending *pending;
    size_t pending_count;
    int64_t now_ms;
    const char *time_zone;
} rd_case;

typedef struct rd_row {
    char *id;
    size_t id_len;
    char *title;
    size_t title_len;
    int is_done;
    char *project_color;      /* NULL when the row has no colour */
    size_t project_color_len;
    int has_done_on;          /* revision 2 (rd_parse) only; always 0 from rd_decode */
    int64_t done_on;          /* epoch ms the task was done (CONTRACT.md §8.1) */
} rd_row;

typedef struct rd_view {
    int parse_ok;             /* 1: rows (possibly none); 0: error */
    char *error;              /* parse_ok == 0: a short reason (informational) */
    rd_row *rows;
    size_t row_count;
    char *day_str;            /* NULL when meta.dayStr is null */
    size_t day_str_len;
    int has_valid_until;      /* 0 when meta.validUntil is null */
    int64_t valid_until;
    int stale;
    int header_outdated;      /* 0: {"kind":"today"} */
    int has_day_ms;           /* header_outdated: 0 when dayMs is null */
    int64_t day_ms;
} rd_view;

/* Decodes one case. Never NULL except on out-of-memory. Free with
 * rd_view_free. */
rd_view *rd_decode(const rd_case *c);
void rd_view_free(rd_view *v);

/* The canonical view line of CONTRACT §6 for case id `id` (UTF-8, not
 * NUL-terminated), without a newline. NUL-terminated; *out_len gets its
 * length. NULL on out-of-memory. Free with free(). Invalid UTF-8 in any
 * string (possible only in error texts) is written as U+FFFD. */
char *rd_view_to_json(const rd_view *v, const char *id, size_t id_len, size_t *out_len);

/* CONTRACT §4 dayStrToMs: 1 and *out_ms set when `s` is exactly a real day
 * YYYY-MM-DD (0001-9999, proleptic Gregorian), the zone is known and the day
 * has the instant Android reads for its local midnight: that midnight; the
 * later one when it happens twice; when it falls in a gap, midnight read with
 * the offset before the gap (the gap's end when the gap starts at midnight).
 * 0 otherwise (dayMs null): a day the zone skips whole (Pacific/Apia
 * 2011-12-30), or an unknown zone: a name
 * that is empty, starts with '/', contains "..", a character outside
 * [A-Za-z0-9._+/-], is "localtime" (the machine's own zone), or names no
 * readable TZif file under /usr/share/zoneinfo, or a TZif file with leap
 * second records ("right/" zones). -1 when the zone could not be read for
 * another reason (out of memory, too many open files, an I/O error): the
 * answer is unknown, and nothing is cached, so a later call tries again. */
int rd_day_str_to_ms(const char *s, size_t len, const char *time_zone, int64_t *out_ms);

/* Other JSON read the way rd_decode reads a blob once it has refused raw NUL
 * bytes: the pre-pass (above), then json_loadb with flags | JSON_ALLOW_NUL. For
 * a program that reads more than the blob with the reference's rules (the
 * standalone testee, ends/c-testee, reads each case line of the case stream
 * with it, so a lone surrogate escape in a case string reads as U+FFFD and a
 * "\u0000" in a pendingDoneTargets key works). The caller includes <jansson.h>.
 * 1 and *out set (free with json_decref); 0 when the text is not JSON: *error
 * says why, its line, column and position mapped back to `text`;
 * -1 on out-of-memory. An object key holding U+0000 or U+0001 is stored in the
 * tree encoded as the pre-pass's (c) says; a string value never is (load a key's
 * own string token to read it decoded). */
struct json_t;
struct json_error_t;
int rd_json_load(const char *text, size_t len, size_t flags, struct json_t **out, struct json_error_t *error);

/* ---- Revisions 2 and 3 of the contract (CONTRACT.md §8) ----
 * Each question answers one thing; rd_decode above stays revision 1's whole view. Each
 * function here parses the blob on its own (CONTRACT §1 input rules, as rd_decode); to ask
 * several questions of one blob, parse it once into an rd_document (below). */

/* A queued tap's time: when the tap on `id` (UTF-8, not NUL-terminated) marked the task
 * done, epoch ms. When several entries name the same id, the last one wins. */
typedef struct rd_pending_time {
    const char *id;
    size_t id_len;
    int64_t done_at_ms;
} rd_pending_time;

/* Revision 2's parse inputs. selected_project_id NULL: no selection (Today's rows). */
typedef struct rd_parse_query {
    const unsigned char *blob;
    size_t blob_len;
    const rd_pending *pending;            /* the tap queue, as in rd_case */
    size_t pending_count;
    const rd_pending_time *pending_times; /* tap times of "done" taps */
    size_t pending_time_count;
    const char *selected_project_id;      /* UTF-8, not NUL-terminated; NULL: none */
    size_t selected_project_id_len;
    int64_t now_ms;
} rd_parse_query;

/* Rows, or a failed parse. parse_ok 1 with row_count 0 is "nothing to show". */
typedef struct rd_rows {
    int parse_ok;
    char *error;              /* parse_ok == 0: a short reason (informational) */
    rd_row *rows;             /* has_done_on/done_on filled */
    size_t row_count;
} rd_rows;

/* Revision 2's parse (CONTRACT.md §8.1): the selected project's rows (every `projects`
 * entry must be an object; the first whose id text equals the selection), else the
 * top-level tasks; each row's doneOn; a project's done rows kept only while
 * now_ms < doneOn + 5000. NULL only on out-of-memory. Free with rd_rows_free. */
rd_rows *rd_parse(const rd_parse_query *q);
void rd_rows_free(rd_rows *r);

typedef struct rd_project {
    char *id;
    size_t id_len;
    char *title;
    size_t title_len;
} rd_project;

/* parseProjects (CONTRACT.md §8.2): ok 1 and the list ([] for another version or no
 * `projects` array), or ok 0 with an error (an entry not an object, or without id or
 * title). NULL only on out-of-memory. Free with rd_projects_free. */
typedef struct rd_projects {
    int ok;
    char *error;
    rd_project *projects;
    size_t count;
} rd_projects;

rd_projects *rd_parse_projects(const unsigned char *blob, size_t blob_len);
void rd_projects_free(rd_projects *p);

/* projectTitle (CONTRACT.md §8.2): 1 and *out_title (malloc'd, NUL-terminated, free with
 * free()) / *out_len for the first listed project whose id has the same bytes; 0 and
 * *out_title NULL when there is none; -1 and *out_error (malloc'd, free with free()) where
 * rd_parse_projects fails; -2 on out-of-memory. out_error may be NULL. */
int rd_project_title(const unsigned char *blob, size_t blob_len, const char *id, size_t id_len,
                     char **out_title, size_t *out_len, char **out_error);

/* currentTask (CONTRACT.md §8.3). Strings are owned by the struct. */
typedef struct rd_current_task {
    char *id;
    size_t id_len;
    char *title;
    size_t title_len;
    char *project_id;         /* NULL when absent or JSON null */
    size_t project_id_len;
    char *device_label;       /* "" when absent */
    size_t device_label_len;
    int is_local;
    int has_since_ts;         /* 0 unless optLong("sinceTs", 0) > 0 */
    int64_t since_ts;
    int has_focus_cycle;      /* 0 when absent or JSON null */
    int32_t focus_cycle;
} rd_current_task;

/* The tracked task: 1 and *out (free with rd_current_task_free) when the blob is v:1 and
 * its currentTask is an object with id and title; 0 and *out NULL otherwise (null, absent,
 * not an object, a member missing, the blob unreadable); -1 on out-of-memory. */
int rd_current_task_read(const unsigned char *blob, size_t blob_len, rd_current_task **out);
void rd_current_task_free(rd_current_task *t);

/* ---- The display question (CONTRACT.md §9): what Android's widget paints ---- */

/* android.graphics.Color.parseColor of the UTF-8 text `text` (len bytes, read as Java's
 * UTF-16 units, CONTRACT.md §9.2): 1 and *out_argb (alpha in the top byte) when Android
 * paints the dot; 0 where parseColor throws (no dot). Never allocates. */
int rd_android_color(const char *text, size_t len, uint32_t *out_argb);

/* The display inputs: revision 2's parse inputs, the zone the header's day is read in
 * (an IANA name, NUL-terminated) and the rows the widget can show (Android: 20). */
typedef struct rd_display_query {
    rd_parse_query parse;
    const char *time_zone;
    size_t capacity;
} rd_display_query;

/* One row on screen. */
typedef struct rd_display_row {
    char *id;
    size_t id_len;
    char *title;
    size_t title_len;
    int is_done;
    int has_dot;              /* 0: no dot (no colour, or parseColor throws) */
    uint32_t dot_argb;
} rd_display_row;

enum { RD_HEADER_TODAY = 0, RD_HEADER_OUTDATED = 1, RD_HEADER_PROJECT = 2 };

typedef struct rd_display {
    rd_display_row *rows;     /* the first `capacity` rows, in order */
    size_t row_count;
    size_t more;              /* rows beyond the capacity (0 when the list failed) */
    int header_kind;          /* RD_HEADER_* */
    char *header_title;       /* RD_HEADER_PROJECT: the project's title; else NULL */
    size_t header_title_len;
    int has_header_day;       /* RD_HEADER_OUTDATED with a known dayMs */
    int32_t header_year;      /* the local day of dayMs in time_zone */
    int header_month, header_day;
    int shows_empty;          /* the empty view: no row on screen */
} rd_display;

/* The display answer (CONTRACT.md §9): rows = rd_project_title (with a selection) then
 * rd_parse, any failure of either giving no rows; the header = the selected project's
 * title when rd_project_title finds one, else today / outdated from the stamp (as rd_decode
 * reads it) with the local day of dayMs. NULL on out-of-memory or when the zone could not be
 * read (as rd_decode). Free with rd_display_free. */
rd_display *rd_display_read(const rd_display_query *q);
void rd_display_free(rd_display *d);

/* ---- One blob, parsed once, for every question ----
 * rd_document_load reads the blob exactly as rd_decode does (raw NUL refused, the pre-pass,
 * jansson; a top-level value that is not an object is a failure) and keeps the parsed tree.
 * Each rd_document_* question gives what its one-blob function above gives for that blob —
 * those functions are a load, the question and a free. A question that takes a query reads
 * everything in it but its blob and blob_len (rd_case's, rd_parse_query's, rd_display_query's
 * parse.blob): the document is the blob.
 *
 * Ownership, explicitly:
 *   - created: rd_document_load returns a document the caller owns (NULL only on
 *     out-of-memory); it copies what it keeps, so the blob need not outlive it;
 *   - asked: every rd_document_* question borrows the document (const: it never keeps,
 *     changes or frees it), so ask it any number of questions, in any order, from any
 *     number of threads at once; each answer is the caller's, freed with the same rd_*_free
 *     as its one-blob function's, and holds its own copies (nothing in it points into the
 *     document), so it may outlive the document;
 *   - freed once: rd_document_free, after the last question has returned; NULL is ignored.
 * The harness loads one document per case, asks it every question, then frees it. */
typedef struct rd_document rd_document;

/* The blob parsed. A blob that is not JSON, or not an object, still gives a document: every
 * question answers that failure (rd_decode's error text). */
rd_document *rd_document_load(const unsigned char *blob, size_t blob_len);
void rd_document_free(rd_document *d);

/* rd_decode, rd_parse, rd_parse_projects, rd_project_title, rd_current_task_read and
 * rd_display_read on the document: the same answers, the same ownership of what they
 * return and the same return values (NULL / -1 / -2 on out-of-memory). A NULL document is
 * out of memory. */
rd_view *rd_document_decode(const rd_document *d, const rd_case *c);
rd_rows *rd_document_parse(const rd_document *d, const rd_parse_query *q);
rd_projects *rd_document_projects(const rd_document *d);
int rd_document_project_title(const rd_document *d, const char *id, size_t id_len,
                              char **out_title, size_t *out_len, char **out_error);
int rd_document_current_task(const rd_document *d, rd_current_task **out);
rd_display *rd_document_display(const rd_document *d, const rd_display_query *q);

/* Every question of one case asked of the document, as the case's whole view line (CONTRACT §6:
 * revision 1's members, then every field later revisions add, in schemas/contract.json's order):
 * what the harness's in-process C reader answers for the case, written by the standalone testee
 * (ends/c-testee). q is the case (its parse.blob unread, as every question here): the taps,
 * their times, the selection (projectTitle is asked only with one), nowMs, the zone, the
 * capacity. The line is rd_view_to_json's for rd_document_decode's view with rd_document_parse's
 * rows in place of its own, each row's doneOn after its projectColor, then display, projects,
 * projectTitle and currentTask. NUL-terminated, without a newline; *out_len gets its length; free
 * with free(). NULL where a question could not finish (out of memory, a zone that could not be
 * read), as rd_decode. */
char *rd_document_view_json(const rd_document *d, const rd_display_query *q, const char *id, size_t id_len, size_t *out_len);

/* The pieces the Swift side or tests may want on their own. */

/* UTC offset (seconds east) of `time_zone` at instant `t` (seconds since the
 * epoch, |t| <= 10^12). 1 when the zone is known and t in range; -1 when the
 * zone could not be read (as for rd_day_str_to_ms). */
int rd_zone_offset_at(const char *time_zone, int64_t t, int32_t *out_offset);

/* One change of a zone's UTC offset or DST flag, for the harness's zone
 * dimension (which days around transitions to test). */
typedef struct rd_zone_change {
    int64_t at;                      /* seconds since the epoch */
    int32_t offset_before, offset_after;   /* seconds east of UTC */
    int dst_before, dst_after;       /* the TZif types' isdst flags */
} rd_zone_change;

/* The first change of `time_zone` strictly after instant t (|t| <= 10^12):
 * 1 and *out set, 0 when there is none or the zone is unknown, -1 when the
 * zone could not be read (as for rd_day_str_to_ms). Transitions
 * that change neither the offset nor the DST flag (abbreviations) are
 * skipped. */
int rd_zone_next_change(const char *time_zone, int64_t t, rd_zone_change *out);

/* Test hook (fault injection): the n-th allocation the decoder makes from now
 * on (n = 0: the next one) and every later one fail, as out of memory does;
 * n < 0 turns it off. Tests use it to show that a failed allocation fails the
 * decode instead of changing an answer. */
void rd_test_fail_allocations_after(long n);

/* Frees the process-wide zone cache. Only for leak checkers at exit: no
 * other thread may be inside this API while it runs. */
void rd_zone_cache_clear(void);

/* The contract features this reference implements (CONTRACT.md §8): a set name of
 * schemas/contract.json or features joined with '+'. A static string: the caller does not free it.
 * The gate compares every feature it declares, and holds the others pending for every reader. */
const char *rd_contract_features(void);

#ifdef __cplusplus
}
#endif

#endif
