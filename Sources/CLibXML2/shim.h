#ifndef DOCQUERY_CLIBXML2_SHIM_H
#define DOCQUERY_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Builds with ICU make <libxml/encoding.h> include the system's
   <unicode/ucnv.h>, which clashes with Foundation's bundled ICU module in
   the same Swift module. The only effect of the ICU build flag on these
   headers is two trailing fields of xmlCharEncodingHandler, a struct used
   here only through pointers, so the headers are read without it. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
#include <libxml/encoding.h>

/* xmlFree is a variable or a macro depending on how libxml2 was built;
   this gives Swift one function to call either way. */
static inline void docquery_xmlFree(void *pointer) { xmlFree(pointer); }

/* The calling thread's structured error handler and its context (macros
   over per-thread state in threaded builds), so a load can put them back. */
static inline xmlStructuredErrorFunc docquery_structuredErrorHandler(void) { return xmlStructuredError; }
static inline void *docquery_structuredErrorContext(void) { return xmlStructuredErrorContext; }

/* Lifts libxml2's own element depth limit (256 in a whole-document parse
   without XML_PARSE_HUGE), once, process-wide: LoadOptions.maxDepth is the
   one limit, checked by the parse session on every path. */
static inline void docquery_liftDepthLimit(void) { xmlParserMaxDepth = 0x7FFFFFFF; }
#endif
