// libcurl on demand, for the docq that scripts/build-docq links.
//
// Foundation's URLSession on Linux (FoundationNetworking) is built on
// libcurl. Linked the ordinary way, libcurl.so.4 is loaded when docq starts,
// and with it its TLS, Kerberos, LDAP and compression libraries: the loader
// relocates each one and runs their constructors, about 5 MB resident before
// docq reads a byte, for every run, whether or not an operand is a URL.
//
// This file stands in for libcurl at link time: scripts/build-docq compiles it
// into an archive named libcurl.a, so the `-lcurl` that FoundationNetworking
// asks for resolves here. Each function below has the signature of the libcurl
// function of the same name (the 23 that FoundationNetworking calls) and, on
// its first call, loads libcurl.so.4 with dlopen and forwards to it. A docq
// that never fetches a URL never maps libcurl.
//
// The symbols are hidden: they bind FoundationNetworking's calls inside the
// executable and are not exported, so libcurl's own internal calls never come
// back through here.
//
// Three libcurl functions are variadic (curl_easy_setopt, curl_easy_getinfo,
// curl_multi_setopt). Each takes exactly one argument after the option, a
// long, a curl_off_t, a pointer or a function pointer: on x86-64 and AArch64
// Linux all of those travel as one 64-bit integer-class argument, so it is
// read as one and passed on unchanged. Other targets are refused below.
#if !defined(__linux__) || !(defined(__x86_64__) || defined(__aarch64__))
#error "curl-on-demand.c forwards variadic libcurl calls as one 64-bit argument: x86-64 or AArch64 Linux only"
#endif

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define HIDDEN __attribute__((visibility("hidden")))

static void *library;
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void loadLibrary(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        // No error can be returned through URLSession from here, and going on
        // would call through a null pointer: say what is missing and stop,
        // with docq's exit status for input it cannot read.
        fprintf(stderr, "docq: http and https URLs need libcurl (libcurl.so.4, Debian package libcurl4): %s\n",
                dlerror());
        exit(3);
    }
}

/// The address of libcurl's `name`, loading libcurl on the first call.
static void *resolve(const char *name) {
    pthread_once(&loadOnce, loadLibrary);
    void *function = dlsym(library, name);
    if (function == NULL) {
        fprintf(stderr, "docq: libcurl.so.4 has no function %s\n", name);
        exit(3);
    }
    return function;
}

// Declares `function`, libcurl's `name` as a pointer of type `type`: the
// address is resolved on the first call and cached in a function-local
// pointer (written once per racing thread, always with the same value, hence
// the relaxed atomics).
#define RESOLVED(type, name)                                                  \
    static __typeof__(type) real;                                             \
    __typeof__(type) function = __atomic_load_n(&real, __ATOMIC_RELAXED);     \
    if (function == NULL) {                                                   \
        function = (__typeof__(type))resolve(#name);                          \
        __atomic_store_n(&real, function, __ATOMIC_RELAXED);                  \
    }

// Defines `name` with libcurl's signature, forwarding to libcurl's.
#define FORWARD(result, name, parameters, arguments)                          \
    HIDDEN result name parameters {                                           \
        RESOLVED(result(*) parameters, name)                                  \
        return function arguments;                                            \
    }

#define FORWARD_VOID(name, parameters, arguments)                             \
    HIDDEN void name parameters {                                             \
        RESOLVED(void(*) parameters, name)                                    \
        function arguments;                                                   \
    }

// The variadic three: one option, then one 64-bit argument.
#define FORWARD_VARIADIC(name)                                                \
    HIDDEN int name(void *handle, int option, ...) {                          \
        RESOLVED(int (*)(void *, int, ...), name)                             \
        va_list list;                                                         \
        va_start(list, option);                                               \
        uintptr_t argument = va_arg(list, uintptr_t);                         \
        va_end(list);                                                         \
        return function(handle, option, argument);                            \
    }

// Handles (CURL *, CURLM *, CURLU *, struct curl_slist *) are opaque here;
// the enums (CURLcode, CURLMcode, CURLoption, CURLINFO, CURLUPart, CURLversion)
// are ints, and curl_socket_t is an int on Linux.
FORWARD(int, curl_global_init, (long flags), (flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(void *, curl_version_info, (int age), (age))
FORWARD_VOID(curl_free, (void *pointer), (pointer))

FORWARD(void *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, (int code), (code))
FORWARD_VARIADIC(curl_easy_setopt)
FORWARD_VARIADIC(curl_easy_getinfo)

FORWARD(void *, curl_multi_init, (void), ())
FORWARD(int, curl_multi_cleanup, (void *multi), (multi))
FORWARD(int, curl_multi_add_handle, (void *multi, void *handle), (multi, handle))
FORWARD(int, curl_multi_remove_handle, (void *multi, void *handle), (multi, handle))
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(void *, curl_multi_info_read, (void *multi, int *queued), (multi, queued))
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int events, int *running),
        (multi, socket, events, running))
FORWARD_VARIADIC(curl_multi_setopt)

FORWARD(void *, curl_slist_append, (void *list, const char *string), (list, string))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))

FORWARD(void *, curl_url, (void), ())
FORWARD(int, curl_url_get, (void *url, int part, char **value, unsigned int flags), (url, part, value, flags))
FORWARD(int, curl_url_set, (void *url, int part, const char *value, unsigned int flags), (url, part, value, flags))
