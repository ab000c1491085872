/*
** chk_steps.c -- witness steps: the structured form of a diagnostic's
** witness that the reports draw (SARIF thread flows, HTML timelines, the
** JSON "witness_steps").  Each step is an instruction instance on its
** (core, pipe) lane with the part it plays; the engines know which
** instances a finding involves, so the steps come from them, never from
** the text.
*/
#include "chk.h"
#include "chk_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void chk_step_inst(const mdl_kernel *k, mdl_diag *d, uint32_t inst,
                   mdl_step_role role, bool primary, const mdl_vec *sched) {
  const mdl_inst *in = mdl_inst_at(k, inst);
  char where[256];
  mdl_inst_where(k, in, where, sizeof where);
  const char *op = chk_op_name(k, in);
  mdl_step *s = mdl_diag_step_at(d, k, role, in->loc, op, "%s %s", op,
                                 where);
  s->kind = (uint8_t)in->kind;
  s->pipe = in->pipe;
  if (in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
      in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT) {
    s->pipe2 = in->pipe2; /* the flag's other pipe and id: root causes */
    s->flag = in->id;
  }
  s->primary = primary;
  if (in->core < k->ncores && k->cores[in->core].label)
    snprintf(s->core, sizeof s->core, "%s", k->cores[in->core].label);
  for (uint32_t i = 0; sched && i < sched->len; i++) {
    const chk_sched *t = &MDL_VEC_AT(*sched, chk_sched, i);
    if (t->inst == inst) {
      s->timed = true;
      s->t0 = t->t0;
      s->t1 = t->t1;
      break;
    }
  }
}

static bool race_rule(mdl_rule r) {
  return r == MDL_RULE_RACE || r == MDL_RULE_PIPE_HAZARD ||
         r == MDL_RULE_XCORE_RACE || r == MDL_RULE_PARALLEL_LOOP;
}

void chk_finding_steps(const mdl_kernel *k, const chk_finding *f,
                       mdl_diag *d) {
  mdl_step_role ra = race_rule(f->rule)              ? MDL_STEP_EARLIER
                     : f->rule == MDL_RULE_DOUBLE_SET ? MDL_STEP_PREVIOUS
                                                      : MDL_STEP_SITE;
  mdl_step_role rb = race_rule(f->rule)            ? MDL_STEP_ACCESS
                     : f->rule == MDL_RULE_DEADLOCK ? MDL_STEP_BLOCKED
                                                    : MDL_STEP_SYNC;
  const mdl_vec *t = f->sched.len ? &f->sched : NULL;
  if (f->rule == MDL_RULE_DEADLOCK) {
    /* the waits of the cycle, the lowest first */
    chk_step_inst(k, d, f->b, rb, true, t);
    for (uint32_t r = 0; r < f->related.len; r++)
      chk_step_inst(k, d, MDL_VEC_AT(f->related, uint32_t, r),
                    MDL_STEP_BLOCKED, false, t);
    if (f->a != NONE)
      chk_step_inst(k, d, f->a, MDL_STEP_SITE, false, t);
    return;
  }
  /* the earlier instruction (still running, or the set landed on) first */
  if (f->a != NONE)
    chk_step_inst(k, d, f->a, ra, false, t);
  for (uint32_t r = 0; r < f->related.len; r++)
    chk_step_inst(k, d, MDL_VEC_AT(f->related, uint32_t, r), MDL_STEP_SITE,
                  false, t);
  chk_step_inst(k, d, f->b, rb, true, t);
}

/* ------------------------------------------------------------ fallback */

typedef struct {
  uint32_t line, col, inst;
} lockey;

static int lockey_cmp(const void *a, const void *b) {
  const lockey *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

static bool wants_steps(const mdl_kernel *k, const mdl_diag *g) {
  return !g->nsteps && g->unit && !strcmp(g->unit, k->name) &&
         g->rule != MDL_RULE_UNKNOWN && g->rule != MDL_RULE_SYNTAX &&
         g->rule != MDL_RULE_UNSUPPORTED;
}

/* The step for location (line, col) of g: on the lane of the first
** instance there (found in keys), or on no lane. */
static void locate(const mdl_kernel *k, mdl_diag *g, const lockey *keys,
                   uint32_t nk, uint32_t line, uint32_t col,
                   mdl_step_role role, bool primary, const char *text,
                   const mdl_where *w) {
  lockey key = {line, col, NONE};
  const lockey *hit = bsearch(&key, keys, nk, sizeof key, lockey_cmp);
  if (hit && hit->inst != NONE) {
    chk_step_inst(k, g, hit->inst, role, primary, NULL);
    return;
  }
  mdl_step *s = mdl_diag_step(g, role, line, col, NULL, "%s", text);
  s->primary = primary;
  s->where = mdl_where_dup(w);
}

void chk_steps_locate(const mdl_kernel *k, mdl_diags *out, uint32_t first) {
  if (!k || !k->unrolled || !k->name)
    return;
  uint32_t cap = 0;
  for (uint32_t i = first; i < out->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(out->items, mdl_diag, i);
    if (wants_steps(k, g))
      cap += 1 + g->nrelated;
  }
  if (!cap)
    return;
  lockey *keys = malloc(cap * sizeof *keys);
  if (!keys)
    return;
  uint32_t n = 0;
  for (uint32_t i = first; i < out->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(out->items, mdl_diag, i);
    if (!wants_steps(k, g))
      continue;
    keys[n++] = (lockey){g->line, g->col, NONE};
    for (uint32_t r = 0; r < g->nrelated; r++)
      keys[n++] = (lockey){g->related[r].line, g->related[r].col, NONE};
  }
  qsort(keys, n, sizeof *keys, lockey_cmp);
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!m || lockey_cmp(&keys[m - 1], &keys[i]))
      keys[m++] = keys[i];
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->auto_sync) /* shares the location of the op it protects */
      continue;
    lockey key = {in->loc.line, in->loc.col, NONE};
    lockey *hit = bsearch(&key, keys, m, sizeof key, lockey_cmp);
    if (hit && hit->inst == NONE)
      hit->inst = i;
  }
  for (uint32_t i = first; i < out->items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(out->items, mdl_diag, i);
    if (!wants_steps(k, g))
      continue;
    bool expl = g->rule == MDL_RULE_EXPLAIN;
    bool red = g->rule == MDL_RULE_REDUNDANT_WAIT ||
               g->rule == MDL_RULE_REDUNDANT_BARRIER;
    /* the related locations come first: an explain note's earlier
       access, the set a redundant wait is removed with */
    for (uint32_t r = 0; r < g->nrelated; r++)
      locate(k, g, keys, m, g->related[r].line, g->related[r].col,
             expl  ? MDL_STEP_EARLIER
             : red ? MDL_STEP_SYNC
                   : MDL_STEP_SITE,
             false, g->related[r].message, g->related[r].where);
    locate(k, g, keys, m, g->line, g->col,
           expl || race_rule(g->rule)     ? MDL_STEP_ACCESS
           : g->rule == MDL_RULE_DEADLOCK ? MDL_STEP_BLOCKED
                                          : MDL_STEP_SYNC,
           true, g->message, g->where);
  }
  free(keys);
}
