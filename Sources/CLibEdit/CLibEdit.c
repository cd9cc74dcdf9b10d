#include "CLibEdit.h"

#include <dlfcn.h>
#include <stddef.h>

// libedit's functions, found by docq_libedit_load.
static struct {
    EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
    void (*el_end)(EditLine *);
    int (*el_source)(EditLine *, const char *);
    const char *(*el_gets)(EditLine *, int *);
    const LineInfo *(*el_line)(EditLine *);
    int (*el_insertstr)(EditLine *, const char *);
    void (*el_deletestr)(EditLine *, int);
    int (*el_set)(EditLine *, int, ...);
    int (*el_get)(EditLine *, int, ...);
    History *(*history_init)(void);
    void (*history_end)(History *);
    int (*history)(History *, HistEvent *, int, ...);
} libedit;

const char *docq_libedit_load(void) {
    if (libedit.history != NULL) return NULL;
#if defined(__APPLE__)
    void *library = dlopen("/usr/lib/libedit.3.dylib", RTLD_NOW | RTLD_LOCAL);
#else
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
#endif
    if (library == NULL) return dlerror();
#define DOCQ_FIND(name)                                                   \
    libedit.name = (__typeof__(libedit.name))dlsym(library, #name);       \
    if (libedit.name == NULL) return "libedit has no function " #name;
    DOCQ_FIND(el_init)
    DOCQ_FIND(el_end)
    DOCQ_FIND(el_source)
    DOCQ_FIND(el_gets)
    DOCQ_FIND(el_line)
    DOCQ_FIND(el_insertstr)
    DOCQ_FIND(el_deletestr)
    DOCQ_FIND(el_set)
    DOCQ_FIND(el_get)
    DOCQ_FIND(history_init)
    DOCQ_FIND(history_end)
    DOCQ_FIND(history)  // last: the loaded mark above
#undef DOCQ_FIND
    return NULL;
}

EditLine *docq_el_init(const char *program, FILE *input, FILE *output, FILE *errors) {
    return libedit.el_init(program, input, output, errors);
}
void docq_el_end(EditLine *el) { libedit.el_end(el); }
int docq_el_source(EditLine *el, const char *file) { return libedit.el_source(el, file); }
const char *docq_el_gets(EditLine *el, int *count) { return libedit.el_gets(el, count); }
const LineInfo *docq_el_line(EditLine *el) { return libedit.el_line(el); }
int docq_el_insertstr(EditLine *el, const char *text) { return libedit.el_insertstr(el, text); }
void docq_el_deletestr(EditLine *el, int count) { libedit.el_deletestr(el, count); }
History *docq_history_init(void) { return libedit.history_init(); }
void docq_history_end(History *h) { libedit.history_end(h); }

int docq_el_set_prompt(EditLine *el, docq_prompt_fn fn) { return libedit.el_set(el, EL_PROMPT, fn); }
int docq_el_set_editor(EditLine *el, const char *mode) { return libedit.el_set(el, EL_EDITOR, mode); }
int docq_el_set_signal(EditLine *el, int on) { return libedit.el_set(el, EL_SIGNAL, on); }
int docq_el_set_clientdata(EditLine *el, void *data) { return libedit.el_set(el, EL_CLIENTDATA, data); }
void *docq_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    libedit.el_get(el, EL_CLIENTDATA, &data);
    return data;
}
int docq_el_add_function(EditLine *el, const char *name, const char *help, docq_command_fn fn) {
    return libedit.el_set(el, EL_ADDFN, name, help, fn);
}
int docq_el_bind(EditLine *el, const char *key, const char *function) {
    return libedit.el_set(el, EL_BIND, key, function, NULL);
}
int docq_el_disable_isig(EditLine *el) { return libedit.el_set(el, EL_SETTY, "-d", "-isig", NULL); }
int docq_el_set_history(EditLine *el, History *h) { return libedit.el_set(el, EL_HIST, libedit.history, h); }

int docq_history_set_size(History *h, int size) {
    HistEvent event;
    return libedit.history(h, &event, H_SETSIZE, size);
}
int docq_history_enter(History *h, const char *line) {
    HistEvent event;
    return libedit.history(h, &event, H_ENTER, line);
}
int docq_history_load(History *h, const char *path) {
    HistEvent event;
    return libedit.history(h, &event, H_LOAD, path);
}
int docq_history_save(History *h, const char *path) {
    HistEvent event;
    return libedit.history(h, &event, H_SAVE, path);
}
int docq_history_set_unique(History *h, int on) {
    HistEvent event;
    return libedit.history(h, &event, H_SETUNIQUE, on);
}
