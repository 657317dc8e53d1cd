/* CJansson: jansson for Swift, as a system library (pkg-config jansson). Swift
 * talks to ReferenceDecoder's own API (reference_decoder.h), never to jansson
 * directly, so this header only makes the library a module. */
#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

#include <jansson.h>

#endif
