// CEditLine: libedit for the REPL's line editing. el_set, el_get and history are variadic,
// which Swift cannot call, so each use the REPL needs gets a fixed-signature inline wrapper.
#pragma once

#include <stdio.h>
#include <histedit.h>

/// The prompt callback libedit calls before drawing a line.
typedef char *(*scn_el_prompt_fn)(EditLine *);
/// An editor command bound to a key; returns a CC_* code.
typedef unsigned char (*scn_el_command_fn)(EditLine *, int);

/// An emacs-style editor on the process's stdin/stdout/stderr that handles SIGWINCH etc.
static inline EditLine *scn_el_open(const char *program) {
    EditLine *el = el_init(program, stdin, stdout, stderr);
    if (el == NULL) return NULL;
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SIGNAL, 1);
    return el;
}

static inline void scn_el_set_prompt(EditLine *el, scn_el_prompt_fn prompt) {
    el_set(el, EL_PROMPT, prompt);
}

static inline void scn_el_set_client(EditLine *el, void *data) {
    el_set(el, EL_CLIENTDATA, data);
}

static inline void *scn_el_client(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline void scn_el_set_history(EditLine *el, History *h) {
    el_set(el, EL_HIST, history, h);
}

/// Defines a named editor command and binds `key` (e.g. "^I") to it.
static inline void scn_el_bind_command(EditLine *el, const char *name, const char *help,
                                       scn_el_command_fn command, const char *key) {
    el_set(el, EL_ADDFN, name, help, command);
    el_set(el, EL_BIND, key, name, NULL);
}

/// Changes one flag of the terminal mode used while editing, e.g. "-isig".
static inline void scn_el_edit_mode(EditLine *el, const char *flag) {
    el_set(el, EL_SETTY, "-d", flag, NULL);  // libedit supplies argv[0]
}

/// A history of at most `size` entries that skips repeats of the latest one.
static inline History *scn_history_open(int size) {
    History *h = history_init();
    if (h == NULL) return NULL;
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}

static inline void scn_history_add(History *h, const char *entry) {
    HistEvent event;
    history(h, &event, H_ENTER, entry);
}

static inline int scn_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

static inline int scn_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}
