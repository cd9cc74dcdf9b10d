// The C heap's own count of the bytes it has handed out, for memory figures
// that do not depend on page granularity (a 60 KB document's tree is
// invisible in the resident set size, but not here).
#ifndef DOCQUERY_BENCH_CPROCESSMEMORY_H
#define DOCQUERY_BENCH_CPROCESSMEMORY_H

#ifdef __cplusplus
extern "C" {
#endif

/// Bytes allocated with malloc and not yet freed (glibc mallinfo2:
/// uordblks + hblkhd), or -1 where that is not available.
long long process_memory_heap_in_use(void);

#ifdef __cplusplus
}
#endif

#endif
