/*
** chk_enum.c -- the graph engine on a symbolic kernel whose outcomes are
** few.  Every possible combination of its branch outcomes and trip counts
** (0..trip bound: the same claims the SMT engine decides) is a concrete
** kernel (mdl_specialize_lits) that the exact graph engine decides in
** milliseconds; Z3 is asked only which combinations are possible and, for
** an unordered pair of accesses whose byte ranges have different symbolic
** bases, whether they can overlap under one (chk_vals, in chk_smt.c).
**
** The outcomes are enumerated depth first over the dimensions (trip counts
** first, then branches in program order), so an impossible prefix prunes
** every outcome below it, and a branch no instance of the outcome depends
** on is not enumerated at all.  Nor is one that only ops depend on (a
** tile loop's tail padding, a masked store): an op orders nothing but
** itself, so the copy keeps the ops under such a dimension's literals
** open (mdl_kernel.resid), and a race of one of them is a race only where
** Z3 finds an execution in which both accesses run (chk_options.coexist).  The findings are the union over the
** outcomes, each with its outcome as the witness; a sync group is
** redundant when removing it keeps every outcome clean (the greedy search
** runs on one outcome, the others verify its result).
*/
#include "chk.h"
#include "chk_int.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many instances analysed over all outcomes (a few seconds
** of graph work); past it, and past chk_options.enum_max outcomes, only
** the first outcomes are decided (docs/limits.md). */
#define ENUM_WORK 4000000u


/* A dimension's value in an outcome: 0..K (a trip count), 0 or 1 (a
** branch), DIM_NONE (no instance of the outcome depends on it) or
** DIM_OPEN (only ops do: its literals stay open in the outcome's copy). */
#define DIM_NONE (-1)
#define DIM_OPEN (-2)

/* One possible outcome: a value per dimension, and its witness. */
typedef struct {
  int64_t *value;
  mdl_valuation *val;        /* atom values that realise it, or NULL */
  char *text;                /* "trip count 2 for the loop at 5:3, ..." */
  uint32_t ninst;
} outcome;

/* The distance between two accesses' byte ranges, (b's start) - (a's
** start) = c + sum coef[i] * atom[i] (atoms ascending, no zero coef), and
** their sizes (-1: open): they meet iff -sb < distance < sa.  A cached
** answer of the alias oracle under the current outcome is keyed by it. */
#define DIST_TERMS (2 * MDL_LIN_TERMS)
typedef struct {
  uint32_t n;
  uint32_t atom[DIST_TERMS];
  int64_t coef[DIST_TERMS];
  int64_t c, sa, sb;
} chk_dist;

typedef struct {
  chk_dist key;
  int r;
  mdl_valuation *val;        /* the witness values of a meeting, or NULL */
  bool used;
} alias_ent;

/* A cached answer of the coexistence oracle under the current outcome
** (val and text: its witness, when it was asked for one). */
typedef struct {
  uint32_t ga, gb;
  int r;
  mdl_valuation *val;
  char *text;
  bool used;
} co_ent;

typedef struct {
  const mdl_kernel *k;
  const chk_options *o;
  chk_vals *vals;
  chk_dim *dims;
  uint32_t ndims;
  uint32_t *lit_dim;         /* per literal: its dimension */
  mdl_vec *dim_guards;       /* per dimension: guard ids (uint32_t) */
  mdl_vec *dim_sguards;      /* per dimension: the guards of syncs */
  bool open_ok;              /* dimensions only ops depend on stay open
                                (KSV_ENUM_OPEN=0: every one enumerated) */
  uint32_t nopen;            /* dimensions left open in some outcome */
  uint8_t *was_open;         /* per dimension: left open in some prefix */
  int64_t *value;            /* per dimension, during the search */
  mdl_vec outs;              /* outcome */
  uint32_t max_outcomes;
  bool too_many, undecided;
  bool partial;              /* only the first outcomes were decided */
  uint32_t decided;          /* outcomes analysed */
  uint32_t cur;              /* outcome being analysed (alias, verify) */
  char *onote;               /* the first note of an outcome's verdict */
  char *rnote;               /* an outcome's race search stopped: its note */
  alias_ent *cache;
  uint32_t cache_cap, cache_len;
  co_ent *co;                /* coexistence answers (open addressing) */
  uint32_t co_cap, co_len;
} ex;

/* ------------------------------------------------------------ dimensions */

static uint32_t dim_of(ex *x, const mdl_lit *l) {
  for (uint32_t d = 0; d < x->ndims; d++)
    if (x->dims[d].kind == l->kind && x->dims[d].form == l->atom_form)
      return d;
  return UINT32_MAX;
}

/* Collects the dimensions: trip counts first, then branch conditions in
** the order of the first instance that depends on them. */
static bool collect_dims(ex *x) {
  const mdl_kernel *k = x->k;
  x->dims = calloc(k->lits.len + 1, sizeof *x->dims);
  x->lit_dim = calloc(k->lits.len + 1, sizeof *x->lit_dim);
  if (!x->dims || !x->lit_dim)
    return false;
  for (int pass = 1; pass >= 0; pass--)
    for (uint32_t i = 0; i < k->insts.len; i++) {
      uint32_t g = mdl_inst_at(k, i)->guard;
      if (!g)
        continue;
      const mdl_guard *gd = &MDL_VEC_AT(k->guards, mdl_guard, g);
      for (uint32_t j = 0; j < gd->n; j++) {
        const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, gd->first + j);
        if (l->kind != pass || dim_of(x, l) != UINT32_MAX)
          continue;
        chk_dim *d = &x->dims[x->ndims++];
        d->kind = l->kind;
        d->form = l->atom_form;
        d->loc = l->loc;
        d->nvalues = l->kind == 1 ? (int64_t)k->trip_bound + 1 : 2;
      }
    }
  for (uint32_t i = 0; i < k->lits.len; i++)
    x->lit_dim[i] = dim_of(x, &MDL_VEC_AT(k->lits, mdl_lit, i));
  x->dim_guards = calloc(x->ndims + 1, sizeof *x->dim_guards);
  x->dim_sguards = calloc(x->ndims + 1, sizeof *x->dim_sguards);
  x->value = calloc(x->ndims + 1, sizeof *x->value);
  x->was_open = calloc(x->ndims + 1, 1);
  uint8_t *gsync = calloc(k->guards.len + 1, 1);
  if (!x->dim_guards || !x->dim_sguards || !x->value || !x->was_open ||
      !gsync) {
    free(gsync);
    return false;
  }
  /* the guards syncs stand under (every guard, when nothing stays open;
     a unit flag orders the next M or FIX op, so it counts as a sync) */
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (!x->open_ok || in->kind != MDL_I_OP || in->unit_flag)
      gsync[in->guard] = 1;
  }
  for (uint32_t g = 1; g < k->guards.len; g++) {
    const mdl_guard *gd = &MDL_VEC_AT(k->guards, mdl_guard, g);
    for (uint32_t j = 0; j < gd->n; j++) {
      uint32_t d = x->lit_dim[gd->first + j];
      if (d == UINT32_MAX)
        continue;
      for (int sy = 0; sy < 2; sy++) {
        mdl_vec *v = sy ? &x->dim_sguards[d] : &x->dim_guards[d];
        if ((!sy || gsync[g]) &&
            (!v->len || MDL_VEC_AT(*v, uint32_t, v->len - 1) != g))
          *(uint32_t *)mdl_vec_push(v, sizeof(uint32_t)) = g;
      }
    }
  }
  free(gsync);
  return true;
}

/* The truth of literal l when its dimension has value v (-1: false; no
** instance of the outcome depends on it). */
static bool lit_true_at(const mdl_lit *l, int64_t v) {
  if (v < 0)
    return false;
  return l->kind == 1 ? v > l->k : (v != 0) == l->positive;
}

/* Can one of the guards gs (each holds a literal of dimension d) hold,
** given the values of the dimensions before d (an open one either way)? */
static bool can_hold(const ex *x, const mdl_vec *gs, uint32_t d) {
  const mdl_kernel *k = x->k;
  for (uint32_t i = 0; i < gs->len; i++) {
    const mdl_guard *gd =
        &MDL_VEC_AT(k->guards, mdl_guard, MDL_VEC_AT(*gs, uint32_t, i));
    bool can = true;
    for (uint32_t j = 0; j < gd->n && can; j++) {
      uint32_t e = x->lit_dim[gd->first + j];
      if (e < d && x->value[e] != DIM_OPEN)
        can = lit_true_at(&MDL_VEC_AT(k->lits, mdl_lit, gd->first + j),
                          x->value[e]);
    }
    if (can)
      return true;
  }
  return false;
}

/* Does dimension d take values in this prefix (1: a sync of the prefix
** may depend on it), or is it DIM_OPEN (only ops do) or DIM_NONE? */
static int64_t relevance(const ex *x, uint32_t d) {
  if (can_hold(x, &x->dim_sguards[d], d))
    return 1;
  return can_hold(x, &x->dim_guards[d], d) ? DIM_OPEN : DIM_NONE;
}

/* ------------------------------------------------------------ outcomes */

/* Records the outcome the search has reached, with its witness. */
static void leaf(ex *x) {
  if (x->outs.len >= x->max_outcomes) {
    x->too_many = true;
    return;
  }
  outcome oc = {0};
  oc.value = malloc((x->ndims + 1) * sizeof *oc.value);
  if (!oc.value) {
    x->undecided = true;
    return;
  }
  memcpy(oc.value, x->value, x->ndims * sizeof *oc.value);
  int r = chk_vals_assume(x->vals, 0, NULL, NULL, &oc.val, &oc.text);
  chk_vals_pop(x->vals);
  if (r != 1) { /* (the search checked it already) */
    x->undecided |= r < 0;
    free(oc.value);
    mdl_valuation_free(oc.val);
    free(oc.text);
    return;
  }
  *(outcome *)mdl_vec_push(&x->outs, sizeof oc) = oc;
}

/* Depth-first over dimension d and the ones after it. */
static void search(ex *x, uint32_t d) {
  if (x->too_many || x->undecided)
    return;
  if (d == x->ndims) {
    leaf(x);
    return;
  }
  int64_t rel = relevance(x, d);
  if (rel != 1) {
    x->value[d] = rel;
    if (rel == DIM_OPEN && !x->was_open[d]) {
      x->was_open[d] = 1;
      x->nopen++;
    }
    search(x, d + 1);
    return;
  }
  for (int64_t v = 0; v < x->dims[d].nvalues; v++) {
    int r = chk_vals_assume(x->vals, 1, &x->dims[d], &v, NULL, NULL);
    if (r < 0)
      x->undecided = true;
    if (r == 1) {
      x->value[d] = v;
      search(x, d + 1);
    }
    chk_vals_pop(x->vals);
    if (x->too_many || x->undecided)
      return;
  }
}

/* Forgets the oracles' answers (they hold under one outcome). */
static void cache_clear(ex *x) {
  for (uint32_t i = 0; i < x->cache_cap; i++)
    if (x->cache[i].used)
      mdl_valuation_free(x->cache[i].val);
  if (x->cache)
    memset(x->cache, 0, x->cache_cap * sizeof *x->cache);
  x->cache_len = 0;
  for (uint32_t i = 0; i < x->co_cap; i++)
    if (x->co[i].used) {
      mdl_valuation_free(x->co[i].val);
      free(x->co[i].text);
    }
  if (x->co)
    memset(x->co, 0, x->co_cap * sizeof *x->co);
  x->co_len = 0;
}

/* Assumes outcome i in the value oracle (the alias queries are asked
** under it); pop with chk_vals_pop. */
static bool assume_outcome(ex *x, uint32_t i) {
  const outcome *oc = &MDL_VEC_AT(x->outs, outcome, i);
  chk_dim *ds = malloc((x->ndims + 1) * sizeof *ds);
  int64_t *vs = malloc((x->ndims + 1) * sizeof *vs);
  uint32_t n = 0;
  for (uint32_t d = 0; ds && vs && d < x->ndims; d++)
    if (oc->value[d] >= 0) {
      ds[n] = x->dims[d];
      vs[n++] = oc->value[d];
    }
  int r = ds && vs ? chk_vals_assume(x->vals, n, ds, vs, NULL, NULL) : -1;
  free(ds);
  free(vs);
  x->cur = i;
  cache_clear(x);
  return r == 1;
}

/* The copy of k for outcome i. */
static mdl_kernel *outcome_kernel(ex *x, uint32_t i, const char **why) {
  const mdl_kernel *k = x->k;
  const outcome *oc = &MDL_VEC_AT(x->outs, outcome, i);
  uint8_t *lt = calloc(k->lits.len + 1, 1);
  if (!lt) {
    *why = "out of memory";
    return NULL;
  }
  for (uint32_t l = 0; l < k->lits.len; l++) {
    uint32_t d = x->lit_dim[l];
    lt[l] = d == UINT32_MAX ? 0
            : oc->value[d] == DIM_OPEN
                ? MDL_LIT_OPEN
                : lit_true_at(&MDL_VEC_AT(k->lits, mdl_lit, l), oc->value[d]);
  }
  mdl_kernel *s = mdl_specialize_lits(k, lt, why);
  free(lt);
  return s;
}

/* ------------------------------------------------------- alias oracle */

static mdl_valuation *valuation_copy(const mdl_valuation *v) {
  if (!v)
    return NULL;
  mdl_valuation *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->natoms = v->natoms;
  c->val = malloc((v->natoms ? v->natoms : 1) * sizeof *c->val);
  c->known = malloc(v->natoms ? v->natoms : 1);
  if (!c->val || !c->known) {
    mdl_valuation_free(c);
    return NULL;
  }
  memcpy(c->val, v->val, v->natoms * sizeof *c->val);
  memcpy(c->known, v->known, v->natoms);
  return c;
}

/* Adds sign * the symbolic part of form f to d; false when it does not
** fit (then the caller asks the oracle about the accesses themselves). */
static bool dist_add(const mdl_kernel *k, chk_dist *d, uint32_t f,
                     int64_t sign) {
  if (!f)
    return true;
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, f);
  if (v->unknown)
    return false;
  d->c += sign * v->c;
  for (uint32_t i = 0; i < v->n; i++) {
    uint32_t j = 0;
    while (j < d->n && d->atom[j] < v->atom[i])
      j++;
    if (j < d->n && d->atom[j] == v->atom[i]) {
      d->coef[j] += sign * v->coef[i];
      if (!d->coef[j]) { /* cancelled */
        memmove(d->atom + j, d->atom + j + 1, (d->n - j - 1) * 4);
        memmove(d->coef + j, d->coef + j + 1, (d->n - j - 1) * 8);
        d->n--;
      }
      continue;
    }
    if (d->n == DIST_TERMS)
      return false;
    memmove(d->atom + j + 1, d->atom + j, (d->n - j) * 4);
    memmove(d->coef + j + 1, d->coef + j, (d->n - j) * 8);
    d->atom[j] = v->atom[i];
    d->coef[j] = sign * v->coef[i];
    d->n++;
  }
  return true;
}

static uint64_t dist_hash(const chk_dist *d) {
  uint64_t h = (uint64_t)d->c * 0x9E3779B97F4A7C15ull ^
               (uint64_t)d->sa * 0xC2B2AE3D27D4EB4Full ^ (uint64_t)d->sb;
  for (uint32_t i = 0; i < d->n; i++)
    h = (h ^ d->atom[i]) * 0x100000001B3ull ^ (uint64_t)d->coef[i];
  return h ^ (h >> 29);
}

static bool dist_eq(const chk_dist *a, const chk_dist *b) {
  return a->n == b->n && a->c == b->c && a->sa == b->sa && a->sb == b->sb &&
         !memcmp(a->atom, b->atom, a->n * sizeof *a->atom) &&
         !memcmp(a->coef, b->coef, a->n * sizeof *a->coef);
}

static alias_ent *alias_slot(ex *x, const chk_dist *d) {
  if (x->cache_len * 2 >= x->cache_cap) {
    uint32_t nc = x->cache_cap ? x->cache_cap * 2 : 256;
    alias_ent *n = calloc(nc, sizeof *n);
    if (!n)
      return NULL;
    for (uint32_t i = 0; i < x->cache_cap; i++)
      if (x->cache[i].used) {
        uint32_t h = (uint32_t)(dist_hash(&x->cache[i].key) & (nc - 1));
        while (n[h].used)
          h = (h + 1) & (nc - 1);
        n[h] = x->cache[i];
      }
    free(x->cache);
    x->cache = n;
    x->cache_cap = nc;
  }
  uint32_t h = (uint32_t)(dist_hash(d) & (x->cache_cap - 1));
  while (x->cache[h].used && !dist_eq(&x->cache[h].key, d))
    h = (h + 1) & (x->cache_cap - 1);
  return &x->cache[h];
}

/* chk_options.alias: do the ranges of a and b meet under the current
** outcome?  Decided on their distance: a constant one at once, a
** symbolic one by the value oracle, once per distance and sizes. */
static int enum_alias(void *ctx, const mdl_access *a, const mdl_access *b,
                      mdl_valuation **val) {
  ex *x = ctx;
  if (val)
    *val = NULL;
  chk_dist d = {0};
  d.c = b->lo - a->lo;
  d.sa = a->hi == INT64_MAX ? -1 : a->hi - a->lo;
  d.sb = b->hi == INT64_MAX ? -1 : b->hi - b->lo;
  if (!dist_add(x->k, &d, b->sym ? b->form : 0, 1) ||
      !dist_add(x->k, &d, a->sym ? a->form : 0, -1)) {
    int r = chk_vals_overlap(x->vals, a, b, val);
    x->undecided |= r < 0;
    return r;
  }
  if (!d.n) /* the same symbolic base: a constant distance */
    return (d.sb < 0 || -d.sb < d.c) && (d.sa < 0 || d.c < d.sa);
  alias_ent *e = alias_slot(x, &d);
  if (!e) {
    int r = chk_vals_overlap(x->vals, a, b, val);
    x->undecided |= r < 0;
    return r;
  }
  /* a witness (a model, which costs far more than the answer) only when
     the caller wants one */
  if (!e->used || (val && e->r == 1 && !e->val)) {
    if (!e->used)
      x->cache_len++;
    e->key = d;
    e->used = true;
    e->r = chk_vals_meet(x->vals, d.n, d.atom, d.coef, d.c, d.sa, d.sb,
                         val ? &e->val : NULL);
    x->undecided |= e->r < 0;
  }
  if (e->r == 1 && val)
    *val = valuation_copy(e->val);
  return e->r;
}

/* Do guards ga and gb hold opposite literals of one branch (an if and its
** else)?  Then no execution runs both, and Z3 need not be asked. */
static bool contradict(const mdl_kernel *k, uint32_t ga, uint32_t gb) {
  if (!ga || !gb)
    return false;
  const mdl_guard *a = &MDL_VEC_AT(k->guards, mdl_guard, ga);
  const mdl_guard *b = &MDL_VEC_AT(k->guards, mdl_guard, gb);
  for (uint32_t i = 0; i < a->n; i++) {
    const mdl_lit *p = &MDL_VEC_AT(k->lits, mdl_lit, a->first + i);
    for (uint32_t j = 0; p->kind == 0 && j < b->n; j++) {
      const mdl_lit *q = &MDL_VEC_AT(k->lits, mdl_lit, b->first + j);
      if (q->kind == 0 && q->atom_form == p->atom_form &&
          q->positive != p->positive)
        return true;
    }
  }
  return false;
}

/* The cache slot of the guard pair (ga, gb), ga <= gb (NULL: no room). */
static co_ent *co_slot(ex *x, uint32_t ga, uint32_t gb) {
  if (2 * (x->co_len + 1) > x->co_cap) {
    uint32_t nc = x->co_cap ? 2 * x->co_cap : 256;
    co_ent *n = calloc(nc, sizeof *n);
    if (!n)
      return NULL;
    for (uint32_t i = 0; i < x->co_cap; i++)
      if (x->co[i].used) {
        uint32_t h = (x->co[i].ga * 0x9E3779B1u ^ x->co[i].gb) & (nc - 1);
        while (n[h].used)
          h = (h + 1) & (nc - 1);
        n[h] = x->co[i];
      }
    free(x->co);
    x->co = n;
    x->co_cap = nc;
  }
  uint32_t h = (ga * 0x9E3779B1u ^ gb) & (x->co_cap - 1);
  while (x->co[h].used && !(x->co[h].ga == ga && x->co[h].gb == gb))
    h = (h + 1) & (x->co_cap - 1);
  return &x->co[h];
}

/* chk_options.coexist: can an op under guard ga run with one under gb
** (and, where their symbolic bases differ, their accesses a and b meet)
** under the current outcome?  Asked of the value oracle once per guard
** pair and outcome (pairs of concrete ranges) or per access pair; a
** witness (a Z3 model, which costs more than the answer) only when val
** is not NULL. */
static int enum_coexist(void *ctx, uint32_t ga, uint32_t gb,
                        const mdl_access *a, const mdl_access *b,
                        mdl_valuation **val, char **text) {
  ex *x = ctx;
  bool want = val != NULL;
  if (want) {
    *val = NULL;
    *text = NULL;
  }
  if (contradict(x->k, ga, gb))
    return 0;
  bool ranges = a->sym != b->sym || (a->sym && a->form != b->form);
  co_ent *e = NULL;
  if (!ranges) {
    if (ga > gb) {
      uint32_t t = ga;
      ga = gb;
      gb = t;
    }
    e = co_slot(x, ga, gb);
    if (e && e->used && (e->r != 1 || !want || e->val)) {
      if (want && e->r == 1) {
        *val = valuation_copy(e->val);
        *text = e->text ? mdl_strprintf("%s", e->text) : NULL;
      }
      return e->r;
    }
  }
  mdl_valuation *v = NULL;
  char *t = NULL;
  int r = chk_vals_coexist(x->vals, ga, gb, a, b, ranges, want ? &v : NULL,
                           want ? &t : NULL);
  x->undecided |= r < 0;
  if (!e) {
    if (want) {
      *val = v;
      *text = t;
    }
    return r;
  }
  if (!e->used)
    x->co_len++;
  e->used = true;
  e->ga = ga;
  e->gb = gb;
  e->r = r;
  e->val = v;
  e->text = t;
  if (want && r == 1) {
    *val = valuation_copy(v);
    *text = t ? mdl_strprintf("%s", t) : NULL;
  }
  return r;
}

static const char *enum_alias_why(void *ctx) {
  const char *w = chk_vals_unknown(((ex *)ctx)->vals);
  return w ? w : "the value oracle gave no answer";
}

/* chk_options.redundant_verify: dis keeps every other outcome clean. */
static bool enum_verify(void *ctx, const uint8_t *dis) {
  ex *x = ctx;
  uint32_t searched = x->cur;
  bool ok = true;
  chk_vals_pop(x->vals); /* leave the searched outcome for the others */
  for (uint32_t i = 0; i < x->outs.len && ok; i++) {
    if (i == searched)
      continue;
    const char *why;
    mdl_kernel *s = outcome_kernel(x, i, &why);
    if (!s)
      return false; /* (out of memory: not verified) */
    ok = assume_outcome(x, i);
    chk_options co = *x->o;
    co.redundant = false;
    co.stats = NULL;
    ok = ok && chk_graph_clean(s, &co, dis);
    chk_vals_pop(x->vals);
    mdl_specialized_free(s);
  }
  assume_outcome(x, searched); /* (the search goes on under its own) */
  return ok;
}

/* ------------------------------------------------------------- merging */

/* Is deadlock diagnostic d a cycle of waits (chk_cycle_finding's text)? */
static bool is_cycle(const mdl_diag *d) {
  return d->rule == MDL_RULE_DEADLOCK && d->message &&
         !strncmp(d->message, "cycle of waits", 14);
}

/* Is d (of an outcome) already in out from first on?  One diagnostic per
** rule, location and, for pair rules, the other location; one cycle of
** waits per kernel (the first outcome's, in enumeration order). */
static bool merged(const mdl_diags *out, uint32_t first, const mdl_diag *d) {
  for (uint32_t i = first; is_cycle(d) && i < out->items.len; i++)
    if (is_cycle(&MDL_VEC_AT(out->items, mdl_diag, i)))
      return true;
  bool pair = d->rule == MDL_RULE_RACE || d->rule == MDL_RULE_PIPE_HAZARD ||
              d->rule == MDL_RULE_XCORE_RACE ||
              d->rule == MDL_RULE_PARALLEL_LOOP ||
              d->rule == MDL_RULE_DOUBLE_SET || d->rule == MDL_RULE_EXPLAIN;
  for (uint32_t i = first; i < out->items.len; i++) {
    const mdl_diag *e = &MDL_VEC_AT(out->items, mdl_diag, i);
    if (e->rule != d->rule || e->line != d->line || e->col != d->col)
      continue;
    if (!pair || (!e->nrelated && !d->nrelated))
      return true;
    if (e->nrelated && d->nrelated &&
        e->related[0].line == d->related[0].line &&
        e->related[0].col == d->related[0].col)
      return true;
  }
  return false;
}


/* Moves the diagnostics of one outcome into out (from first on: this
** kernel's), new ones only, each with the outcome in its witness. */
static void merge(ex *x, const outcome *oc, mdl_diags *tmp, mdl_diags *out,
                  uint32_t first) {
  for (uint32_t i = 0; i < tmp->items.len; i++) {
    mdl_diag *d = &MDL_VEC_AT(tmp->items, mdl_diag, i);
    if (merged(out, first, d))
      continue;
    mdl_diag *n = mdl_vec_push(&out->items, sizeof *n);
    *n = *d;
    memset(d, 0, sizeof *d); /* moved */
    if (n->severity == MDL_SEV_ERROR)
      out->errors++;
    else if (n->severity == MDL_SEV_WARNING)
      out->warnings++;
    else
      out->notes++;
    if (oc && oc->text && !n->whole_witness &&
        n->rule != MDL_RULE_INVALID_SYNC &&
        n->rule != MDL_RULE_REDUNDANT_WAIT &&
        n->rule != MDL_RULE_REDUNDANT_BARRIER) {
      char *w = n->witness
                    ? mdl_strprintf("%s; %s", n->witness, oc->text)
                    : mdl_strprintf("%s", oc->text);
      free(n->witness);
      n->witness = w;
    }
    if (oc && !n->val && x->o->valuations)
      n->val = valuation_copy(oc->val);
  }
  mdl_diags_free(tmp);
  memset(tmp, 0, sizeof *tmp);
}

/* Removes diagnostic i of out (its strings too). */
static void drop_diag(mdl_diags *out, uint32_t i) {
  mdl_diag *d = &MDL_VEC_AT(out->items, mdl_diag, i);
  if (d->severity == MDL_SEV_ERROR)
    out->errors--;
  else if (d->severity == MDL_SEV_WARNING)
    out->warnings--;
  mdl_diags one = {0};
  *(mdl_diag *)mdl_vec_push(&one.items, sizeof *d) = *d;
  mdl_diags_free(&one);
  memmove(d, d + 1, (out->items.len - i - 1) * sizeof *d);
  out->items.len--;
}

/* What a deadlock in some outcome leaves of the kernel's findings, as the
** SMT engine reports them: no races (decision 13 in
** docs/semantics-decisions.md: what runs after a stuck wait is not
** defined).  (One cycle of waits per kernel: merged keeps the first.) */
static void after_deadlock(mdl_diags *out, uint32_t first) {
  bool dead = false;
  for (uint32_t i = first; i < out->items.len; i++)
    dead |= MDL_VEC_AT(out->items, mdl_diag, i).rule == MDL_RULE_DEADLOCK;
  for (uint32_t i = first; dead && i < out->items.len;) {
    const mdl_diag *d = &MDL_VEC_AT(out->items, mdl_diag, i);
    if (d->rule == MDL_RULE_RACE || d->rule == MDL_RULE_PIPE_HAZARD ||
        d->rule == MDL_RULE_XCORE_RACE || d->rule == MDL_RULE_PARALLEL_LOOP)
      drop_diag(out, i);
    else
      i++;
  }
}

/* A partial enumeration (more outcomes than chk_options.enum_max, or
** than ENUM_WORK instances to analyse) stands only on what it found: an
** error in a possible outcome is a real finding.  With none, its
** diagnostics are taken back and the kernel declined (*declined). */
static bool partial_findings(ex *x, mdl_diags *out, uint32_t first,
                             uint32_t nerr, char **declined) {
  if (nerr)
    return true;
  while (out->items.len > first)
    drop_diag(out, out->items.len - 1);
  *declined = mdl_strprintf(
      "it has more than %u possible outcomes of its branches and trip "
      "counts (or more than %u instances to analyse over them), and the "
      "first %u show no error",
      x->too_many ? x->max_outcomes : x->outs.len, ENUM_WORK, x->decided);
  return false;
}

static char *partial_note(const ex *x) {
  return mdl_strprintf(
      "decided on the first %u of %s%u possible outcomes of its branches "
      "and trip counts (smallest trip counts first; past %u outcomes or %u "
      "instances to analyse the rest is not checked): every finding there "
      "is real; the other outcomes were not checked",
      x->decided, x->too_many ? "more than " : "", x->outs.len,
      x->max_outcomes, ENUM_WORK);
}

/* A loop that runs more than K times in some runs and not at all in every
** run within the bound: no outcome checks its body.  NULL, or why. */
static char *unentered(ex *x, uint32_t d) {
  const chk_dim *dm = &x->dims[d];
  int r = chk_vals_unentered(x->vals, dm->form, dm->nvalues - 1);
  if (r > 0)
    return mdl_strprintf("the loop at %u:%u runs more than %u times in "
                         "some runs and never in the runs within that "
                         "bound (its trip count is large or computed past "
                         "64 bits), so its body is checked in none",
                         dm->loc.line, dm->loc.col, x->k->trip_bound);
  if (r < 0)
    return mdl_strprintf("whether the loop at %u:%u runs only past the "
                         "trip counts ksv unrolls was not decided (%s)",
                         dm->loc.line, dm->loc.col, enum_alias_why(x));
  return NULL;
}

/* Runs no outcome stands for: a loop that runs more than K times where
** the other dimensions take values no outcome has (bid + INT64_MIN to
** bid + INT64_MAX: 2^64 - 1 iterations in every run, so no outcome at
** all; such a loop under one side of a branch).  Every outcome stops at
** K, so those runs would not be checked, and a kernel with no outcome
** would be clean.  NULL, or why the kernel is not decided. */
static char *unreached(ex *x) {
  const int64_t **outs = malloc((x->outs.len + 1) * sizeof *outs);
  if (!outs)
    return mdl_strprintf("out of memory");
  for (uint32_t i = 0; i < x->outs.len; i++)
    outs[i] = MDL_VEC_AT(x->outs, outcome, i).value;
  char *why = NULL;
  for (uint32_t d = 0; d < x->ndims && !why; d++) {
    if (x->dims[d].kind != 1)
      continue;
    int r = chk_vals_beyond(x->vals, x->dims, x->ndims, d, outs,
                            x->outs.len, false);
    if (r)
      why = r > 0 ? mdl_strprintf(
                        "the loop at %u:%u runs more than %u times in runs "
                        "where it never runs %u times or fewer (its trip "
                        "count is large or computed past 64 bits), so the "
                        "trip counts ksv unrolls do not reach them",
                        x->dims[d].loc.line, x->dims[d].loc.col,
                        x->k->trip_bound, x->k->trip_bound)
                  : mdl_strprintf("whether the loop at %u:%u runs more "
                                  "times than ksv unrolls was not decided "
                                  "(%s)", x->dims[d].loc.line,
                                  x->dims[d].loc.col, enum_alias_why(x));
    if (!why)
      why = unentered(x, d);
  }
  free(outs);
  return why;
}

/* KSV_ENUM_TRACE: the dimensions and how many outcomes they gave. */
static void trace(const ex *x) {
  fprintf(stderr, "enum: %u dimensions (%u open in some outcome), %u "
          "outcomes%s\n", x->ndims, x->nopen, x->outs.len,
          x->too_many ? " (too many)" : "");
  for (uint32_t d = 0; d < x->ndims; d++)
    fprintf(stderr, "  %s at %u:%u (form %u), %lld values\n",
            x->dims[d].kind ? "trip count" : "branch", x->dims[d].loc.line,
            x->dims[d].loc.col, x->dims[d].form,
            (long long)x->dims[d].nvalues);
}

/* -------------------------------------------------------------- engine */

static void ex_free(ex *x) {
  for (uint32_t i = 0; i < x->outs.len; i++) {
    outcome *oc = &MDL_VEC_AT(x->outs, outcome, i);
    free(oc->value);
    mdl_valuation_free(oc->val);
    free(oc->text);
  }
  mdl_vec_free(&x->outs);
  for (uint32_t d = 0; x->dim_guards && d < x->ndims; d++)
    mdl_vec_free(&x->dim_guards[d]);
  for (uint32_t d = 0; x->dim_sguards && d < x->ndims; d++)
    mdl_vec_free(&x->dim_sguards[d]);
  free(x->dim_guards);
  free(x->dim_sguards);
  free(x->was_open);
  free(x->dims);
  free(x->lit_dim);
  free(x->value);
  cache_clear(x);
  free(x->cache);
  free(x->co);
  free(x->onote);
  free(x->rnote);
  chk_vals_free(x->vals);
}

/* The outcome the redundant-sync search runs on: the largest with every
** trip count at most 2 (a first and a following iteration of each loop),
** else the largest. */
static uint32_t search_outcome(const ex *x) {
  uint32_t best = 0, best_small = UINT32_MAX;
  for (uint32_t i = 0; i < x->outs.len; i++) {
    const outcome *oc = &MDL_VEC_AT(x->outs, outcome, i);
    bool small = true;
    for (uint32_t d = 0; d < x->ndims; d++)
      if (x->dims[d].kind == 1 && oc->value[d] > 2)
        small = false;
    if (oc->ninst > MDL_VEC_AT(x->outs, outcome, best).ninst)
      best = i;
    if (small && (best_small == UINT32_MAX ||
                  oc->ninst > MDL_VEC_AT(x->outs, outcome, best_small).ninst))
      best_small = i;
  }
  return best_small != UINT32_MAX ? best_small : best;
}

/* Decides every outcome; returns false (and the verdict) when one is
** unknown. */
static bool decide_outcomes(ex *x, mdl_diags *out, uint32_t first,
                            uint32_t *nerr, char **note, mdl_verdict *v) {
  uint64_t work = 0;
  for (uint32_t i = 0; i < x->outs.len; i++) {
    if (work > ENUM_WORK) { /* the rest is not decided */
      x->partial = true;
      break;
    }
    if (x->o->deadline > 0 && chk_wall() > x->o->deadline) {
      *note = mdl_strprintf("out of time after %u of %u outcomes", i,
                            x->outs.len);
      *v = MDL_VERDICT_UNKNOWN;
      return false;
    }
    outcome *oc = &MDL_VEC_AT(x->outs, outcome, i);
    const char *why;
    mdl_kernel *s = outcome_kernel(x, i, &why);
    if (!s || !assume_outcome(x, i)) {
      if (s)
        chk_vals_pop(x->vals);
      mdl_specialized_free(s);
      *note = mdl_strprintf("the outcome %s could not be built: %s",
                            oc->text ? oc->text : "?",
                            s ? "the value oracle gave no answer" : why);
      *v = MDL_VERDICT_UNKNOWN;
      return false;
    }
    oc->ninst = s->insts.len;
    work += s->insts.len;
    x->decided = i + 1;
    chk_options co = *x->o;
    co.redundant = false;
    co.stats = NULL;
    uint32_t kept = out->items.len - first; /* (--max-memory-mb) */
    co.max_findings = co.max_findings > kept ? co.max_findings - kept : 0;
    mdl_diags tmp = {0};
    char *n1 = NULL;
    mdl_verdict r = chk_graph(s, &co, &tmp, &n1);
    chk_vals_pop(x->vals);
    mdl_specialized_free(s);
    *nerr += tmp.errors;
    merge(x, oc, &tmp, out, first);
    if (r == MDL_VERDICT_UNKNOWN) {
      *note = mdl_strprintf("%s (with %s)", n1 ? n1 : "not decided",
                            oc->text ? oc->text : "an outcome");
      free(n1);
      *v = MDL_VERDICT_UNKNOWN;
      return false;
    }
    if (n1 && !x->rnote && strstr(n1, CHK_RACES_CUT))
      x->rnote = mdl_strprintf("%s", n1);
    if (n1 && !x->onote)
      x->onote = n1;
    else
      free(n1);
  }
  return true;
}

/* ------------------------------------------------- every trip count */

static const mdl_loop_proof *proof_at(const mdl_vec *proofs, uint32_t line,
                                      uint32_t col);

/* The loop statements whose trip count is dimension d (one per core). */
static uint32_t dim_loops(const ex *x, uint32_t d, uint32_t *loops,
                          uint32_t max) {
  const mdl_kernel *k = x->k;
  uint32_t n = 0;
  for (uint32_t l = 0; l < k->lits.len; l++) {
    const mdl_lit *lt = &MDL_VEC_AT(k->lits, mdl_lit, l);
    if (x->lit_dim[l] != d)
      continue;
    for (uint32_t q = 0; q < k->nstmts && n < max; q++) {
      const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, q);
      if (st->kind != MDL_S_FOR || st->loc.line != lt->loc.line ||
          st->loc.col != lt->loc.col || st->loc.file != lt->loc.file)
        continue;
      bool dup = false;
      for (uint32_t j = 0; j < n && !dup; j++)
        dup = loops[j] == q;
      if (!dup)
        loops[n++] = q;
    }
  }
  return n;
}

/* The trip-count form of dimension d (its literals'), or 0. */
static uint32_t dim_trip(const ex *x, uint32_t d) {
  for (uint32_t l = 0; l < x->k->lits.len; l++)
    if (x->lit_dim[l] == d)
      return MDL_VEC_AT(x->k->lits, mdl_lit, l).atom_form;
  return 0;
}

/* Do outcomes i and j agree on every dimension but d? */
static bool same_but(const ex *x, uint32_t i, uint32_t j, uint32_t d) {
  const outcome *a = &MDL_VEC_AT(x->outs, outcome, i);
  const outcome *b = &MDL_VEC_AT(x->outs, outcome, j);
  for (uint32_t e = 0; e < x->ndims; e++)
    if (e != d && a->value[e] != b->value[e])
      return false;
  return true;
}

/* The certificate of one group of outcomes (those that agree with
** outcome g on every other dimension) on its longest: the trip counts
** the group takes are tmin..K when it reaches K (a branch on the bound
** may cut off the small ones: thr).  Groups that end before K hold
** only short runs, all of them enumerated: they need nothing. */
static bool certify_group(ex *x, uint32_t d, uint32_t g, bool thr,
                          const uint32_t *loops, uint32_t nl, uint32_t settle,
                          uint32_t pmul, chk_loop_cert *cert) {
  uint32_t K = x->k->trip_bound, best = UINT32_MAX;
  uint64_t seen = 0; /* trip counts taken (K <= 64) */
  int64_t tmin = INT64_MAX;
  for (uint32_t i = 0; i < x->outs.len; i++) {
    const outcome *oc = &MDL_VEC_AT(x->outs, outcome, i);
    if (!same_but(x, i, g, d) || oc->value[d] < 0)
      continue;
    int64_t t = oc->value[d];
    if (t < 64)
      seen |= 1ull << t;
    if (t < tmin)
      tmin = t;
    if (best == UINT32_MAX ||
        t > MDL_VEC_AT(x->outs, outcome, best).value[d])
      best = i;
  }
  memset(cert, 0, sizeof *cert);
  cert->ok = true;
  if (best == UINT32_MAX ||
      MDL_VEC_AT(x->outs, outcome, best).value[d] < (int64_t)K)
    return true; /* (need 0: nothing) */
  for (int64_t t = tmin; t <= (int64_t)K && t < 64; t++)
    if (!((seen >> t) & 1)) {
      cert->ok = false;
      snprintf(cert->why, sizeof cert->why, "a branch on the loop's bound "
               "makes trip count %lld impossible in some runs but not in "
               "others", (long long)t);
      return false;
    }
  const char *why;
  mdl_kernel *s = outcome_kernel(x, best, &why);
  if (!s) {
    cert->ok = false;
    snprintf(cert->why, sizeof cert->why, "%s", why);
    return false;
  }
  bool ok = assume_outcome(x, best) &&
            chk_loop_certify(s, loops, nl, settle, pmul, x->o, cert);
  chk_vals_pop(x->vals);
  mdl_specialized_free(s);
  (void)thr;
  if (ok && cert->n0 < tmin) { /* the window past the group's first */
    cert->n0 = (uint32_t)tmin;
    cert->need = cert->n0 + cert->P;
  }
  return ok;
}

static uint32_t chk_gcd(uint32_t a, uint32_t b) {
  while (b) {
    uint32_t t = a % b;
    a = b;
    b = t;
  }
  return a ? a : 1;
}

/* The certificate of the trip-count dimension d (chk_loop.c): every
** group of outcomes that agree on the other dimensions, each on its
** longest; the result is the largest need (or the first failure, or the
** earliest counterexample). */
static bool certify(ex *x, uint32_t d, const uint32_t *loops, uint32_t nl,
                    chk_loop_cert *cert) {
  memset(cert, 0, sizeof *cert);
  if (!nl) {
    snprintf(cert->why, sizeof cert->why, "no outcome runs the loop");
    return false;
  }
  bool thr = false;
  if (!chk_loop_free_trip(x->k, dim_trip(x, d), &thr, cert->why,
                          sizeof cert->why))
    return false;
  uint32_t settle = 0, pmul = 1;
  for (uint32_t i = 0; i < nl; i++) {
    uint32_t si, pi;
    const mdl_stmt *st = MDL_VEC_AT(x->k->stmts, mdl_stmt *, loops[i]);
    if (!chk_loop_iv_check(x->k, st, &si, &pi, cert->why, sizeof cert->why))
      return false;
    settle = si > settle ? si : settle;
    pmul = pmul * pi / chk_gcd(pmul, pi);
    if (pmul > 4096) {
      snprintf(cert->why, sizeof cert->why, "the loops' remainders of the "
               "iteration need a period longer than ksv checks");
      return false;
    }
  }
  bool ok = true;
  cert->ok = true;
  uint32_t aP = 1, an0 = 0, alag = 0;
  bool reached = false;
  for (uint32_t g = 0; g < x->outs.len; g++) {
    bool first = true;
    for (uint32_t h = 0; h < g && first; h++)
      first = !same_but(x, h, g, d);
    if (!first)
      continue;
    chk_loop_cert c;
    if (!certify_group(x, d, g, thr, loops, nl, settle, pmul, &c)) {
      if (c.drift_at && (!cert->drift_at || c.drift_at < cert->drift_at))
        *cert = c;
      else if (!cert->drift_at && c.want_iters > cert->want_iters)
        *cert = c;
      else if (ok && !cert->drift_at)
        *cert = c;
      ok = false;
      continue;
    }
    if (c.P) {
      reached = true;
      aP = aP / chk_gcd(aP, c.P) * c.P;
      if (aP > 4096)
        aP = 0;
      an0 = c.n0 > an0 ? c.n0 : an0;
      alag = c.lag > alag ? c.lag : alag;
    }
    if (ok && c.need > cert->need)
      *cert = c;
  }
  cert->ok = ok;
  if (ok && reached && aP) {
    cert->all_P = aP;
    cert->all_n0 = an0;
    cert->all_lag = alag;
  }
  return ok;
}

/* A proof for every trip count may ask for a longer unrolling (chk_loop.c;
** the driver runs the kernel once more, within a time limit).  That run
** analyses about (K'/K)^2 times the instances of this one (K'/K times the
** outcomes, each K'/K times longer) and asks the solver about (K'/K)^3
** times its questions (which byte ranges meet: pairs of accesses, per
** outcome): past ENUM_WORK instances or PROOF_QUERIES questions it is not
** asked for, and the verdict stays bounded with the --trip-bound that
** would prove it in its note (docs/loops.md). */
#define PROOF_QUERIES 4000.0

static bool rerun_affordable(const ex *x, uint32_t want) {
  double work = 0, K = x->k->trip_bound ? x->k->trip_bound : 1;
  for (uint32_t i = 0; i < x->outs.len; i++)
    work += MDL_VEC_AT(x->outs, outcome, i).ninst;
  double r = want / K, q = x->vals ? chk_vals_queries(x->vals) : 0;
  bool ok = work * r * r <= (double)ENUM_WORK && q * r * r * r <= PROOF_QUERIES;
  if (getenv("KSV_LOOP_TRACE"))
    fprintf(stderr, "loop: rerun at %u: %s (%.0f instances, %.0f queries)\n",
            want, ok ? "asked" : "too large", work, q);
  return ok;
}

/* Do the outcomes that run the loops of dimension d K times stand for
** every longer run?  The certificate extends each group of outcomes that
** reaches K; a group that ends before K is taken to hold only short runs.
** A run past K under other outcomes of the other dimensions than those
** (a trip count never K or less there) would be claimed unchecked. */
static bool covered(ex *x, uint32_t d, char *why, size_t n) {
  const int64_t **outs = malloc((x->outs.len + 1) * sizeof *outs);
  if (!outs)
    return false;
  for (uint32_t i = 0; i < x->outs.len; i++)
    outs[i] = MDL_VEC_AT(x->outs, outcome, i).value;
  int r = chk_vals_beyond(x->vals, x->dims, x->ndims, d, outs, x->outs.len,
                          true);
  free(outs);
  if (r)
    snprintf(why, n, r > 0 ? "it runs more than %u times where no outcome "
                             "checked runs it %u times"
                           : "whether it runs more than %u times where no "
                             "outcome checked runs it %u times was not "
                             "decided", x->k->trip_bound, x->k->trip_bound);
  return r == 0;
}

/* Adds what the verdict covers of the loops of trip-count dimension d to
** o->proofs, and the trip bound that would prove them to o->want_bound. */
static void prove_dim(ex *x, const chk_options *o, uint32_t d) {
  uint32_t loops[8];
  uint32_t nl = dim_loops(x, d, loops, 8);
  chk_loop_cert cert;
  bool ok = certify(x, d, loops, nl, &cert);
  uint32_t K = x->k->trip_bound;
  bool all = ok && cert.need <= K + 1;
  if (all && !covered(x, d, cert.why, sizeof cert.why))
    all = ok = false;
  uint32_t want = ok ? cert.need - 1
                  : cert.drift_at ? cert.drift_at : cert.want_iters;
  if (!all && o->want_bound && want > K && want > *o->want_bound &&
      rerun_affordable(x, want))
    *o->want_bound = want;
  char *why = NULL;
  if (all)
    ;
  else if (ok)
    why = mdl_strprintf("the proof for every trip count needs trip counts "
                        "0..%u checked (--trip-bound %u)", want, want);
  else if (cert.drift_at)
    why = mdl_strprintf("%s, from trip count %u on", cert.why,
                        cert.drift_at);
  else
    why = mdl_strprintf("%s", cert.why[0] ? cert.why
                                          : "its steady state was not shown");
  for (uint32_t i = 0; i < nl; i++) { /* each core's loop */
    const mdl_stmt *st = MDL_VEC_AT(x->k->stmts, mdl_stmt *, loops[i]);
    mdl_loop_proof *p = mdl_vec_push(o->proofs, sizeof *p);
    p->line = st->loc.line;
    p->col = st->loc.col;
    p->all = all;
    p->bound = K;
    if (all) {
      p->n0 = cert.all_n0;
      p->period = cert.all_P;
      p->reach = cert.all_lag;
    }
    p->why = why ? mdl_strprintf("%s", why) : NULL;
  }
  free(why);
}

/* The redundant-sync search on one outcome, verified on the others. */
static void redundant(ex *x, mdl_diags *out, uint32_t first) {
  uint32_t i = search_outcome(x);
  const char *why;
  mdl_kernel *s = outcome_kernel(x, i, &why);
  if (!s)
    return;
  if (assume_outcome(x, i)) {
    chk_options co = *x->o;
    co.redundant = true;
    co.redundant_verify = enum_verify;
    co.group_kernel = x->k;
    mdl_diags tmp = {0}, keep = {0};
    char *n1 = NULL;
    chk_graph(s, &co, &tmp, &n1);
    if (n1 && !x->onote)
      x->onote = n1;
    else
      free(n1);
    /* only the search's warnings: the rest is known */
    for (uint32_t j = 0; j < tmp.items.len; j++) {
      mdl_diag *d = &MDL_VEC_AT(tmp.items, mdl_diag, j);
      if (d->rule != MDL_RULE_REDUNDANT_WAIT &&
          d->rule != MDL_RULE_REDUNDANT_BARRIER)
        continue;
      *(mdl_diag *)mdl_vec_push(&keep.items, sizeof *d) = *d;
      memset(d, 0, sizeof *d);
    }
    mdl_diags_free(&tmp);
    merge(x, NULL, &keep, out, first);
  }
  chk_vals_pop(x->vals);
  mdl_specialized_free(s);
}

bool chk_enum(const mdl_kernel *k, const chk_options *o, mdl_diags *out,
              char **note, mdl_verdict *verdict, char **declined) {
  *note = NULL;
  *declined = NULL;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP && in->kind != MDL_I_BARRIER &&
        in->kind != MDL_I_SYNC_ALL && in->id == -1) {
      /* a run-time id: the SMT engine matches it by guarded counts */
      *declined = mdl_strprintf("the %s at %u:%u uses an event id or flag "
                                "computed at run time",
                                mdl_inst_kind_name(in->kind), in->loc.line,
                                in->loc.col);
      return false;
    }
  }
  ex x;
  memset(&x, 0, sizeof x);
  x.k = k;
  x.o = o;
  x.max_outcomes = o->enum_max;
  const char *eo = getenv("KSV_ENUM_OPEN");
  x.open_ok = !eo || strcmp(eo, "0") != 0;
  x.vals = chk_vals_new(k, o);
  if (!x.vals || !collect_dims(&x)) {
    ex_free(&x);
    *declined = mdl_strprintf("out of memory");
    return false;
  }
  search(&x, 0);
  if (getenv("KSV_ENUM_TRACE"))
    trace(&x);
  if (x.undecided && !x.outs.len) {
    *declined = mdl_strprintf("which outcomes are possible was not "
                              "decided (%s)", enum_alias_why(&x));
    ex_free(&x);
    return false;
  }
  char *beyond = x.too_many ? NULL : unreached(&x);
  if (beyond) {
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", beyond);
    *note = beyond;
    *verdict = MDL_VERDICT_UNKNOWN;
    ex_free(&x);
    return true;
  }
  x.partial = x.too_many;
  uint32_t first = out->items.len, nerr = 0;
  mdl_verdict v = MDL_VERDICT_CLEAN;
  chk_options co = *o;
  co.alias = enum_alias;
  co.coexist = enum_coexist;
  co.alias_why = enum_alias_why;
  co.alias_ctx = &x;
  x.o = &co;
  bool decided = !x.undecided && decide_outcomes(&x, out, first, &nerr,
                                                 note, &v);
  if (decided && x.partial && !partial_findings(&x, out, first, nerr,
                                                declined)) {
    ex_free(&x);
    return false; /* nothing found in the outcomes it could afford */
  }
  if (decided && x.outs.len > 1) /* (one outcome: chk_graph's own) */
    after_deadlock(out, first);
  for (uint32_t d = 0; decided && !x.partial && o->proofs && d < x.ndims;
       d++)
    if (x.dims[d].kind == 1)
      prove_dim(&x, o, d);
  if (decided)
    chk_proofs_bounded(k, o->proofs, x.partial
                       ? "only some of its outcomes were checked"
                       : "nothing that sync depends on runs in it, so its "
                         "outcomes were not enumerated one by one");
  if (decided && !nerr && o->redundant && x.outs.len && !x.partial)
    redundant(&x, out, first);
  if (decided && x.undecided) {
    decided = false;
    *note = mdl_strprintf("not decided: %s", enum_alias_why(&x));
  }
  if (!decided) {
    if (v != MDL_VERDICT_UNKNOWN || !*note)
      *note = *note ? *note : mdl_strprintf("an outcome was not decided");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
    *verdict = MDL_VERDICT_UNKNOWN;
  } else {
    bool any = out->items.len > first;
    /* a concrete kernel's note is its one outcome's; a symbolic one's
       what the outcomes cover, after what an incomplete program leaves
       unchecked (a lone half; a loop cut after K iterations is never
       symbolic: that kernel stays unknown) */
    *note = x.partial ? partial_note(&x)
            : k->lits.len ? chk_scope_note(k, any, o->proofs) : x.onote;
    if (*note == x.onote)
      x.onote = NULL;
    else
      chk_note_incomplete(k, 0, UINT32_MAX, note);
    *verdict = any ? MDL_VERDICT_FINDINGS : MDL_VERDICT_CLEAN;
    if (x.rnote && (!*note || !strstr(*note, CHK_RACES_CUT))) {
      char *n2 = mdl_strprintf("%s%s%s", *note ? *note : "",
                               *note ? "; " : "", x.rnote);
      free(*note);
      *note = n2;
      if (!any) { /* nothing found: not decided */
        mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                        "not decided: %s", x.rnote);
        *verdict = MDL_VERDICT_UNKNOWN;
      }
    }
  }
  if (o->stats)
    o->stats->outcomes = x.outs.len;
  ex_free(&x);
  return true;
}

/* What a symbolic kernel's verdict covers: each loop's trip counts and
** each branch's outcomes (both engines). */
void chk_proofs_bounded(const mdl_kernel *k, mdl_vec *proofs,
                        const char *why) {
  for (uint32_t i = 0; proofs && i < k->lits.len; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    if (l->kind != 1 || proof_at(proofs, l->loc.line, l->loc.col))
      continue;
    mdl_loop_proof *p = mdl_vec_push(proofs, sizeof *p);
    p->line = l->loc.line;
    p->col = l->loc.col;
    p->bound = k->trip_bound;
    p->why = mdl_strprintf("%s", why);
  }
}

/* The proof of the loop at line:col in proofs, or NULL. */
static const mdl_loop_proof *proof_at(const mdl_vec *proofs, uint32_t line,
                                      uint32_t col) {
  for (uint32_t i = 0; proofs && i < proofs->len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(*proofs, mdl_loop_proof, i);
    if (p->line == line && p->col == col)
      return p;
  }
  return NULL;
}

char *chk_scope_note(const mdl_kernel *k, bool findings,
                     const mdl_vec *proofs) {
  char buf[600];
  size_t w = 0;
  uint32_t shown = 0, more = 0;
  buf[0] = 0;
  for (uint32_t i = 0; i < k->lits.len; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++) {
      const mdl_lit *o = &MDL_VEC_AT(k->lits, mdl_lit, j);
      dup = o->kind == l->kind && o->loc.line == l->loc.line &&
            o->loc.col == l->loc.col;
    }
    if (dup)
      continue;
    if (shown == 4) {
      more++;
      continue;
    }
    const mdl_loop_proof *p =
        l->kind == 1 ? proof_at(proofs, l->loc.line, l->loc.col) : NULL;
    int r = p && p->all
                ? snprintf(buf + w, sizeof buf - w,
                           "%severy trip count of the loop at %u:%u",
                           shown ? ", " : "", l->loc.line, l->loc.col)
            : l->kind == 1
                ? snprintf(buf + w, sizeof buf - w,
                           "%strip counts 0..%u of the loop at %u:%u",
                           shown ? ", " : "", k->trip_bound, l->loc.line,
                           l->loc.col)
                : snprintf(buf + w, sizeof buf - w,
                           "%sboth outcomes of the branch at %u:%u",
                           shown ? ", " : "", l->loc.line, l->loc.col);
    if (r > 0 && (size_t)r < sizeof buf - w)
      w += (size_t)r;
    shown++;
  }
  char tail[40] = "";
  if (more)
    snprintf(tail, sizeof tail, ", and %u more", more);
  /* why a loop is not proven for every trip count: the first reason */
  const mdl_loop_proof *b = NULL;
  for (uint32_t i = 0; proofs && !b && i < proofs->len; i++)
    if (!MDL_VEC_AT(*proofs, mdl_loop_proof, i).all)
      b = &MDL_VEC_AT(*proofs, mdl_loop_proof, i);
  if (b)
    return mdl_strprintf("%s for %s%s; not past trip count %u of the loop "
                         "at %u:%u: %s", findings ? "decided" : "proven",
                         buf, tail, b->bound, b->line, b->col,
                         b->why ? b->why : "not shown");
  return mdl_strprintf("%s for %s%s", findings ? "decided" : "proven", buf,
                       tail);
}
