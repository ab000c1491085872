/*
** fix.h -- `ksv fix`: candidate repairs of a finding as line edits of the
** source text (set_flag/wait_flag pairs, barriers, cross-core flag pairs,
** moved or removed syncs), and the text they are applied to.  Which
** candidate is kept is the driver's decision: it re-verifies each one
** (driver/ksv_fix.c).  The fix module only reads the kernel.
*/
#ifndef KSV_FIX_H
#define KSV_FIX_H

#include <stdio.h>
#include "../model/mdl.h"

/* ------------------------------------------------------------- text */

/* A source text as lines; each remembers the original line it comes from
** (0 for a line an edit inserted), which gives the diff and lets edits be
** reported against the original file. */
typedef struct {
  uint32_t orig;               /* 1-based original line, 0 = inserted */
  char *text;                  /* without the newline */
} fix_line;

typedef struct {
  mdl_vec lines;               /* fix_line */
  bool final_newline;          /* the text ends with a newline */
  bool cxx;                    /* C++ (Ascend C): a statement ends at its
                                  `;` or closing brace, over lines */
} fix_text;

void fix_text_init(fix_text *t, const char *buf, size_t len);
void fix_text_copy(fix_text *dst, const fix_text *src);
char *fix_text_join(const fix_text *t, size_t *len);
void fix_text_free(fix_text *t);

/* Is line a split-input separator, `// -----` (blanks and a CR aside),
** as the HIVM frontend reads it? */
bool fix_is_separator(const char *line);

/* 0-based index of the last line of the statement starting at line
** index i (the line closing the regions it opens). */
uint32_t fix_stmt_end(const fix_text *t, uint32_t i);

/* Writes a unified diff (3 lines of context) from a to b, which derives
** from a by fix edits; labels name the two sides.  Returns the number of
** changed lines (inserted + deleted). */
uint32_t fix_diff(FILE *out, const char *label_a, const char *label_b,
                  const fix_text *a, const fix_text *b);

/* ------------------------------------------------------------ edits */

typedef enum {
  FIX_INSERT_BEFORE,           /* text as a new line before line */
  FIX_INSERT_AFTER,            /* after the statement starting at line
                                  (after its region's closing brace) */
  FIX_DELETE,                  /* delete line */
  FIX_REPLACE                  /* replace old by text in line */
} fix_op;

typedef struct {
  fix_op op;
  uint32_t line;               /* 1-based line of the current text */
  char *text;                  /* op text, no indentation (inserts; lines
                                  separated by '\n', each indented as the
                                  anchor plus its own leading spaces) */
  char *old;                   /* FIX_REPLACE: the replaced substring */
} fix_edit;

typedef struct {
  mdl_vec edits;               /* fix_edit */
  char *what;                  /* "set_flag/wait_flag pair PIPE_MTE2 ->
                                  PIPE_V, EVENT_ID3" */
  uint32_t cost;               /* lines changed */
  bool data;                   /* a data repair (a loop bound, an address),
                                  not a sync edit: it changes what the
                                  kernel computes; tried only when no sync
                                  repair works (docs/fix.md) */
  bool last;                   /* a launch-wide barrier (SyncAll) for a
                                  race: it serializes every core of its
                                  mode, so it is tried only when no flag
                                  edit works (before the data repairs) */
} fix_cand;

void fix_cand_free(fix_cand *c);
void fix_cands_free(mdl_vec *cands);

/* Applies c to in, giving out (indentation copied from the anchor line).
** Returns 0, or -1 when an edit does not fit the text. */
int fix_apply(const fix_text *in, const fix_cand *c, fix_text *out);

/* Appends to out (fix_cand) the candidate repairs of diagnostic d of the
** unrolled kernel k, whose source is t, cheapest first; each has at
** least one edit.  Rules without a repair (unknown, bad input, ...) get
** none.  Edits only go to the input text: when the kernel also has
** statements from other files (C++ headers), a candidate touching a line
** that is not only the input's is dropped (fix_cand.c, input_lines). */
void fix_candidates(const mdl_kernel *k, const fix_text *t, const mdl_diag *d,
                    mdl_vec *out);

/* fix_asc.c: for an Ascend C kernel, respells the candidates out[first..]
** (written in HIVM) as C++ statements in the file's own spelling, and
** drops those it cannot (an SSA id, an scf.if, an edit of a line holding
** no spelled sync).  Returns the number dropped; a no-op for HIVM. */
uint32_t fix_asc_respell(const mdl_kernel *k, const fix_text *t, mdl_vec *out,
                         uint32_t first);

/* fix_que.c, Ascend C: for a deadlock at an AllocTensor that hangs with
** every buffer of its queue allocated, the FreeTensor of each tensor of
** that queue dequeued and never freed (mdl_kernel.que_unfreed), written
** in C++ as the file spells the queue and the tensor, after the last
** statement using it (and all of them at once when several are missing).
** The one queue call ksv fix adds; it never removes or moves one.
** Appends to out; returns how many. */
uint32_t fix_que_cands(const mdl_kernel *k, const fix_text *t,
                       const mdl_diag *d, mdl_vec *out);

/* fix_asc.c, C++ text: the loops (1-based lines of their `for`/`while`)
** that hold the statement at loc, innermost first, through the calls that
** inlined it (mdl_kernel.chains): an Ascend C loop the frontend unrolled
** is no loop of the model.  At most max; returns how many. */
uint32_t fix_asc_loops(const mdl_kernel *k, const fix_text *t, mdl_loc loc,
                       uint32_t *out, uint32_t max);
/* The innermost of those loops holding both a and b, or 0. */
uint32_t fix_asc_common_loop(const mdl_kernel *k, const fix_text *t,
                             mdl_loc a, mdl_loc b);

/* fix_xall.c: the hard SyncAll as a repair (docs/fix.md "SyncAll").
** For an xcore-race of the earlier access a and the later b: a SyncAll
** between them where every core of its mode reaches it once (the entry's
** top level in C++, each core function's in HIVM).  For a deadlock at
** SyncAll s that waits for a core never executing one: s moved out of its
** core branch, or that core given its own.  Appends to out (fix_cand, in
** HIVM spelling as fix_candidates writes them). */
void fix_xall_race(const mdl_kernel *k, const fix_text *t, const mdl_stmt *a,
                   const mdl_stmt *b, mdl_vec *out);
void fix_xall_deadlock(const mdl_kernel *k, const fix_text *t,
                       const mdl_stmt *s, mdl_vec *out);

/* Rules fix_candidates has repairs for. */
bool fix_rule_fixable(mdl_rule r);

#endif
