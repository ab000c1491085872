/*
** fix_x.h -- the candidate generators' internals, shared by fix_cand.c
** (statement positions, kernel queries, edits, the dispatch by rule),
** fix_race.c (races, pipe hazards, cross-core races), fix_flag.c (flag
** misuse, invalid and redundant syncs) and fix_data.c (data repairs).
*/
#ifndef KSV_FIX_X_H
#define KSV_FIX_X_H

#include <stdbool.h>
#include <stdint.h>
#include "fix.h"

#define MAX_CANDS 96

/* Where a statement sits: its parent (loop/if, NULL at function level),
** its block and its position in it. */
typedef struct {
  const mdl_stmt *parent;
  const mdl_block *blk;
  uint32_t idx;
  bool seen;
} sinfo;

typedef struct {
  const mdl_kernel *k;
  const fix_text *t;
  sinfo *si;
  mdl_vec *out;
  /* per function (body block): the statement defining each value */
  const mdl_block *fb[3];
  const mdl_stmt **defs[3];
  uint32_t ndefs[3];
} cx;

const mdl_stmt *fix_x_stmt_at(const cx *x, uint32_t line, uint32_t col);
const char *fix_x_sname(const mdl_stmt *s);
fix_cand *fix_x_cand_new(cx *x, char *what);
void fix_x_edit(fix_cand *c, fix_op op, uint32_t line, char *text,
                const char *old);
bool fix_x_own_line(const cx *x, const mdl_stmt *s);
char *fix_x_op_text(const cx *x, const mdl_stmt *s);
void fix_x_pipes_of(const mdl_kernel *k, const mdl_stmt *s, uint32_t *pipes,
                    uint32_t *cores);
bool fix_x_same_src(const mdl_kernel *k, uint32_t st, const mdl_stmt *s);
int fix_x_free_event(const mdl_kernel *k, mdl_pipe src, mdl_pipe dst);
int fix_x_free_xflag(const mdl_kernel *k);
const mdl_inst *fix_x_first_inst(const mdl_kernel *k, const mdl_stmt *s);
const char *fix_x_pn(int p);
char *fix_x_set_text(int src, int dst, int id);
char *fix_x_wait_text(int src, int dst, int id);
const mdl_stmt *fix_x_ancestor_in(const cx *x, const mdl_stmt *s,
                                  const mdl_block *blk);
const mdl_block *fix_x_common_block(const cx *x, const mdl_stmt *a,
                                    const mdl_stmt *b);
const mdl_stmt *fix_x_enclosing_loop(const cx *x, const mdl_stmt *s);
const mdl_stmt *fix_x_loop_of_block(const cx *x, const mdl_stmt *member);
char *fix_x_rotating_id(const cx *x, const mdl_stmt *s);
void fix_x_cxx_xcore_credit(cx *x, const mdl_stmt *a, const mdl_stmt *b, int f,
                            int pa, int pb, const char *st, const char *wt);
void fix_x_xcore_credited(cx *x, const mdl_stmt *a, const mdl_stmt *b, int f,
                          int pa, int pb, bool a_cube, bool b_cube);
void fix_x_orphan_set_wait(cx *x, const mdl_stmt *s, const mdl_stmt *b);
void fix_x_pair_removal(cx *x, const mdl_stmt *s);
void fix_x_rotation_id(cx *x, const mdl_stmt *s);
void fix_x_orphan_wait_set(cx *x, const mdl_stmt *w);
void fix_x_race_cands(cx *x, const mdl_diag *d);
const mdl_block *fix_x_fn_block(const cx *x, const mdl_stmt *s);
const mdl_func *fix_x_func_of(const cx *x, const mdl_block *fb);
const char *fix_x_val_name(const mdl_func *f, mdl_valref v);
const mdl_stmt *fix_x_def_stmt(const cx *x, const mdl_block *fb, mdl_valref v);
bool fix_x_uses_name(const char *l, const char *name);
void fix_x_loop_align_cands(cx *x, const mdl_stmt *s);
void fix_x_subblock_cands(cx *x, const mdl_stmt *a, const mdl_stmt *b);
void fix_x_lib_cands(cx *x, const mdl_diag *d, const mdl_stmt *s);
void fix_x_flag_cands(cx *x, const mdl_diag *d);
void fix_x_invalid_cands(cx *x, const mdl_diag *d);
void fix_x_redundant_cands(cx *x, const mdl_diag *d);

#endif
