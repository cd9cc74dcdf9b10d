// SAXStreamCeiling: libxml2 SAX2 with empty callbacks over a file, read and
// pushed in 1 MiB chunks (the chunk size DocTree reads with). The ceiling
// for `docq --stream` on XML in `scripts/bench --huge`: no streaming XML
// reader built on libxml2 can be faster, and its memory is one chunk plus
// libxml2's own state.
//
//   SAXStreamCeiling FILE [CHUNK_BYTES]
//
// Exits 0 for a well-formed document, else 1 with libxml2's error code.
#include <stdio.h>
#include <stdlib.h>

#include "CLibXML2SAXCeiling.h"

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: SAXStreamCeiling FILE [CHUNK_BYTES]\n");
        return 2;
    }
    size_t chunk = argc == 3 ? (size_t)strtoull(argv[2], NULL, 10) : (size_t)1 << 20;
    int result = sax_ceiling_parse_file(argv[1], chunk);
    if (result != 0) {
        fprintf(stderr, "SAXStreamCeiling: %s is not well-formed or unreadable (libxml2 error %d)\n", argv[1], result);
        return 1;
    }
    return 0;
}
