// libxml2's headers for the benchmark's C targets. The system-library target
// exists so that pkg-config's include path (libxml-2.0) reaches them.
#ifndef DOCQUERY_BENCH_CLIBXML2_SHIM_H
#define DOCQUERY_BENCH_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif
