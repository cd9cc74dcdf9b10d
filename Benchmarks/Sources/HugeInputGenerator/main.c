// huge-input-generator: writes the big inputs of `scripts/bench --huge`
// (issue 9's 1 GB JSON Lines file, 5 GB OSM-style XML dump and 5 GB single
// JSON document) at C speed, in 4 MiB blocks, holding nothing but one block.
//
//   HugeInputGenerator jsonl|osm|json BYTES OUT
//
// The bytes depend only on the kind and BYTES (a fixed-seed PRNG), so a run
// is repeatable on any machine. Writing stops at the first record boundary at
// or past BYTES, then the document is closed. On success it prints one JSON
// line: the bytes written, the records written, and `values`, how many values
// the benchmark's path selects (the check every subject's output must meet):
//
//   jsonl  one event per line; the path is `actor.id` (one per record)
//   osm    <osm><node …><tag k v/>…</node>…<way>…</way>…<relation>…</relation></osm>,
//          nodes for the first 70 % of the bytes, then ways, then relations
//          (the order of a planet extract); the path is `node.tag.k`
//   json   {"type":"FeatureCollection","generator":…,"items":[{…},…],"count":N};
//          the path is docq's `items.id` (one per item)
//
// Every kind mixes ASCII with Korean and accented text, and JSON strings now
// and then carry escapes (\" \\ \n \u00e9).
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------------------
// Output: one block, flushed when nearly full.

enum { BLOCK = 4 << 20, RECORD_MAX = 64 << 10 };

static char *block;
static size_t used;
static uint64_t written;
static FILE *out;

static void flush_block(void) {
    if (used == 0) return;
    if (fwrite(block, 1, used, out) != used) {
        fprintf(stderr, "huge-input-generator: write failed: %s\n", strerror(errno));
        exit(1);
    }
    written += used;
    used = 0;
}

/// Called before each record: a record never exceeds RECORD_MAX bytes.
static void reserve_record(void) {
    if (used > BLOCK - RECORD_MAX) flush_block();
}

static uint64_t total(void) { return written + used; }

static void put(const char *text) {
    size_t length = strlen(text);
    memcpy(block + used, text, length);
    used += length;
}

static void put_char(char c) { block[used++] = c; }

static void put_u64(uint64_t value) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (n > 0) block[used++] = digits[--n];
}

/// `whole.fraction` with exactly `places` fraction digits (fraction < 10^places).
static void put_fixed(int64_t whole, uint64_t fraction, int places) {
    if (whole < 0) {
        put_char('-');
        whole = -whole;
    }
    put_u64((uint64_t)whole);
    put_char('.');
    char digits[24];
    for (int i = places - 1; i >= 0; i--) {
        digits[i] = (char)('0' + fraction % 10);
        fraction /= 10;
    }
    memcpy(block + used, digits, (size_t)places);
    used += (size_t)places;
}

// ---------------------------------------------------------------------------
// A fixed-seed PRNG (splitmix64): the same bytes on every run.

static uint64_t state = 0x9E3779B97F4A7C15ull;

static uint64_t next(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t below(uint64_t bound) { return next() % bound; }

#define PICK(array) (array)[below(sizeof(array) / sizeof((array)[0]))]

// Texts. Korean and accented names are UTF-8; the JSON ones with escapes are
// already escaped (they are written into JSON strings only).
static const char *const given_names[] = {"민준", "서연", "도윤", "하은", "Zoë", "José", "Łukasz",
                                          "Amélie", "Sven", "Aiko", "Chloé", "Oliver", "Noah", "Mia"};
static const char *const family_names[] = {"김", "이", "박", "최", "Müller", "García", "Nguyễn",
                                           "Smith", "Dubois", "Rossi", "Søndergaard"};
static const char *const event_types[] = {"PushEvent", "PullRequestEvent", "IssueCommentEvent", "WatchEvent",
                                          "CreateEvent", "ForkEvent", "ReleaseEvent", "DeleteEvent"};
static const char *const json_messages[] = {
    "Fix off-by-one in pager",
    "Update README.md",
    "Merge branch 'main' into feature",
    "Add \\\"strict\\\" mode",
    "한국어 문서 추가",
    "Handle CRLF line endings\\nand trailing tabs",
    "Support caf\\u00e9 and na\\u00efve keys",
    "Bump dependency to 2.4.1",
    "Escape backslashes (C:\\\\temp)",
    "Résumé parsing: accept ½ and ‰",
};
static const char *const place_names[] = {"서울역", "강남 약국", "Café de Flore", "Hauptbahnhof", "부산 해운대",
                                          "Plaza Mayor", "Église Saint-Eustache", "한빛 도서관", "Kreuzberg",
                                          "Łazienki Park", "제주 올레길", "Nørrebro"};
static const char *const tag_pairs[][2] = {
    {"amenity", "cafe"},       {"amenity", "pharmacy"},  {"shop", "convenience"}, {"highway", "bus_stop"},
    {"name:en", "Main Street"}, {"cuisine", "korean"},     {"opening_hours", "Mo-Fr 09:00-18:00"},
    {"wheelchair", "yes"},     {"addr:city", "서울"},     {"addr:street", "세종대로"},
    {"note", "fixme &amp; check &lt;entrance&gt;"},      {"source", "survey"},
};
static const char *const way_tags[][2] = {
    {"highway", "residential"}, {"highway", "primary"}, {"building", "yes"},
    {"landuse", "forest"},      {"name", "테헤란로"},    {"surface", "asphalt"},
};
static const char *const users[] = {"mapper_kim", "Jörg", "서울매퍼", "osm-bot", "ana_maría", "tracer42"};

static void put_person(void) {
    put(PICK(family_names));
    put_char(' ');
    put(PICK(given_names));
}

static void put_two_digits(unsigned value) {
    put_char((char)('0' + value / 10));
    put_char((char)('0' + value % 10));
}

/// An ISO-8601 timestamp in 2020-2024.
static void put_timestamp(void) {
    uint64_t r = next();
    put("202");
    put_char((char)('0' + r % 5));
    put_char('-');
    put_two_digits((unsigned)(1 + (r >> 8) % 12));
    put_char('-');
    put_two_digits((unsigned)(1 + (r >> 16) % 28));
    put_char('T');
    put_two_digits((unsigned)((r >> 24) % 24));
    put_char(':');
    put_two_digits((unsigned)((r >> 32) % 60));
    put_char(':');
    put_two_digits((unsigned)((r >> 40) % 60));
    put_char('Z');
}

static void put_hex(int digits) {
    static const char hex[] = "0123456789abcdef";
    uint64_t r = next();
    for (int i = 0; i < digits; i++) {
        if (i == 16) r = next();
        put_char(hex[(r >> (4 * (i % 16))) & 15]);
    }
}

// ---------------------------------------------------------------------------
// JSON Lines: an event log.

static uint64_t write_event(uint64_t index) {
    put("{\"id\":");
    put_u64(40000000000ull + index);
    put(",\"type\":\"");
    put(PICK(event_types));
    put("\",\"created_at\":\"");
    put_timestamp();
    uint64_t actor = 1000 + below(5000000);
    put("\",\"actor\":{\"id\":");
    put_u64(actor);
    put(",\"login\":\"user");
    put_u64(actor);
    put("\",\"display_name\":\"");
    put_person();
    put("\",\"site_admin\":");
    put(below(50) == 0 ? "true" : "false");
    put("},\"repo\":{\"id\":");
    put_u64(below(90000000));
    put(",\"name\":\"org");
    put_u64(below(3000));
    put("/project-");
    put_u64(below(100000));
    put("\"},\"payload\":{\"ref\":\"refs/heads/");
    put(below(3) == 0 ? "main" : "feature/중요-수정");
    put("\",\"size\":");
    uint64_t commits = below(4);
    put_u64(commits);
    put(",\"commits\":[");
    for (uint64_t c = 0; c < commits; c++) {
        if (c > 0) put_char(',');
        put("{\"sha\":\"");
        put_hex(40);
        put("\",\"message\":\"");
        put(PICK(json_messages));
        put("\",\"distinct\":");
        put(below(4) == 0 ? "false" : "true");
        put_char('}');
    }
    put("]},\"public\":");
    put(below(10) == 0 ? "false" : "true");
    put(",\"score\":");
    put_fixed((int64_t)below(1000), below(100), 2);
    put(",\"labels\":[");
    uint64_t labels = below(3);
    for (uint64_t l = 0; l < labels; l++) {
        if (l > 0) put_char(',');
        put(l == 0 ? "\"bug\"" : "\"우선순위:높음\"");
    }
    put("],\"org\":");
    if (below(3) == 0) {
        put("null");
    } else {
        put("{\"id\":");
        put_u64(below(100000));
        put(",\"login\":\"team-");
        put_u64(below(500));
        put("\"}");
    }
    put("}\n");
    return 1;  // one actor.id per record
}

// ---------------------------------------------------------------------------
// OSM-style XML.

static void put_coordinate_attributes(void) {
    put(" lat=\"");
    put_fixed(33 + (int64_t)below(6), below(10000000), 7);
    put("\" lon=\"");
    put_fixed(124 + (int64_t)below(8), below(10000000), 7);
    put_char('"');
}

static void put_common_attributes(void) {
    put(" version=\"");
    put_u64(1 + below(9));
    put("\" timestamp=\"");
    put_timestamp();
    put("\" changeset=\"");
    put_u64(below(150000000));
    put("\" uid=\"");
    put_u64(below(20000000));
    put("\" user=\"");
    put(PICK(users));
    put_char('"');
}

static void put_tag(const char *key, const char *value) {
    put("  <tag k=\"");
    put(key);
    put("\" v=\"");
    put(value);
    put("\"/>\n");
}

/// Returns how many node tags it wrote (the values `node.tag.k` selects).
static uint64_t write_node(uint64_t index) {
    put(" <node id=\"");
    put_u64(index + 1);
    put_char('"');
    put_coordinate_attributes();
    put_common_attributes();
    // Most nodes of a real extract carry no tags.
    uint64_t tags = below(10) < 6 ? 0 : 1 + below(4);
    if (tags == 0) {
        put("/>\n");
        return 0;
    }
    put(">\n");
    for (uint64_t t = 0; t < tags; t++) {
        if (t == 0 && below(2) == 0) {
            put("  <tag k=\"name\" v=\"");
            put(PICK(place_names));
            put("\"/>\n");
        } else {
            const char *const *pair = PICK(tag_pairs);
            put_tag(pair[0], pair[1]);
        }
    }
    put(" </node>\n");
    return tags;
}

/// ` <way id="N" version=… user=…>` and its line break.
static void put_start_tag(const char *element, uint64_t index) {
    put(" <");
    put(element);
    put(" id=\"");
    put_u64(index + 1);
    put_char('"');
    put_common_attributes();
    put(">\n");
}

static void write_way(uint64_t index, uint64_t nodes) {
    put_start_tag("way", index);
    uint64_t refs = 2 + below(12);
    for (uint64_t r = 0; r < refs; r++) {
        put("  <nd ref=\"");
        put_u64(1 + below(nodes ? nodes : 1));
        put("\"/>\n");
    }
    uint64_t tags = 1 + below(3);
    for (uint64_t t = 0; t < tags; t++) {
        const char *const *pair = PICK(way_tags);
        put_tag(pair[0], pair[1]);
    }
    put(" </way>\n");
}

static void write_relation(uint64_t index, uint64_t ways) {
    put_start_tag("relation", index);
    uint64_t members = 2 + below(6);
    for (uint64_t m = 0; m < members; m++) {
        put("  <member type=\"way\" ref=\"");
        put_u64(1 + below(ways ? ways : 1));
        put(m == 0 ? "\" role=\"outer\"/>\n" : "\" role=\"inner\"/>\n");
    }
    put_tag("type", "multipolygon");
    put_tag("name", PICK(place_names));
    put(" </relation>\n");
}

// ---------------------------------------------------------------------------
// One JSON document: a GeoJSON-like feature collection.

static void write_item(uint64_t index) {
    put("{\"id\":");
    put_u64(index + 1);
    put(",\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[");
    put_fixed(124 + (int64_t)below(8), below(1000000), 6);
    put_char(',');
    put_fixed(33 + (int64_t)below(6), below(1000000), 6);
    put("]},\"properties\":{\"name\":\"");
    put(PICK(place_names));
    put("\",\"category\":\"");
    put(PICK(tag_pairs)[1]);
    put("\",\"rating\":");
    put_fixed((int64_t)below(5), below(10), 1);
    put(",\"open\":");
    put(below(2) ? "true" : "false");
    put(",\"note\":");
    if (below(4) == 0) {
        put_char('"');
        put(PICK(json_messages));
        put_char('"');
    } else {
        put("null");
    }
    put(",\"updated\":\"");
    put_timestamp();
    put("\",\"editors\":[");
    uint64_t editors = 1 + below(3);
    for (uint64_t e = 0; e < editors; e++) {
        if (e > 0) put_char(',');
        put("{\"name\":\"");
        put_person();
        put("\",\"edits\":");
        put_u64(below(10000));
        put_char('}');
    }
    put("]}}");
}

// ---------------------------------------------------------------------------

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: HugeInputGenerator jsonl|osm|json BYTES OUT\n");
        return 2;
    }
    const char *kind = argv[1];
    char *end = NULL;
    unsigned long long target = strtoull(argv[2], &end, 10);
    if (end == argv[2] || *end != '\0' || target == 0) {
        fprintf(stderr, "huge-input-generator: BYTES must be a positive integer, got '%s'\n", argv[2]);
        return 2;
    }
    out = fopen(argv[3], "wb");
    if (out == NULL) {
        fprintf(stderr, "huge-input-generator: cannot open %s: %s\n", argv[3], strerror(errno));
        return 1;
    }
    block = malloc(BLOCK);
    if (block == NULL) return 1;

    uint64_t records = 0, values = 0;
    if (strcmp(kind, "jsonl") == 0) {
        while (total() < target) {
            reserve_record();
            values += write_event(records++);
        }
    } else if (strcmp(kind, "osm") == 0) {
        put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<osm version=\"0.6\" generator=\"docq-bench HugeInputGenerator\">\n"
            " <bounds minlat=\"33.0000000\" minlon=\"124.0000000\" maxlat=\"39.0000000\" maxlon=\"132.0000000\"/>\n");
        uint64_t nodes = 0, ways = 0, relations = 0;
        while (total() < target / 10 * 7) {
            reserve_record();
            values += write_node(nodes++);
        }
        while (total() < target / 100 * 97) {
            reserve_record();
            write_way(ways++, nodes);
        }
        while (total() < target) {
            reserve_record();
            write_relation(relations++, ways);
        }
        reserve_record();
        put("</osm>\n");
        records = nodes + ways + relations;
    } else if (strcmp(kind, "json") == 0) {
        put("{\"type\":\"FeatureCollection\",\"generator\":\"docq-bench HugeInputGenerator\",\"items\":[\n");
        while (total() < target) {
            reserve_record();
            if (records > 0) put(",\n");
            write_item(records++);
        }
        reserve_record();
        put("\n],\"count\":");
        put_u64(records);
        put("}\n");
        values = records;
    } else {
        fprintf(stderr, "huge-input-generator: unknown kind '%s' (jsonl, osm or json)\n", kind);
        return 2;
    }
    flush_block();
    if (fclose(out) != 0) {
        fprintf(stderr, "huge-input-generator: close failed: %s\n", strerror(errno));
        return 1;
    }
    printf("{\"bytes\":%llu,\"records\":%llu,\"values\":%llu}\n", (unsigned long long)written,
           (unsigned long long)records, (unsigned long long)values);
    return 0;
}
