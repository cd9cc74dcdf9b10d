#ifndef DOCQUERY_CLIBCURL_H
#define DOCQUERY_CLIBCURL_H
// libcurl, for docq's http(s) operands (Sources/docq/Input/HTTPFetch.swift
// is the only file that imports this module).
//
// docq fetches URLs through libcurl's own API rather than URLSession, whose
// FoundationNetworking would bring all of Foundation (and ICU's data) into
// the executable. libcurl is loaded when the first URL is fetched
// (docq_curl_load), not when docq starts: a run on files never maps it or
// its TLS, Kerberos and LDAP libraries, and runs where libcurl is not
// installed. Nothing here needs libcurl's development files: the few option
// and info numbers used are libcurl's documented, stable ABI values, named
// in CLibCurl.c.
#include <stddef.h>

/// Loads libcurl and finds its functions: NULL when it is ready, else why it
/// is not (the loader's message). Safe to call again.
const char *docq_curl_load(void);

/// Receives `size` bytes of a response body; returns `size` to go on, any
/// other value to stop the transfer (which then fails with
/// DOCQ_CURL_STOPPED).
typedef size_t (*docq_curl_body_fn)(const char *data, size_t size, void *context);

/// The result of docq_curl_get when `on_body` stopped the transfer.
#define DOCQ_CURL_STOPPED 23

/// Sends a GET for `url` (http or https only; redirects followed, at most
/// 20, to http or https only) and hands the body to `on_body`. Returns 0
/// when a response arrived (whatever its status), with its status code in
/// `status` and its Content-Type (or "") in `content_type`; else libcurl's
/// error code, with its message in `error`. Requires docq_curl_load first.
int docq_curl_get(const char *url, docq_curl_body_fn on_body, void *context, long *status,
                  char *content_type, size_t content_type_size, char *error, size_t error_size);

#endif
