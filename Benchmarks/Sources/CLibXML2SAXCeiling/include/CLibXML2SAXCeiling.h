// libxml2 measured on its own, so every XML figure has a reference point.
//
// - The SAX2 ceiling: libxml2 tokenizing a document with empty callbacks. No
//   loader built on libxml2 can be faster than this.
// - The same over a file in chunks (push parser): the streaming ceiling.
// - libxml2's own DOM (xmlReadMemory) as a peer, and a plain C walk over its
//   children as the ceiling for queries on a loaded tree.
//
// No libxml2 type appears here: documents are opaque pointers.
#ifndef DOCQUERY_BENCH_CLIBXML2_SAX_CEILING_H
#define DOCQUERY_BENCH_CLIBXML2_SAX_CEILING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `length` bytes with SAX2 callbacks that do nothing.
/// Returns 0 for a well-formed document, else libxml2's error code.
int sax_ceiling_parse(const char *buffer, size_t length);

/// Parses the file at `path` with the same empty SAX2 callbacks through
/// libxml2's push parser, `chunk_size` bytes at a time (XML_PARSE_HUGE), so
/// memory stays at one chunk whatever the file's size: the ceiling for
/// streaming XML. Returns 0 for a well-formed document, else libxml2's error
/// code, or -1 when the file cannot be read.
int sax_ceiling_parse_file(const char *path, size_t chunk_size);

/// Parses into libxml2's DOM (xmlReadMemory, XML_PARSE_NONET).
/// Returns NULL when the document is not well-formed; free with `libxml2_dom_free`.
void *libxml2_dom_parse(const char *buffer, size_t length);

/// Frees a document from `libxml2_dom_parse`.
void libxml2_dom_free(void *document);

/// Visits every child element of the root named `element` and its attribute
/// `attribute` (e.g. every node id of an OSM export: "node", "id"), touching
/// each value's bytes. Returns how many values were found; `total_bytes`
/// receives their summed length.
size_t libxml2_dom_child_attribute_walk(void *document, const char *element, const char *attribute,
                                        size_t *total_bytes);

/// The libxml2 version the target was compiled against, e.g. "2.9.14".
const char *libxml2_version_string(void);

#ifdef __cplusplus
}
#endif

#endif
