/*
** ksv_decide.c -- deciding one unrolled kernel with the engines, and the
** longer runs a proof for every trip count asks for (docs/loops.md): the
** first run, the reruns at a larger trip bound, and a loop of known trip
** count past --max-unroll decided with its trip count left open (the
** window) and, when that kernel has findings, carried over to the real
** trip count from a short run of the same residue (the carry).
*/
#include "../checker/chk.h"
#include "../model/mdl.h"
#include "ksv_int.h"

#include <stdlib.h>
#include <string.h>

/* Does a sync use an event id or flag computed at run time? */
/* Does k access memory at an offset only known symbolically (a block
** index, an argument)?  Then the graph engine asks the value oracle
** whether two such ranges can meet (chk_enum). */
static bool symbolic_offsets(const mdl_kernel *k) {
  for (uint32_t i = 0; i < k->accesses.len; i++)
    if (mdl_access_at(k, i)->sym)
      return true;
  return false;
}

static bool symbolic_ids(const mdl_kernel *k) {
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
         in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT) && in->id == -1)
      return true;
  }
  return false;
}

/* Which engine decides k: the graph engine where the kernel is concrete
** with concrete offsets, and on the enumerated outcomes of the rest
** (chk_enum) where that applies; the SMT engine for what remains (auto)
** or always (--engine smt).  NULL engine: undecided (why in *declined). */
static const char *engine_of(const ksv_options *o, const mdl_kernel *k,
                             const chk_options *co, mdl_diags *diags,
                             mdl_unit_result *u, bool *done,
                             char **declined) {
  *done = false;
  *declined = NULL;
  if ((!k->concrete || symbolic_offsets(k)) && o->engine != KSV_ENGINE_SMT &&
      chk_enum(k, co, diags, &u->note, &u->verdict, declined)) {
    *done = true;
    return "graph";
  }
  if (o->engine == KSV_ENGINE_SMT ||
      (o->engine == KSV_ENGINE_AUTO && (!k->concrete || symbolic_ids(k))))
    return "smt";
  return k->concrete ? "graph" : NULL;
}

/* The largest trip bound ksv unrolls to by itself for a proof of every
** trip count (docs/loops.md); --trip-bound may set more. */
#define KSV_PROOF_BOUND 64

/* Moves the diagnostics of from, from the n-th on, to the end of to. */
static void diags_move(mdl_diags *to, mdl_diags *from, uint32_t n) {
  for (uint32_t i = n; i < from->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(from->items, mdl_diag, i);
    *(mdl_diag *)mdl_vec_push(&to->items, sizeof *g) = *g;
    uint32_t *c = g->severity == MDL_SEV_ERROR     ? &from->errors
                  : g->severity == MDL_SEV_WARNING ? &from->warnings
                                                   : &from->notes;
    (*c)--;
    *(c == &from->errors ? &to->errors : c == &from->warnings ? &to->warnings
                                                             : &to->notes) += 1;
  }
  if (n < from->items.len)
    from->items.len = n;
}

/* A result put aside while k is decided once more: the diagnostics from
** the first on and the unit's result. */
typedef struct {
  mdl_diags kept;
  mdl_unit_result was;
} stash;

static void stash_put(stash *st, mdl_diags *diags, mdl_unit_result *u,
                      uint32_t first) {
  memset(&st->kept, 0, sizeof st->kept);
  diags_move(&st->kept, diags, first);
  st->was = *u;
  u->note = NULL;
  memset(&u->proofs, 0, sizeof u->proofs);
}

/* The new result stands: the one put aside is dropped. */
static void stash_drop(stash *st) {
  free(st->was.note);
  mdl_loop_proofs_free(&st->was.proofs);
  mdl_diags_free(&st->kept);
}

/* The result put aside stands again, the new one is dropped. */
static void stash_back(stash *st, mdl_diags *diags, mdl_unit_result *u,
                       uint32_t first) {
  mdl_diags_cut(diags, first);
  free(u->note);
  mdl_loop_proofs_free(&u->proofs);
  *u = st->was;
  diags_move(diags, &st->kept, 0);
  mdl_vec_free(&st->kept.items);
}

/* The graph engine asked for a larger trip bound (want) to prove every
** trip count of a loop or to show its counterexample: k is unrolled
** again with it and decided again.  When that run does not decide it (an
** outcome limit, a unrolling limit), the first run's result stands and k
** is unrolled as before (the diagnostics name its instances). */
static bool decide_again(const ksv_options *o, mdl_kernel *k,
                         chk_options *co, mdl_diags *diags,
                         mdl_unit_result *u, uint32_t first, uint32_t want,
                         bool *done, char **declined, const char **eng) {
  if (want > KSV_PROOF_BOUND && k->trip_bound < KSV_PROOF_BOUND)
    want = KSV_PROOF_BOUND; /* (the longest ksv tries by itself) */
  if (!want || want <= k->trip_bound || o->trip_bound_fixed)
    return false;
  uint32_t old = k->trip_bound;
  mdl_limits lim;
  ksv_limits_of(o, &lim);
  lim.bound_fixed = true;
  lim.sym_bound = want;
  lim.window = k->windowed;
  stash st;
  stash_put(&st, diags, u, first);
  bool ok = !mdl_unroll_again(k, &lim);
  char *why = NULL;
  const char *e = ok ? engine_of(o, k, co, diags, u, done, &why) : NULL;
  if (co->deadline > 0 && chk_wall() >= co->deadline)
    e = NULL; /* out of time: what ran into the limit is not decided */
  if (e && *done && (u->verdict == MDL_VERDICT_CLEAN ||
                     u->verdict == MDL_VERDICT_FINDINGS)) {
    stash_drop(&st);
    free(*declined);
    *declined = why;
    *eng = e;
    return true;
  }
  free(why);
  stash_back(&st, diags, u, first); /* the first run stands */
  lim.sym_bound = old;
  mdl_unroll_again(k, &lim);
  *done = true;
  return false;
}

/* The engine's first run on k, and the longer runs a proof for every trip
** count asks for (*want), a few times (a longer period, clocks that
** settle late, a counterexample), all of them together in at most three
** times the first run's time (two seconds at least; a safety net: the
** work a longer run may take is bounded before, by rerun_affordable in
** checker/chk_enum.c, so that results do not depend on the machine's
** speed or load in practice): a run that reaches that
** deadline is dropped and the last result that decided stands (a query's
** timeout ends past it too). */
const char *ksv_decide_proven(const ksv_options *o, mdl_kernel *k,
                                 chk_options *co, mdl_diags *diags,
                                 mdl_unit_result *u, uint32_t first,
                                 uint32_t *want, bool *done,
                                 char **declined) {
  double t0 = chk_wall();
  *want = 0;
  co->want_bound = want;
  const char *eng = engine_of(o, k, co, diags, u, done, declined);
  double spent = chk_wall() - t0;
  double budget = 3 * spent > 2.0 ? 3 * spent : 2.0;
  uint32_t tmo = co->timeout_ms;
  co->deadline = chk_wall() + budget;
  if (!tmo || tmo > budget * 1000 + 100)
    co->timeout_ms = (uint32_t)(budget * 1000) + 100;
  for (int run = 0; run < 3 && eng && *done && *want > k->trip_bound;
       run++) {
    uint32_t w = *want;
    *want = 0;
    co->want_bound = want;
    if (!decide_again(o, k, co, diags, u, first, w, done, declined, &eng))
      break;
  }
  co->deadline = 0;
  co->timeout_ms = tmo;
  return eng;
}

/* Why the kernel with a long loop's trip count left open (u: its result,
** NULL when undecided) did not prove the loop's N iterations clean. */
static char *window_failure(const mdl_unit_result *u, const mdl_diags *d,
                            uint32_t first) {
  if (!u)
    return mdl_strprintf("the kernel was not decided");
  for (uint32_t i = first; i < d->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(d->items, mdl_diag, i);
    if (g->severity != MDL_SEV_NOTE)
      return mdl_strprintf("it has findings for some trip counts (the "
                           "first: %s at %u:%u), maybe not for this one",
                           mdl_rule_name(g->rule), g->line, g->col);
  }
  for (uint32_t i = 0; i < u->proofs.len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(u->proofs, mdl_loop_proof, i);
    if (!p->all)
      return mdl_strprintf("it is proven only for trip counts 0..%u: %s",
                           p->bound, p->why ? p->why : "not shown");
  }
  return NULL;
}

/* A clean kernel checked on the first K iterations of a loop of known
** trip count N past --max-unroll: unrolled again with that loop's trip
** count made symbolic (mdl_limits.window).  When that kernel is clean for
** every trip count, it is clean for N, and that verdict replaces the
** prefix's (docs/loops.md, "Long loops"); otherwise the prefix's stands
** and k is unrolled as before.  True when replaced. */
bool ksv_decide_window(const ksv_options *o, mdl_kernel *k,
                          chk_options *co, mdl_diags *diags,
                          mdl_unit_result *u, uint32_t first) {
  if (!k->cut_cores || k->cut_forever || k->open ||
      u->verdict != MDL_VERDICT_CLEAN || o->engine == KSV_ENGINE_SMT)
    return false;
  char *cut = mdl_strprintf("%s", k->cut_note ? k->cut_note : "a loop");
  mdl_limits lim;
  ksv_limits_of(o, &lim);
  lim.window = true;
  stash st;
  stash_put(&st, diags, u, first);
  co->proofs = &u->proofs;
  bool ok = !mdl_unroll_again(k, &lim) && k->windowed && !k->cut_cores;
  uint32_t want = 0;
  bool done = false;
  char *why = NULL;
  const char *e = ok ? ksv_decide_proven(o, k, co, diags, u, first, &want, &done,
                                     &why)
                     : NULL;
  co->want_bound = NULL;
  free(why);
  if (e && done && u->verdict == MDL_VERDICT_CLEAN &&
      !mdl_unit_bounded(u, NULL)) {
    char *n = mdl_strprintf("%s; so for %s, which is not unrolled "
                            "(docs/loops.md)", u->note ? u->note : "",
                            cut);
    free(u->note);
    u->note = n;
    free(cut);
    stash_drop(&st);
    return true;
  }
  char *fail = window_failure(e && done ? u : NULL, diags, first);
  stash_back(&st, diags, u, first); /* the prefix's result stands */
  lim.window = false;
  mdl_unroll_again(k, &lim);
  if (u->note && fail) {
    char *n = mdl_strprintf("%s; with its trip count left open, %s",
                            u->note, fail);
    free(u->note);
    u->note = n;
  }
  free(fail);
  free(cut);
  return false;
}

