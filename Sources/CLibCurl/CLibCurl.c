#include "CLibCurl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// libcurl's ABI values (curl/curl.h; stable since libcurl 7.x): an option's
// number is its type's base (long 0, pointer 10000, function 20000) plus
// its index; an info's is its type's base (string 0x100000, long
// 0x200000) plus its index.
enum {
    docq_CURLOPT_WRITEDATA = 10001,
    docq_CURLOPT_URL = 10002,
    docq_CURLOPT_ERRORBUFFER = 10010,
    docq_CURLOPT_WRITEFUNCTION = 20011,
    docq_CURLOPT_USERAGENT = 10018,
    docq_CURLOPT_FOLLOWLOCATION = 52,
    docq_CURLOPT_MAXREDIRS = 68,
    docq_CURLOPT_CONNECTTIMEOUT = 78,
    docq_CURLOPT_NOSIGNAL = 99,
    docq_CURLOPT_ACCEPT_ENCODING = 10102,
    docq_CURLOPT_PROTOCOLS = 181,
    docq_CURLOPT_REDIR_PROTOCOLS = 182,
    docq_CURLINFO_RESPONSE_CODE = 0x200002,
    docq_CURLINFO_CONTENT_TYPE = 0x100012,
    docq_CURLPROTO_HTTP = 1,
    docq_CURLPROTO_HTTPS = 2,
    docq_CURL_GLOBAL_ALL = 3,
    docq_CURL_ERROR_SIZE = 256,
};

typedef void CURL;

// libcurl's functions, found by docq_curl_load. curl_easy_setopt and
// curl_easy_getinfo are variadic: they are called through pointers of
// their own variadic type, with the argument type each option documents.
static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    const char *(*easy_strerror)(int);
    void (*easy_cleanup)(CURL *);
} curl;

const char *docq_curl_load(void) {
    if (curl.easy_cleanup != NULL) return NULL;
#if defined(__APPLE__)
    void *library = dlopen("/usr/lib/libcurl.4.dylib", RTLD_NOW | RTLD_LOCAL);
#else
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
#endif
    if (library == NULL) return dlerror();
#define DOCQ_FIND(field, name)                                          \
    curl.field = (__typeof__(curl.field))dlsym(library, #name);        \
    if (curl.field == NULL) return "libcurl has no function " #name;
    DOCQ_FIND(global_init, curl_global_init)
    DOCQ_FIND(easy_init, curl_easy_init)
    DOCQ_FIND(easy_setopt, curl_easy_setopt)
    DOCQ_FIND(easy_perform, curl_easy_perform)
    DOCQ_FIND(easy_getinfo, curl_easy_getinfo)
    DOCQ_FIND(easy_strerror, curl_easy_strerror)
    if (curl.global_init(docq_CURL_GLOBAL_ALL) != 0) return "libcurl failed to initialise";
    DOCQ_FIND(easy_cleanup, curl_easy_cleanup)  // last: the loaded mark above
#undef DOCQ_FIND
    return NULL;
}

// The body callback and its context, as libcurl's write callback sees them.
struct docq_body {
    docq_curl_body_fn on_body;
    void *context;
};

static size_t docq_write(char *data, size_t size, size_t count, void *userdata) {
    struct docq_body *body = userdata;
    return body->on_body(data, size * count, body->context);
}

int docq_curl_get(const char *url, docq_curl_body_fn on_body, void *context, long *status,
                  char *content_type, size_t content_type_size, char *error, size_t error_size) {
    char message[docq_CURL_ERROR_SIZE] = "";
    if (content_type_size > 0) content_type[0] = '\0';
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        snprintf(error, error_size, "libcurl could not start a transfer");
        return -1;
    }
    struct docq_body body = {on_body, context};
    long web = docq_CURLPROTO_HTTP | docq_CURLPROTO_HTTPS;
    curl.easy_setopt(handle, docq_CURLOPT_URL, url);
    curl.easy_setopt(handle, docq_CURLOPT_PROTOCOLS, web);
    curl.easy_setopt(handle, docq_CURLOPT_REDIR_PROTOCOLS, web);
    curl.easy_setopt(handle, docq_CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, docq_CURLOPT_MAXREDIRS, 20L);
    curl.easy_setopt(handle, docq_CURLOPT_CONNECTTIMEOUT, 60L);
    curl.easy_setopt(handle, docq_CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, docq_CURLOPT_ACCEPT_ENCODING, "");  // every encoding libcurl decodes
    curl.easy_setopt(handle, docq_CURLOPT_USERAGENT, "docq");
    curl.easy_setopt(handle, docq_CURLOPT_ERRORBUFFER, message);
    curl.easy_setopt(handle, docq_CURLOPT_WRITEFUNCTION, docq_write);
    curl.easy_setopt(handle, docq_CURLOPT_WRITEDATA, &body);
    int code = curl.easy_perform(handle);
    if (code == 0) {
        const char *type = NULL;
        curl.easy_getinfo(handle, docq_CURLINFO_RESPONSE_CODE, status);
        curl.easy_getinfo(handle, docq_CURLINFO_CONTENT_TYPE, &type);
        if (type != NULL) snprintf(content_type, content_type_size, "%s", type);
    } else {
        snprintf(error, error_size, "%s", message[0] != '\0' ? message : curl.easy_strerror(code));
    }
    curl.easy_cleanup(handle);
    return code;
}
