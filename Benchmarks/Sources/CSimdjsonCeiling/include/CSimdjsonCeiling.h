// simdjson's DOM parser (Debian's libsimdjson-dev) behind a C interface: the
// ceiling for JSON loading (SIMD parsing into a tape) and, with a walk over its
// DOM, for queries on a loaded JSON tree.
#ifndef DOCQUERY_BENCH_CSIMDJSON_CEILING_H
#define DOCQUERY_BENCH_CSIMDJSON_CEILING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How many readable bytes simdjson needs past the end of its input.
size_t simdjson_ceiling_padding(void);

/// A reusable parser (as simdjson is meant to be used); it keeps the last
/// parsed document. Free with `simdjson_ceiling_parser_free`.
void *simdjson_ceiling_parser_new(void);
void simdjson_ceiling_parser_free(void *parser);

/// Parses `length` bytes into the parser's DOM. `buffer` must stay readable for
/// `simdjson_ceiling_padding()` bytes past `length`. Returns 0 on success, else
/// simdjson's error code.
int simdjson_ceiling_parse(void *parser, const char *buffer, size_t length);

/// Walks the last parsed document for every `statuses[*].user.screen_name`
/// (twitter.json), touching each string. Returns how many were found;
/// `total_bytes` receives their summed length.
size_t simdjson_ceiling_screen_names(void *parser, size_t *total_bytes);

/// simdjson's version ("3.0.1") and the SIMD implementation chosen at run time ("haswell").
const char *simdjson_ceiling_version(void);
const char *simdjson_ceiling_implementation(void);

#ifdef __cplusplus
}
#endif

#endif
