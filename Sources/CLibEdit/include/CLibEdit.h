#ifndef DOCQUERY_CLIBEDIT_H
#define DOCQUERY_CLIBEDIT_H
// libedit, for the explorer's line editing (Sources/docq/Explorer/LineEditor.swift
// is the only file that imports this module).
//
// libedit is loaded when the explorer starts (docq_libedit_load), not when
// docq does: a query never maps it or the terminal libraries it needs
// (about 0.4 MB resident), and runs where libedit is not installed. Its
// header still gives the types and constants, so building needs libedit's
// development files (libedit-dev).
//
// el_set, el_get and history are variadic, which Swift cannot call; the
// fixed-signature wrappers below cover exactly the requests the explorer
// makes. Every docq_* function except docq_libedit_load requires a
// successful docq_libedit_load first.
#include <stdio.h>
#include <histedit.h>

/// Loads libedit and finds its functions: NULL when it is ready, else why
/// it is not (the loader's message). Safe to call again.
const char *docq_libedit_load(void);

EditLine *docq_el_init(const char *program, FILE *input, FILE *output, FILE *errors);
void docq_el_end(EditLine *el);
int docq_el_source(EditLine *el, const char *file);
const char *docq_el_gets(EditLine *el, int *count);
const LineInfo *docq_el_line(EditLine *el);
int docq_el_insertstr(EditLine *el, const char *text);
void docq_el_deletestr(EditLine *el, int count);
History *docq_history_init(void);
void docq_history_end(History *h);

typedef char *(*docq_prompt_fn)(EditLine *);
typedef unsigned char (*docq_command_fn)(EditLine *, int);

int docq_el_set_prompt(EditLine *el, docq_prompt_fn fn);
int docq_el_set_editor(EditLine *el, const char *mode);
int docq_el_set_signal(EditLine *el, int on);
int docq_el_set_clientdata(EditLine *el, void *data);
void *docq_el_get_clientdata(EditLine *el);
int docq_el_add_function(EditLine *el, const char *name, const char *help, docq_command_fn fn);
int docq_el_bind(EditLine *el, const char *key, const char *function);
/// Edit mode without ISIG: Ctrl-C reaches the editor as a key (bound to
/// abandon the line) instead of raising SIGINT.
int docq_el_disable_isig(EditLine *el);
int docq_el_set_history(EditLine *el, History *h);

int docq_history_set_size(History *h, int size);
int docq_history_enter(History *h, const char *line);
int docq_history_load(History *h, const char *path);
int docq_history_save(History *h, const char *path);
int docq_history_set_unique(History *h, int on);

#endif
