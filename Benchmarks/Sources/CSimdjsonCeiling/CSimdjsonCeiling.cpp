#include "CSimdjsonCeiling.h"

#include <simdjson.h>

#include <new>
#include <string>
#include <string_view>

namespace {
struct Parser {
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    bool loaded = false;
};
} // namespace

extern "C" size_t simdjson_ceiling_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" void *simdjson_ceiling_parser_new(void) { return new (std::nothrow) Parser(); }

extern "C" void simdjson_ceiling_parser_free(void *parser) { delete static_cast<Parser *>(parser); }

extern "C" int simdjson_ceiling_parse(void *opaque, const char *buffer, size_t length) {
    auto *state = static_cast<Parser *>(opaque);
    auto result = state->parser.parse(reinterpret_cast<const uint8_t *>(buffer), length, false);
    if (result.error() != simdjson::SUCCESS) {
        state->loaded = false;
        return static_cast<int>(result.error());
    }
    state->root = result.value_unsafe();
    state->loaded = true;
    return 0;
}

extern "C" size_t simdjson_ceiling_screen_names(void *opaque, size_t *total_bytes) {
    auto *state = static_cast<Parser *>(opaque);
    size_t count = 0, bytes = 0;
    if (state->loaded) {
        simdjson::dom::array statuses;
        if (state->root["statuses"].get(statuses) == simdjson::SUCCESS) {
            for (simdjson::dom::element status : statuses) {
                std::string_view name;
                if (status["user"]["screen_name"].get(name) == simdjson::SUCCESS) {
                    bytes += name.size();
                    count += 1;
                }
            }
        }
    }
    if (total_bytes != nullptr) *total_bytes = bytes;
    return count;
}

#define DOCQUERY_STRINGIFY_(x) #x
#define DOCQUERY_STRINGIFY(x) DOCQUERY_STRINGIFY_(x)

extern "C" const char *simdjson_ceiling_version(void) { return DOCQUERY_STRINGIFY(SIMDJSON_VERSION); }

extern "C" const char *simdjson_ceiling_implementation(void) {
    static const std::string name = simdjson::get_active_implementation()->name();
    return name.c_str();
}
