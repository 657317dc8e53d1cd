/* CJansson: jansson for Swift. jansson's json_is_* / json_typeof are macros,
 * which Swift cannot import; these static inline functions stand in for them.
 * Swift mostly talks to ReferenceDecoder's own API (reference_decoder.h). */
#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

#include <jansson.h>

static inline json_type cj_typeof(const json_t *json) { return json_typeof(json); }
static inline int cj_is_object(const json_t *json) { return json_is_object(json); }
static inline int cj_is_array(const json_t *json) { return json_is_array(json); }
static inline int cj_is_string(const json_t *json) { return json_is_string(json); }
static inline int cj_is_integer(const json_t *json) { return json_is_integer(json); }
static inline int cj_is_real(const json_t *json) { return json_is_real(json); }
static inline int cj_is_true(const json_t *json) { return json_is_true(json); }
static inline int cj_is_false(const json_t *json) { return json_is_false(json); }
static inline int cj_is_null(const json_t *json) { return json_is_null(json); }
static inline void cj_decref(json_t *json) { json_decref(json); }
static inline json_t *cj_incref(json_t *json) { return json_incref(json); }

#endif
