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

#include <stdio.h>
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
** settle late, a counterexample), all of them together in at most five
** times the first run's time (ten seconds at least; a safety net: the
** work a longer run may take is bounded before, by rerun_affordable in
** checker/chk_enum.c, so that results do not depend on the machine's
** speed or load in practice): a run that reaches that
** deadline is dropped and the last result that decided stands (a query's
** timeout ends past it too).  An earlier co->deadline (ksv fix's budget)
** bounds them too, and stands again afterwards. */
const char *ksv_decide_proven(const ksv_options *o, mdl_kernel *k,
                                 chk_options *co, mdl_diags *diags,
                                 mdl_unit_result *u, uint32_t first,
                                 uint32_t *want, bool *done,
                                 char **declined) {
  double t0 = chk_wall(), outer = co->deadline; /* the run's deadline */
  *want = 0;
  co->want_bound = want;
  const char *eng = engine_of(o, k, co, diags, u, done, declined);
  double spent = chk_wall() - t0;
  double budget = 5 * spent > 10.0 ? 5 * spent : 10.0;
  uint32_t tmo = co->timeout_ms;
  co->deadline = chk_wall() + budget;
  if (outer > 0 && outer < co->deadline)
    co->deadline = outer;
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
  co->deadline = outer;
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

/* One decision of k as it is unrolled, without reruns, into diags and u.
** False when no engine decided it. */
static bool decide_once(const ksv_options *o, mdl_kernel *k,
                        chk_options *co, mdl_diags *diags,
                        mdl_unit_result *u) {
  bool done;
  char *why = NULL;
  const char *e = engine_of(o, k, co, diags, u, &done, &why);
  free(why);
  if (!e)
    return false;
  if (!done)
    u->verdict = !strcmp(e, "smt") ? chk_smt(k, co, diags, &u->note)
                                   : chk_graph(k, co, diags, &u->note);
  return u->verdict == MDL_VERDICT_CLEAN ||
         u->verdict == MDL_VERDICT_FINDINGS;
}

/* The run that stands for a long loop's N iterations (the carry): from
** trip count n0 on the findings repeat with period P and lie within reach
** iterations (the open kernel's certificate, every loop of it), so the
** run of `to` = n0 + reach + P + ((N - that) mod P) iterations has N's
** findings, with iterations from `at` = n0 on numbered N - to higher. */
typedef struct {
  uint64_t N;
  uint32_t P, at, to;
} carry_plan;

static char *carry_plan_of(const mdl_unit_result *u, uint64_t N,
                           uint32_t max_unroll, carry_plan *c) {
  uint64_t P = 1, n0 = 0, reach = 0;
  for (uint32_t i = 0; i < u->proofs.len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(u->proofs, mdl_loop_proof, i);
    if (!p->all || !p->period)
      return mdl_strprintf("its runs do not reach the loop's steady state");
    uint64_t a = P, b = p->period;
    while (b) {
      uint64_t t = a % b;
      a = b;
      b = t;
    }
    P = P / a * p->period;
    n0 = p->n0 > n0 ? p->n0 : n0;
    reach = p->reach > reach ? p->reach : reach;
  }
  uint64_t base = n0 + reach + P;
  if (!u->proofs.len || P > 4096 || base + 3 * P > max_unroll ||
      N < base)
    return mdl_strprintf("the run that would stand for it is longer than "
                         "--max-unroll %u", max_unroll);
  c->N = N;
  c->P = (uint32_t)P;
  c->at = (uint32_t)n0;
  c->to = (uint32_t)(base + (N - base) % P);
  return NULL;
}

/* The number in text s at *i (a run of digits not part of a word such as
** EVENT_ID1 or 0x200), or false at its end; *i moves past it, and the text
** before it is s[*from, *at). */
static bool next_number(const char *s, size_t *i, size_t *at, uint64_t *v) {
  for (; s[*i]; (*i)++) {
    char c = s[*i], p = *i ? s[*i - 1] : ' ';
    if (c >= '0' && c <= '9' &&
        !((p >= 'a' && p <= 'z') || (p >= 'A' && p <= 'Z') || p == '_' ||
          (p >= '0' && p <= '9'))) {
      *at = *i;
      *v = 0;
      for (; s[*i] >= '0' && s[*i] <= '9'; (*i)++)
        if (__builtin_mul_overflow(*v, 10, v) ||
            __builtin_add_overflow(*v, (uint64_t)(s[*i] - '0'), v))
          return false;
      return true;
    }
  }
  return false;
}

/* The text of a finding in the run of N iterations from its texts in the
** runs of to, to + P and to + 2P (t[0..2]): the same words, and each
** number that differs moves by one amount per period (a count of sets or
** waits, an instance number: docs/loops.md, "Long loops"); q periods on
** from t[0].  NULL when they do not. */
static char *extrapolate(const char *const t[3], uint64_t q) {
  size_t i[3] = {0, 0, 0}, from[3] = {0, 0, 0}, len = 0;
  char *r = NULL;
  FILE *out = open_memstream(&r, &len);
  if (!out)
    return NULL;
  bool ok = false;
  for (;;) {
    size_t at[3];
    uint64_t v[3];
    int n = 0;
    for (int j = 0; j < 3; j++)
      if (!next_number(t[j], &i[j], &at[j], &v[j]))
        at[j] = strlen(t[j]);
      else
        n++;
    size_t w = at[0] - from[0];
    if (n % 3 || at[1] - from[1] != w || at[2] - from[2] != w ||
        memcmp(t[0] + from[0], t[1] + from[1], w) ||
        memcmp(t[0] + from[0], t[2] + from[2], w))
      break;
    fwrite(t[0] + from[0], 1, w, out);
    if (!n) {
      ok = true;
      break;
    }
    uint64_t d = v[1] - v[0], e;
    if (v[1] < v[0] || v[2] - v[1] != d ||
        __builtin_mul_overflow(d, q, &e) ||
        __builtin_add_overflow(e, v[0], &e))
      break;
    fprintf(out, "%llu", (unsigned long long)e);
    for (int j = 0; j < 3; j++)
      from[j] = i[j];
  }
  if (fclose(out) || !ok) {
    free(r);
    return NULL;
  }
  return r;
}

/* The findings of the run of N iterations (c) from those of the runs of
** to (diags from first), to + P and to + 2P (run[0], run[1]): the same
** rules at the same statements, their texts and instance counts moved on
** by (N - to) / P periods.  NULL, or why not. */
static char *carry_counts(mdl_diags *diags, uint32_t first,
                          const mdl_diags run[2], const carry_plan *c) {
  uint64_t q = (c->N - c->to) / c->P;
  if (diags->items.len - first != run[0].items.len ||
      run[0].items.len != run[1].items.len)
    return mdl_strprintf("the runs of %u, %u and %u iterations do not have "
                         "the same findings", c->to, c->to + c->P,
                         c->to + 2 * c->P);
  for (uint32_t i = first; i < diags->items.len; i++) {
    mdl_diag *d = &MDL_VEC_AT(diags->items, mdl_diag, i);
    const mdl_diag *d1 = &MDL_VEC_AT(run[0].items, mdl_diag, i - first);
    const mdl_diag *d2 = &MDL_VEC_AT(run[1].items, mdl_diag, i - first);
    if (d->rule != d1->rule || d->rule != d2->rule ||
        d->severity != d1->severity || d->line != d1->line ||
        d->col != d1->col || d->line != d2->line || d->col != d2->col)
      return mdl_strprintf("the runs of %u, %u and %u iterations do not "
                           "have the same findings", c->to, c->to + c->P,
                           c->to + 2 * c->P);
    const char *m[3] = {d->message, d1->message, d2->message};
    const char *w[3] = {d->witness ? d->witness : "",
                        d1->witness ? d1->witness : "",
                        d2->witness ? d2->witness : ""};
    char *nm = extrapolate(m, q), *nw = extrapolate(w, q);
    uint64_t e0 = d->extra, e1 = d1->extra, e2 = d2->extra, e = 0;
    bool lin = e1 >= e0 && e2 - e1 == e1 - e0 &&
               !__builtin_mul_overflow(e1 - e0, q, &e) &&
               !__builtin_add_overflow(e, e0, &e) && e <= UINT32_MAX;
    if (!nm || !nw || !lin) {
      free(nm);
      free(nw);
      return mdl_strprintf("the finding at %u:%u does not move by one "
                           "step per period in the runs of %u, %u and %u "
                           "iterations", d->line, d->col, c->to,
                           c->to + c->P, c->to + 2 * c->P);
    }
    free(d->message);
    d->message = nm;
    if (d->witness) {
      free(d->witness);
      d->witness = nw;
    } else {
      free(nw);
    }
    d->extra = (uint32_t)e;
  }
  return NULL;
}

/* Carries the open kernel's result (u: findings for every trip count) over
** to the long loop's N iterations (docs/loops.md, "Long loops"): k is
** unrolled with that loop running c->to + 2P, + P and c->to iterations
** (mdl_limits.carry_from), and each run decided.  They must agree, and
** then the last one's findings, with their instance counts scaled to N,
** are N's.  Returns NULL with them in diags and u, or why not (u and the
** diagnostics from first are then to be dropped). */
static char *carry(const ksv_options *o, mdl_kernel *k, chk_options *co,
                   mdl_diags *diags, mdl_unit_result *u, uint32_t first,
                   const carry_plan *c) {
  mdl_limits lim;
  ksv_limits_of(o, &lim);
  lim.carry_from = c->N;
  lim.carry_at = c->at;
  mdl_diags run[2];
  memset(run, 0, sizeof run);
  char *why = NULL;
  mdl_verdict v = MDL_VERDICT_ERROR;
  for (int j = 2; j >= 0 && !why; j--) {
    lim.carry_to = c->to + (uint32_t)j * c->P;
    mdl_diags_cut(diags, first);
    free(u->note);
    u->note = NULL;
    mdl_loop_proofs_free(&u->proofs);
    if (mdl_unroll_again(k, &lim) || k->cut_cores || !k->nrelabel)
      why = mdl_strprintf("the run of %u iterations was not unrolled",
                          lim.carry_to);
    else if (!decide_once(o, k, co, diags, u) ||
             (j < 2 && u->verdict != v))
      why = mdl_strprintf("the run of %u iterations was not decided "
                          "alike", lim.carry_to);
    v = u->verdict;
    if (!why && j)
      diags_move(&run[j - 1], diags, first);
  }
  if (!why)
    why = carry_counts(diags, first, run, c);
  mdl_diags_free(&run[0]);
  mdl_diags_free(&run[1]);
  return why;
}

/* The open kernel (u) has findings for every trip count: they are carried
** over to N (carry).  True with them in diags and u; else *fail says why,
** and what is in u and diags from first is to be dropped. */
static bool carry_over(const ksv_options *o, mdl_kernel *k,
                       chk_options *co, mdl_diags *diags,
                       mdl_unit_result *u, uint32_t first, uint64_t N,
                       const char *cut, char **fail) {
  carry_plan c = {0, 0, 0, 0};
  char *why = carry_plan_of(u, N, o->max_unroll, &c);
  if (!why) {
    char *wnote = u->note;
    mdl_vec wproofs = u->proofs;
    u->note = NULL;
    memset(&u->proofs, 0, sizeof u->proofs);
    why = carry(o, k, co, diags, u, first, &c);
    mdl_loop_proofs_free(&u->proofs);
    u->proofs = wproofs;
    char *n = mdl_strprintf(
        "%s; so for %s, which is not unrolled: %s the run of %u "
        "iterations in its place (the same modulo the period %u, "
        "docs/loops.md), its iterations from %u on numbered as in the "
        "run of %llu", wnote ? wnote : "", cut,
        u->verdict == MDL_VERDICT_CLEAN ? "clean as" : "the findings of",
        c.to, c.P, c.at, (unsigned long long)N);
    free(wnote);
    free(u->note);
    u->note = n;
  }
  if (why) {
    *fail = mdl_strprintf("it has findings for some trip counts; carrying "
                          "them over to this one failed: %s", why);
    free(why);
    return false;
  }
  return true;
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
      (u->verdict != MDL_VERDICT_CLEAN &&
       u->verdict != MDL_VERDICT_FINDINGS) ||
      o->engine == KSV_ENGINE_SMT)
    return false;
  uint64_t N = k->cut_trip;
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
  char *fail = NULL;
  if (e && done && u->verdict == MDL_VERDICT_FINDINGS &&
      !mdl_unit_bounded(u, NULL) && N) {
    if (carry_over(o, k, co, diags, u, first, N, cut, &fail)) {
      free(cut);
      stash_drop(&st);
      return true;
    }
  } else {
    fail = window_failure(e && done ? u : NULL, diags, first);
  }
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

