#ifndef DOCQUERY_CLIBEDIT_SHIM_H
#define DOCQUERY_CLIBEDIT_SHIM_H
// libedit, for the explorer's line editing (Sources/docq/Explorer/LineEditor.swift
// is the only file that imports this module). pkg-config's cflags add
// <prefix>/include/editline, so <histedit.h> is found on Debian and Homebrew.
#include <stdio.h>
#include <locale.h>
#include <histedit.h>

// el_set, el_get and history are variadic, which Swift cannot call; these
// fixed-signature wrappers cover exactly the requests the explorer makes.

typedef char *(*docq_prompt_fn)(EditLine *);
typedef unsigned char (*docq_command_fn)(EditLine *, int);

static inline int docq_el_set_prompt(EditLine *el, docq_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int docq_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int docq_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
static inline int docq_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *docq_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int docq_el_add_function(EditLine *el, const char *name, const char *help, docq_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int docq_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}
// Edit mode without ISIG: Ctrl-C reaches the editor as a key (bound to
// abandon the line) instead of raising SIGINT.
static inline int docq_el_disable_isig(EditLine *el) {
    return el_set(el, EL_SETTY, "-d", "-isig", NULL);
}
static inline int docq_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

static inline int docq_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int docq_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int docq_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}
static inline int docq_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}
static inline int docq_history_set_unique(History *h, int on) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, on);
}

#endif
