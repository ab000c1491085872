/*
** mdl_spec.c -- a concrete copy of a symbolic kernel under the values a
** witness chose (mdl_specialize), so that the simulator can replay an SMT
** witness: instances whose guards hold, event ids and offsets evaluated;
** and the copy of one outcome of its literals (mdl_specialize_lits), which
** the graph engine decides when it enumerates branch outcomes and trip
** counts (checker/chk_enum.c).
*/
#include "mdl.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mdl_valuation_free(mdl_valuation *v) {
  if (!v)
    return;
  free(v->val);
  free(v->known);
  free(v);
}

static bool form_eval(const mdl_kernel *k, const mdl_valuation *v,
                      uint32_t f, int64_t *out, int depth);

/* Value of an atom: given by v, or an opaque op over values v gives. */
static bool atom_value(const mdl_kernel *k, const mdl_valuation *v,
                       uint32_t id, int64_t *out, int depth) {
  if (id < v->natoms && v->known[id]) {
    *out = v->val[id];
    return true;
  }
  const mdl_atom *a = &MDL_VEC_AT(k->atoms, mdl_atom, id);
  if (a->kind != MDL_ATOM_OPAQUE || depth > 64)
    return false;
  int64_t l = 0, r = 0, t = 0;
  if ((a->lhs && !form_eval(k, v, a->lhs, &l, depth + 1)) ||
      (a->rhs && !form_eval(k, v, a->rhs, &r, depth + 1)) ||
      (a->third && !form_eval(k, v, a->third, &t, depth + 1)))
    return false;
  switch ((mdl_xop)a->op) {
  case MDL_X_CMP:
    *out = mdl_cmp_fold((mdl_cmp)t, l, r);
    return true;
  case MDL_X_SELECT:
    *out = l ? r : t;
    return true;
  default:
    return mdl_xop_fold((mdl_xop)a->op, l, r, out);
  }
}

/* Value of interned form f under v; false when it needs an unknown. */
bool mdl_form_value(const mdl_kernel *k, const mdl_valuation *v, uint32_t f,
                    int64_t *out) {
  return form_eval(k, v, f, out, 0);
}

static bool form_eval(const mdl_kernel *k, const mdl_valuation *v,
                      uint32_t f, int64_t *out, int depth) {
  if (!f || f >= k->forms.len)
    return false;
  const mdl_val *x = &MDL_VEC_AT(k->forms, mdl_val, f);
  if (x->unknown)
    return false;
  /* wrapping arithmetic: the solver's integers are unbounded, but a
     witness value past int64 is not one a kernel runs with */
  uint64_t s = (uint64_t)x->c;
  for (uint32_t i = 0; i < x->n; i++) {
    int64_t av;
    if (!atom_value(k, v, x->atom[i], &av, depth))
      return false;
    s += (uint64_t)x->coef[i] * (uint64_t)av;
  }
  *out = (int64_t)s;
  return true;
}

static int lit_holds(const mdl_kernel *k, const mdl_valuation *v,
                     const mdl_lit *l) {
  int64_t f;
  if (!mdl_form_value(k, v, l->atom_form, &f))
    return -1;
  bool p = l->kind == 1 ? f > l->k : f != 0;
  return (l->kind == 1 || l->positive) ? p : !p;
}

/* 1: the guard holds, 0: it does not, -1: unknown. */
int mdl_guard_holds(const mdl_kernel *k, const mdl_valuation *v, uint32_t g) {
  if (!g)
    return 1;
  const mdl_guard *gd = &MDL_VEC_AT(k->guards, mdl_guard, g);
  int r = 1;
  for (uint32_t i = 0; i < gd->n && r; i++) {
    int h = lit_holds(k, v, &MDL_VEC_AT(k->lits, mdl_lit, gd->first + i));
    if (h < 0)
      r = -1;
    else if (!h)
      r = 0;
  }
  return r;
}

int64_t mdl_valuation_trip_max(const mdl_kernel *k, const mdl_valuation *v) {
  int64_t m = 0;
  for (uint32_t i = 0; i < k->lits.len; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    int64_t f;
    if (l->kind == 1 && mdl_form_value(k, v, l->atom_form, &f) && f > m)
      m = f;
  }
  return m;
}

static bool is_sync(const mdl_inst *in) {
  return in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
         in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT;
}

/* What a copy keeps: under a valuation v (mdl_specialize), or under the
** truth of every literal (mdl_specialize_lits, which keeps symbolic
** offsets and run-time ids as they are). */
typedef struct {
  const mdl_valuation *v;
  const uint8_t *lit_true;
} spec_by;

/* 1: the guard holds, 0: it does not, -1: unknown. */
/* 1: the guard holds, 0: it does not, -1: unknown; 2: it holds if its
** open literals do (mdl_specialize_lits). */
static int guard_by(const mdl_kernel *k, const spec_by *by, uint32_t g) {
  if (by->v || !by->lit_true)
    return by->v ? mdl_guard_holds(k, by->v, g) : g ? -1 : 1;
  const mdl_guard *gd = &MDL_VEC_AT(k->guards, mdl_guard, g);
  int r = 1;
  for (uint32_t i = 0; g && i < gd->n; i++) {
    uint8_t t = by->lit_true[gd->first + i];
    if (!t)
      return 0;
    if (t == MDL_LIT_OPEN)
      r = 2;
  }
  return r;
}

/* The copy of instance in (guard dropped; under a valuation its id and
** symbolic offsets evaluated), its accesses appended to s; false with
** *why set when the valuation leaves its id open. */
static bool spec_inst(const mdl_kernel *k, const spec_by *by,
                      const mdl_inst *in, mdl_kernel *s, const char **why) {
  mdl_inst n = *in;
  n.guard = 0;
  if (by->v || !by->lit_true) {
    if (is_sync(in) && in->id == -1) {
      int64_t id;
      if (!by->v || !mdl_form_value(k, by->v, in->id_form, &id)) {
        *why = "the witness leaves a run-time event id open";
        return false;
      }
      /* out of range ids stay out of range (invalid, not simulated) */
      n.id = id < -1 || id > 1000 ? 1000 : (int32_t)id;
      n.id_form = 0;
    }
  }
  n.acc_first = s->accesses.len;
  for (uint32_t a = 0; a < in->nacc; a++) {
    mdl_access x = *mdl_access_at(k, in->acc_first + a);
    int64_t off;
    if (x.sym && by->v && mdl_form_value(k, by->v, x.form, &off)) {
      x.sym = false;
      x.form = 0;
      x.lo += off;
      if (x.hi != INT64_MAX)
        x.hi += off;
    }
    *(mdl_access *)mdl_vec_push(&s->accesses, sizeof x) = x;
  }
  *(mdl_inst *)mdl_vec_push(&s->insts, sizeof n) = n;
  return true;
}

/* The copy's last instance depends on the open literals of guard g. */
static bool keep_open(mdl_kernel *s, uint32_t g, const char **why) {
  uint32_t i = s->insts.len - 1;
  if (s->resid_cap <= i) {
    uint32_t nc = s->insts.cap > i ? s->insts.cap : i + 1;
    uint32_t *n = realloc(s->resid, nc * sizeof *s->resid);
    if (!n) {
      *why = "out of memory";
      return false;
    }
    memset(n + s->resid_cap, 0, (nc - s->resid_cap) * sizeof *n);
    s->resid = n;
    s->resid_cap = nc;
  }
  assert(MDL_VEC_AT(s->insts, mdl_inst, i).kind == MDL_I_OP);
  s->resid[i] = g;
  return true;
}

static mdl_kernel *specialize(const mdl_kernel *k, const spec_by *by,
                              const char **why) {
  *why = NULL;
  if (!k->unrolled || k->limit_hit || k->input_error) {
    *why = "the kernel was not unrolled";
    return NULL;
  }
  mdl_kernel *s = calloc(1, sizeof *s);
  uint32_t *map = malloc((k->insts.len ? k->insts.len : 1) * sizeof *map);
  if (!s || !map) {
    free(s);
    free(map);
    *why = "out of memory";
    return NULL;
  }
  *s = *k;
  memset(&s->insts, 0, sizeof s->insts);
  memset(&s->accesses, 0, sizeof s->accesses);
  memset(&s->lits, 0, sizeof s->lits);
  memset(&s->guards, 0, sizeof s->guards);
  s->limit_hit = s->input_error = s->bound_note = NULL;
  s->resid = NULL;
  s->resid_cap = 0;
  s->resid_of = k;
  s->concrete = true;
  for (uint32_t c = 0; c < k->ncores; c++) {
    s->core_first[c] = s->insts.len;
    for (uint32_t i = k->core_first[c];
         i < k->core_first[c] + k->core_count[c] && !*why; i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      map[i] = UINT32_MAX;
      int h = guard_by(k, by, in->guard);
      if (h < 0) {
        *why = "the witness leaves a branch or trip count open";
        break;
      }
      if (!h)
        continue;
      map[i] = s->insts.len;
      if (!spec_inst(k, by, in, s, why))
        break;
      if (h == 2 && !keep_open(s, in->guard, why))
        break;
    }
    s->core_count[c] = s->insts.len - s->core_first[c];
  }
  /* "after" links point into the copy (a dropped target: no link) */
  for (uint32_t i = 0; i < s->insts.len && !*why; i++) {
    mdl_inst *n = &MDL_VEC_AT(s->insts, mdl_inst, i);
    if (n->after != UINT32_MAX && n->after < k->insts.len)
      n->after = map[n->after];
  }
  free(map);
  if (*why) {
    mdl_specialized_free(s);
    return NULL;
  }
  return s;
}

mdl_kernel *mdl_specialize(const mdl_kernel *k, const mdl_valuation *v,
                           const char **why) {
  spec_by by = {v, NULL};
  return specialize(k, &by, why);
}

mdl_kernel *mdl_specialize_lits(const mdl_kernel *k, const uint8_t *lit_true,
                                const char **why) {
  assert(lit_true || !k->lits.len);
  static const uint8_t none = 0;
  spec_by by = {NULL, lit_true ? lit_true : &none};
  return specialize(k, &by, why);
}

/* The first instance of core c's program in iteration K or later of a
** loop whose enclosing loops are all in their last iteration (the end of
** its prefix), or the core's end.  Cutting in an earlier iteration of an
** enclosing loop would leave every later one out.  last[l]: the highest
** iteration of loop statement l in the kernel. */
static uint32_t prefix_end(const mdl_kernel *k, uint32_t c, uint32_t K,
                           const uint32_t *last) {
  uint32_t end = k->core_first[c] + k->core_count[c];
  for (uint32_t i = k->core_first[c]; i < end; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    for (uint8_t d = 0; d < in->depth && d < MDL_MAX_DEPTH; d++) {
      if (in->iter[d] >= K)
        return i;
      if (in->iter[d] != last[in->loops[d]])
        break; /* an earlier iteration of this loop: go on */
    }
  }
  return end;
}

mdl_kernel *mdl_prefix(const mdl_kernel *k, uint32_t K) {
  if (!k->unrolled || k->cut_cores || k->limit_hit || k->input_error)
    return NULL;
  uint32_t *last = calloc(k->nstmts + 1, sizeof *last);
  if (!last)
    return NULL;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    for (uint8_t d = 0; d < in->depth && d < MDL_MAX_DEPTH; d++)
      if (in->loops[d] < k->nstmts && in->iter[d] > last[in->loops[d]])
        last[in->loops[d]] = in->iter[d];
  }
  uint32_t ends[3] = {0, 0, 0}, total = 0;
  uint8_t cut = 0;
  for (uint32_t c = 0; c < k->ncores; c++) {
    ends[c] = prefix_end(k, c, K, last);
    if (ends[c] < k->core_first[c] + k->core_count[c])
      cut |= (uint8_t)(1u << c);
    total += ends[c] - k->core_first[c];
  }
  free(last);
  if (!cut)
    return NULL;
  mdl_kernel *s = calloc(1, sizeof *s);
  uint32_t *map = malloc((k->insts.len ? k->insts.len : 1) * sizeof *map);
  if (!s || !map) {
    free(s);
    free(map);
    return NULL;
  }
  *s = *k;
  memset(&s->insts, 0, sizeof s->insts);
  memset(&s->accesses, 0, sizeof s->accesses);
  s->resid = NULL;
  s->resid_cap = 0;
  if (k->resid && total) {
    s->resid = calloc(total, sizeof *s->resid);
    s->resid_cap = s->resid ? total : 0;
  }
  for (uint32_t i = 0; i < k->insts.len; i++)
    map[i] = UINT32_MAX;
  for (uint32_t c = 0; c < k->ncores; c++) {
    s->core_first[c] = s->insts.len;
    for (uint32_t i = k->core_first[c]; i < ends[c]; i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      map[i] = s->insts.len;
      if (s->resid_cap > s->insts.len)
        s->resid[s->insts.len] = mdl_inst_resid(k, i);
      mdl_inst n = *in;
      n.acc_first = s->accesses.len;
      for (uint32_t a = 0; a < in->nacc; a++)
        *(mdl_access *)mdl_vec_push(&s->accesses, sizeof(mdl_access)) =
            *mdl_access_at(k, in->acc_first + a);
      *(mdl_inst *)mdl_vec_push(&s->insts, sizeof n) = n;
    }
    s->core_count[c] = s->insts.len - s->core_first[c];
  }
  for (uint32_t i = 0; i < s->insts.len; i++) {
    mdl_inst *n = &MDL_VEC_AT(s->insts, mdl_inst, i);
    if (n->after != UINT32_MAX && n->after < k->insts.len)
      n->after = map[n->after];
  }
  free(map);
  /* every core counts as cut: a core whose whole program is in the prefix
     may still wait for what another core does after its cut */
  s->cut_cores = (uint8_t)((1u << k->ncores) - 1);
  s->cut_iters = K;
  s->prefix_cut = cut;
  s->cut_note = "a prefix";
  s->cut_forever = false;
  s->cut_more = 0;
  return s;
}

void mdl_specialized_free(mdl_kernel *s) {
  if (!s)
    return;
  mdl_vec_free(&s->insts);
  mdl_vec_free(&s->accesses);
  free(s->resid);
  free(s);
}

bool mdl_valuation_set(const mdl_kernel *k, mdl_valuation **val,
                       const char *name, int64_t v) {
  uint32_t na = k->atoms.len;
  if (!*val) {
    mdl_valuation *n = calloc(1, sizeof *n);
    if (!n)
      return false;
    n->natoms = na;
    n->val = calloc(na ? na : 1, sizeof *n->val);
    n->known = calloc(na ? na : 1, 1);
    if (!n->val || !n->known) {
      mdl_valuation_free(n);
      return false;
    }
    *val = n;
  }
  bool found = false;
  for (uint32_t i = 1; i < na && i < (*val)->natoms; i++) {
    const mdl_atom *a = &MDL_VEC_AT(k->atoms, mdl_atom, i);
    char byidx[32];
    snprintf(byidx, sizeof byidx, "%%arg%lld", (long long)a->a);
    bool hit = (a->kind == MDL_ATOM_ARG &&
                (!strcmp(a->text, name) || !strcmp(byidx, name))) ||
               (a->kind == MDL_ATOM_BLOCK_IDX && !strcmp(name, "block_idx")) ||
               (a->kind == MDL_ATOM_BLOCK_NUM && !strcmp(name, "block_num"));
    if (hit) {
      (*val)->val[i] = v;
      (*val)->known[i] = 1;
      found = true;
    }
  }
  return found;
}
