/*
** chk_smt.c -- the SMT engine: decides the rules with Z3 over every
** branch outcome and trip count the unrolled kernel represents.
** This file builds the node times and values, runs the queries and holds
** the API; chk_smt_flag.c has the flag and counter queries, chk_smt_race.c
** the cycles, the certain-order graph and the races.
**
** Each node of the happens-before graph (chk_int.h: issue, start, end,
** chain frontier of every instance) is an integer time; each instance
** exists under its guard, a conjunction of branch outcomes and "trip
** count > k" literals over the kernel's symbolic values (arguments, block
** index, opaque expressions).  Edges are difference constraints that hold
** when their instance exists.  The k-th wait on a flag is released by the
** set whose guarded count of earlier sets equals its own guarded count of
** earlier waits (SEMANTICS.md 3), cross-core counters per section 4.
**
** One query per candidate (a conflicting statement pair, a wait, a set):
** satisfiable is a finding and the model its witness (branch outcomes,
** trip counts, argument values, start times); unsatisfiable is proven for
** the trip counts the unrolling covers; a timeout is an `unknown`.
*/
#include "chk.h"
#include "chk_int.h"
#include "chk_smt_x.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

/* Z3 reports errors through this handler instead of ending the process;
** the engine checks the flag after each call that can fail. */
/* per thread: -j runs kernels in parallel */
static _Thread_local int z3_failed;
static _Thread_local int z3_memout; /* the error was Z3's memory limit */
_Thread_local int chk_z3_dead;      /* chk_z3.h: no more Z3 calls */
_Thread_local unsigned chk_z3_tick; /* chk_z3.h: calls since a look */
static _Thread_local uint64_t z3_soft; /* the kernel's budget, bytes */

/* Is Z3's allocation past the kernel's --max-memory-mb?  (The count is
** the process's: with -j the kernels beside it count too.)  From then on
** chk_z3_dead holds and the kernel is unknown (chk_z3.h). */
bool chk_z3_over(void) {
  if (!z3_soft || Z3_get_estimated_alloc_size() <= z3_soft)
    return false;
  chk_z3_dead = z3_failed = z3_memout = 1;
  if (getenv("KSV_SMT_TRACE"))
    fprintf(stderr, "smt: past the budget: Z3 holds %.1f MB\n",
            (double)Z3_get_estimated_alloc_size() / 1048576.0);
  return true;
}

static void on_z3_error(Z3_context c, Z3_error_code e) {
  (void)c;
  z3_failed = 1;
  z3_memout |= e == Z3_MEMOUT_FAIL;
  if (e == Z3_MEMOUT_FAIL)
    chk_z3_dead = 2;
}

Z3_ast chk_smt_T(sx *x, uint32_t node) {
  if (node >= x->tcap) { /* increment and meet nodes come after 4n */
    uint32_t nc = x->tcap ? x->tcap : 64;
    while (nc <= node)
      nc *= 2;
    Z3_ast *nt = realloc(x->t, nc * sizeof *nt);
    if (!nt) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    memset(nt + x->tcap, 0, (nc - x->tcap) * sizeof *nt);
    x->t = nt;
    x->tcap = nc;
  }
  if (!x->t[node] && chk_z3_live())
    x->t[node] = Z3_mk_const(x->c, Z3_mk_int_symbol(x->c, (int)node),
                             x->isort);
  return x->t[node];
}

Z3_ast chk_smt_mk_int(sx *x, int64_t v) {
  return chk_z3_live() ? Z3_mk_int64(x->c, v, x->isort) : NULL;
}

Z3_ast chk_smt_mk_and2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_and(x->c, 2, v);
}

Z3_ast chk_smt_mk_or2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_or(x->c, 2, v);
}

/* Simplified conjunction of a guard and a count equality; NULL when it
** can never hold (keeps queries on concrete kernels small). */
Z3_ast chk_smt_when(sx *x, Z3_ast ex, Z3_ast cnt, Z3_ast val) {
  Z3_ast v[2] = {ex, Z3_mk_eq(x->c, cnt, val)};
  Z3_ast r = Z3_simplify(x->c, Z3_mk_and(x->c, 2, v));
  return Z3_get_bool_value(x->c, r) == Z3_L_FALSE ? NULL : r;
}

Z3_ast chk_smt_mk_add2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_add(x->c, 2, v);
}

Z3_ast chk_smt_mk_sub2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_sub(x->c, 2, v);
}

static Z3_ast mk_mul2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_mul(x->c, 2, v);
}

/* ---------------------------------------------------------------- values */

static Z3_ast fresh_int(sx *x, const char *name) {
  return Z3_mk_fresh_const(x->c, name, x->isort);
}

static bool is_bool_form(const sx *x, uint32_t form);

/* Division by a symbolic divisor d (grid-stride trip counts such as
** ceildiv(ntiles - block_idx, block_num)), kept linear: for d > 0 the
** quotient q is pinned exactly while it lies in -1..K+1 (K the trip
** bound), with d*j for constant j only; beyond that only its side is
** known, which decides every "trip count > k" literal for k <= K.  With
** d <= 0 (never a real loop step) q is unconstrained. */
static Z3_ast sym_div(sx *x, mdl_xop op, Z3_ast l, Z3_ast d) {
  Z3_ast q = fresh_int(x, "quot");
  int64_t K = (int64_t)x->k->trip_bound + 1;
  bool ceil = op == MDL_X_CEILDIV || op == MDL_X_DIVS;
  Z3_ast pos = Z3_mk_gt(x->c, d, chk_smt_mk_int(x, 0));
  for (int64_t j = -1; j <= K; j++) {
    /* ceil: d*(j-1) < l <= d*j ; floor: d*j <= l < d*(j+1) */
    Z3_ast lo = mk_mul2(x, chk_smt_mk_int(x, ceil ? j - 1 : j), d);
    Z3_ast hi = mk_mul2(x, chk_smt_mk_int(x, ceil ? j : j + 1), d);
    Z3_ast in =
        ceil ? chk_smt_mk_and2(x, Z3_mk_lt(x->c, lo, l), Z3_mk_le(x->c, l, hi))
             : chk_smt_mk_and2(x, Z3_mk_le(x->c, lo, l), Z3_mk_lt(x->c, l, hi));
    chk_smt_add(
        x, Z3_mk_implies(
               x->c, pos,
               Z3_mk_iff(x->c, Z3_mk_eq(x->c, q, chk_smt_mk_int(x, j)), in)));
  }
  Z3_ast big = mk_mul2(x, chk_smt_mk_int(x, ceil ? K : K + 1), d);
  chk_smt_add(x, Z3_mk_implies(x->c, pos,
                       Z3_mk_iff(x->c, Z3_mk_gt(x->c, q, chk_smt_mk_int(x, K)),
                                 ceil ? Z3_mk_gt(x->c, l, big)
                                      : Z3_mk_ge(x->c, l, big))));
  Z3_ast neg = mk_mul2(x, chk_smt_mk_int(x, ceil ? -2 : -1), d);
  chk_smt_add(x, Z3_mk_implies(x->c, pos,
                       Z3_mk_iff(x->c, Z3_mk_lt(x->c, q, chk_smt_mk_int(x, -1)),
                                 ceil ? Z3_mk_le(x->c, l, neg)
                                      : Z3_mk_lt(x->c, l, neg))));
  return q;
}

/* 2^bits as an integer term (bits <= 64: past int64 for 63 and 64). */
static Z3_ast mk_pow2(sx *x, int bits) {
  char buf[32];
  snprintf(buf, sizeof buf, "%llu", bits >= 64 ? 0ull : 1ull << bits);
  if (bits >= 64)
    snprintf(buf, sizeof buf, "18446744073709551616");
  return Z3_mk_numeral(x->c, buf, x->isort);
}

/* Is form f's term a polynomial in Z3 (a product of two unknowns,
** MDL_X_MUL without a constant side, within it)?  Through every atom
** whose term holds its operands' terms; not through a wrap of one (a
** fresh value: wrap_expr) or a remainder by an unknown (a fresh value).
** Past depth levels: taken to be one. */
static bool nonlinear(const sx *x, uint32_t f, int depth) {
  const mdl_val *v = &MDL_VEC_AT(x->k->forms, mdl_val, f);
  for (uint32_t i = 0; i < v->n; i++) {
    const mdl_atom *a = &MDL_VEC_AT(x->k->atoms, mdl_atom, v->atom[i]);
    if (a->kind != MDL_ATOM_OPAQUE)
      continue;
    if (depth <= 0)
      return true;
    const mdl_val *l = a->lhs ? &MDL_VEC_AT(x->k->forms, mdl_val, a->lhs)
                              : NULL;
    const mdl_val *r = a->rhs ? &MDL_VEC_AT(x->k->forms, mdl_val, a->rhs)
                              : NULL;
    bool lc = !l || mdl_val_is_const(l), rc = !r || mdl_val_is_const(r);
    if (a->op == MDL_X_MUL && !lc && !rc)
      return true;
    if (a->op == MDL_X_REMS && !rc)
      continue;
    bool in = (!lc && nonlinear(x, a->lhs, depth - 1)) ||
              (!rc && nonlinear(x, a->rhs, depth - 1));
    if (in && a->op != MDL_X_WRAP)
      return true;
  }
  return false;
}

/* l modulo 2^bits as the hardware holds it (MDL_X_WRAP): the
** zero-extended l mod 2^bits, or the signed l - 2^bits *
** floor((l + 2^(bits-1)) / 2^bits); exact.  For a polynomial l that
** division makes Z3's arithmetic incomplete (a product of two i32
** kernel arguments, as compiled kernels compute their logical block
** count): then a fresh value of the width, equal to l where l fits it
** (anything of the width where it wraps: more runs than the hardware's,
** never fewer). */
static Z3_ast wrap_expr(sx *x, Z3_ast l, int64_t w, bool poly) {
  int bits = (int)(w % MDL_WRAP_UNSIGNED);
  bool uns = w >= MDL_WRAP_UNSIGNED;
  Z3_ast m = mk_pow2(x, bits);
  if (poly) {
    Z3_ast r = fresh_int(x, "wrapped");
    Z3_ast lo = uns ? chk_smt_mk_int(x, 0)
                    : Z3_mk_unary_minus(x->c, mk_pow2(x, bits - 1));
    Z3_ast hi = uns ? m : mk_pow2(x, bits - 1);
    chk_smt_add(x, Z3_mk_ge(x->c, r, lo));
    chk_smt_add(x, Z3_mk_lt(x->c, r, hi));
    Z3_ast fits = chk_smt_mk_and2(x, Z3_mk_ge(x->c, l, lo),
                                  Z3_mk_lt(x->c, l, hi));
    chk_smt_add(x, Z3_mk_implies(x->c, fits, Z3_mk_eq(x->c, r, l)));
    return r;
  }
  if (uns)
    return Z3_mk_mod(x->c, l, m);
  Z3_ast h = mk_pow2(x, bits - 1);
  Z3_ast q = Z3_mk_div(x->c, chk_smt_mk_add2(x, l, h), m);
  return chk_smt_mk_sub2(x, l, mk_mul2(x, m, q));
}

/* An atom as an integer term.  Operations Z3 cannot express exactly in
** linear integer arithmetic become fresh unknowns (any value): sound for
** finding executions, at worst a finding on a path the kernel never
** takes. */
static Z3_ast atom_expr(sx *x, uint32_t id) {
  if (x->acache[id])
    return x->acache[id];
  const mdl_atom *a = &MDL_VEC_AT(x->k->atoms, mdl_atom, id);
  Z3_ast r = NULL;
  char name[64];
  switch (a->kind) {
  case MDL_ATOM_ARG:
    snprintf(name, sizeof name, "arg%lld", (long long)a->a);
    r = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, name), x->isort);
    if (a->op % MDL_WRAP_UNSIGNED) { /* its declared width (mdl_val_range) */
      int w = (int)(a->op % MDL_WRAP_UNSIGNED);
      bool uns = a->op >= MDL_WRAP_UNSIGNED;
      if (w > 64)
        w = 64;
      /* [0, 2^w - 1] or [-2^(w-1), 2^(w-1) - 1], in int64_t (an unsigned
         63: the non-negative int64_t of a GET_TILING_DATA field) */
      uint64_t h = (uint64_t)1 << (w - 1);
      int64_t lo = uns ? 0 : -(int64_t)(h - 1) - 1;
      int64_t hi = uns && w < 64 ? (int64_t)(2 * h - 1)
                                 : (int64_t)(h - 1);
      chk_smt_add(x, Z3_mk_ge(x->c, r, chk_smt_mk_int(x, lo)));
      chk_smt_add(x, Z3_mk_le(x->c, r, chk_smt_mk_int(x, hi)));
    }
    break;
  case MDL_ATOM_BLOCK_IDX:
  case MDL_ATOM_BLOCK_NUM:
    r = Z3_mk_const(x->c,
                    Z3_mk_string_symbol(x->c, a->kind == MDL_ATOM_BLOCK_IDX
                                                  ? "block_idx"
                                                  : "block_num"),
                    x->isort);
    break;
  case MDL_ATOM_FRESH:
    r = fresh_int(x, a->text[0] ? a->text : "v");
    break;
  case MDL_ATOM_OPAQUE: {
    Z3_ast l = a->lhs ? chk_smt_form_expr(x, a->lhs) : chk_smt_mk_int(x, 0);
    Z3_ast rr = a->rhs ? chk_smt_form_expr(x, a->rhs) : chk_smt_mk_int(x, 0);
    const mdl_val *rv = a->rhs ? &MDL_VEC_AT(x->k->forms, mdl_val, a->rhs)
                               : NULL;
    bool rconst = rv && mdl_val_is_const(rv);
    int64_t d = rconst ? rv->c : 0;
    Z3_ast zero = chk_smt_mk_int(x, 0), one = chk_smt_mk_int(x, 1);
    switch ((mdl_xop)a->op) {
    case MDL_X_ADD: r = chk_smt_mk_add2(x, l, rr); break;
    case MDL_X_SUB: r = chk_smt_mk_sub2(x, l, rr); break;
    case MDL_X_MUL: r = mk_mul2(x, l, rr); break;
    case MDL_X_FLOORDIV:
    case MDL_X_DIVS:
    case MDL_X_CEILDIV:
    case MDL_X_REMS:
      if (rconst && d > 0) {
        Z3_ast dd = chk_smt_mk_int(x, d);
        Z3_ast fl = Z3_mk_div(x->c, l, dd); /* floor for d > 0 */
        Z3_ast ce = Z3_mk_unary_minus(
            x->c, Z3_mk_div(x->c, Z3_mk_unary_minus(x->c, l), dd));
        Z3_ast neg = Z3_mk_lt(x->c, l, zero);
        Z3_ast tr = Z3_mk_ite(x->c, neg, ce, fl); /* truncation */
        if (a->op == MDL_X_FLOORDIV)
          r = fl;
        else if (a->op == MDL_X_CEILDIV)
          r = ce;
        else if (a->op == MDL_X_DIVS)
          r = tr;
        else
          r = chk_smt_mk_sub2(x, l, mk_mul2(x, dd, tr));
      } else if (!rconst && a->op != MDL_X_REMS) {
        r = sym_div(x, (mdl_xop)a->op, l, rr);
      }
      break;
    case MDL_X_REMU:
    case MDL_X_DIVU:
      /* unsigned by a positive constant: the signed result for l >= 0
         (loop counters), anything for "negative" (huge) l */
      if (rconst && d > 0) {
        Z3_ast dd = chk_smt_mk_int(x, d);
        Z3_ast v = a->op == MDL_X_DIVU ? Z3_mk_div(x->c, l, dd)
                                       : Z3_mk_mod(x->c, l, dd);
        /* 2^64 is 0 modulo a power of two: the remainder of a negative
           value read as unsigned is then the mathematical modulus */
        bool pow2 = (d & (d - 1)) == 0;
        r = pow2 && a->op == MDL_X_REMU
                ? v
                : Z3_mk_ite(x->c, Z3_mk_ge(x->c, l, zero), v,
                            fresh_int(x, "unsigned"));
      }
      break;
    case MDL_X_WRAP:
      if (rconst)
        r = wrap_expr(x, l, d, a->lhs && nonlinear(x, a->lhs, 8));
      break;
    case MDL_X_MINS:
      r = Z3_mk_ite(x->c, Z3_mk_le(x->c, l, rr), l, rr);
      break;
    case MDL_X_MAXS:
      r = Z3_mk_ite(x->c, Z3_mk_ge(x->c, l, rr), l, rr);
      break;
    case MDL_X_CMP: {
      const mdl_val *cv = &MDL_VEC_AT(x->k->forms, mdl_val, a->third);
      Z3_ast p;
      if (cv->c >= MDL_CMP_ULT) { /* unsigned: a negative value is past
                                     2^63 (l mod 2^64, exact) */
        l = Z3_mk_mod(x->c, l, mk_pow2(x, 64));
        rr = Z3_mk_mod(x->c, rr, mk_pow2(x, 64));
      }
      switch ((mdl_cmp)cv->c) {
      case MDL_CMP_EQ: p = Z3_mk_eq(x->c, l, rr); break;
      case MDL_CMP_NE: p = Z3_mk_not(x->c, Z3_mk_eq(x->c, l, rr)); break;
      case MDL_CMP_SLT: case MDL_CMP_ULT: p = Z3_mk_lt(x->c, l, rr); break;
      case MDL_CMP_SLE: case MDL_CMP_ULE: p = Z3_mk_le(x->c, l, rr); break;
      case MDL_CMP_SGT: case MDL_CMP_UGT: p = Z3_mk_gt(x->c, l, rr); break;
      default: p = Z3_mk_ge(x->c, l, rr); break;
      }
      r = Z3_mk_ite(x->c, p, one, zero);
      break;
    }
    case MDL_X_SELECT: {
      Z3_ast third = chk_smt_form_expr(x, a->third);
      r = Z3_mk_ite(x->c, Z3_mk_not(x->c, Z3_mk_eq(x->c, l, zero)), rr,
                    third);
      break;
    }
    case MDL_X_AND:
    case MDL_X_OR:
    case MDL_X_XOR:
      if (is_bool_form(x, a->lhs) && is_bool_form(x, a->rhs)) {
        Z3_ast bl = Z3_mk_not(x->c, Z3_mk_eq(x->c, l, zero));
        Z3_ast br = Z3_mk_not(x->c, Z3_mk_eq(x->c, rr, zero));
        Z3_ast p = a->op == MDL_X_AND ? chk_smt_mk_and2(x, bl, br)
                   : a->op == MDL_X_OR ? chk_smt_mk_or2(x, bl, br)
                                       : Z3_mk_xor(x->c, bl, br);
        r = Z3_mk_ite(x->c, p, one, zero);
      }
      break;
    default:
      break;
    }
    if (!r) { /* any value in the range the model gives it (as the graph
                 engine reads it: the result of `n & 1`, `n >> 2` on a
                 non-negative n is non-negative) */
      r = fresh_int(x, "opaque");
      mdl_val one_atom;
      int64_t lo, hi;
      memset(&one_atom, 0, sizeof one_atom);
      one_atom.n = 1;
      one_atom.atom[0] = id;
      one_atom.coef[0] = 1;
      if (mdl_val_range(x->k, &one_atom, &lo, &hi) &&
          (lo > INT64_MIN || hi < INT64_MAX)) {
        chk_smt_add(x, Z3_mk_ge(x->c, r, chk_smt_mk_int(x, lo)));
        chk_smt_add(x, Z3_mk_le(x->c, r, chk_smt_mk_int(x, hi)));
      }
    }
    break;
  }
  }
  x->acache[id] = r;
  return r;
}

/* Is the form a 0/1 value (a comparison or a boolean of comparisons)? */
static bool is_bool_form(const sx *x, uint32_t form) {
  if (!form)
    return false;
  const mdl_val *v = &MDL_VEC_AT(x->k->forms, mdl_val, form);
  if (mdl_val_is_const(v))
    return v->c == 0 || v->c == 1;
  if (v->n != 1 || v->c != 0 || v->coef[0] != 1)
    return false;
  const mdl_atom *a = &MDL_VEC_AT(x->k->atoms, mdl_atom, v->atom[0]);
  if (a->kind != MDL_ATOM_OPAQUE)
    return false;
  if (a->op == MDL_X_CMP)
    return true;
  if (a->op == MDL_X_AND || a->op == MDL_X_OR || a->op == MDL_X_XOR)
    return is_bool_form(x, a->lhs) && is_bool_form(x, a->rhs);
  return false;
}

static Z3_ast val_expr(sx *x, const mdl_val *v) {
  if (v->unknown)
    return fresh_int(x, "unknown");
  Z3_ast sum = chk_smt_mk_int(x, v->c);
  for (uint32_t i = 0; i < v->n; i++)
    sum = chk_smt_mk_add2(x, sum, mk_mul2(x, chk_smt_mk_int(x, v->coef[i]),
                                  atom_expr(x, v->atom[i])));
  return sum;
}

Z3_ast chk_smt_form_expr(sx *x, uint32_t form) {
  return val_expr(x, &MDL_VEC_AT(x->k->forms, mdl_val, form));
}

static Z3_ast lit_expr(sx *x, const mdl_lit *l) {
  Z3_ast f = chk_smt_form_expr(x, l->atom_form);
  Z3_ast p = l->kind == 1
                 ? Z3_mk_gt(x->c, f, chk_smt_mk_int(x, l->k))
                 : Z3_mk_not(x->c, Z3_mk_eq(x->c, f, chk_smt_mk_int(x, 0)));
  return l->kind == 1 || l->positive ? p : Z3_mk_not(x->c, p);
}

static Z3_ast guard_expr(sx *x, uint32_t g) {
  if (!g)
    return Z3_mk_true(x->c);
  if (x->gcache[g])
    return x->gcache[g];
  const mdl_guard *gd = &MDL_VEC_AT(x->k->guards, mdl_guard, g);
  Z3_ast *v = malloc((gd->n ? gd->n : 1) * sizeof *v);
  for (uint32_t i = 0; i < gd->n; i++)
    v[i] = lit_expr(x, &MDL_VEC_AT(x->k->lits, mdl_lit, gd->first + i));
  Z3_ast r = gd->n ? Z3_mk_and(x->c, gd->n, v) : Z3_mk_true(x->c);
  free(v);
  x->gcache[g] = r;
  return r;
}

/* ------------------------------------------------------------- queries */

void chk_smt_add(sx *x, Z3_ast a) { Z3_solver_assert(x->c, x->s, a); }

/* Checks q on top of the base constraints.  Returns 1 sat (model kept
** in *m, caller decrefs), 0 unsat, -1 unknown/timeout. */
static uint32_t errors_of(const sx *x);
static void hard_limit(const chk_options *o, char hard[24]);

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A query's timeout: --timeout-ms, at most what is left of the solver
** budget (--max-solver-seconds) and of the run's deadline, so that the
** last query cannot run past them by a whole timeout. */
static int cap_timeout(sx *x) {
  uint32_t ms = x->o->timeout_ms ? x->o->timeout_ms : 1000;
  double now = now_s(), left = -1;
  int by = 0; /* 1: the solver budget, 2: the run's deadline */
  if (x->deadline > 0) {
    left = x->deadline - now;
    by = 1;
  }
  if (x->run_deadline > 0 &&
      (left < 0 || x->run_deadline - chk_wall() < left)) {
    left = x->run_deadline - chk_wall();
    by = 2;
  }
  if (left >= 0 && left * 1000 < ms)
    ms = left * 1000 < 1 ? 1 : (uint32_t)(left * 1000);
  else
    by = 0;
  if (ms == x->cur_timeout)
    return by;
  x->cur_timeout = ms;
  Z3_params p = Z3_mk_params(x->c);
  Z3_params_inc_ref(x->c, p);
  Z3_params_set_uint(x->c, p, Z3_mk_string_symbol(x->c, "timeout"), ms);
  Z3_solver_set_params(x->c, x->s, p);
  Z3_params_dec_ref(x->c, p);
  return by;
}

int chk_smt_check(sx *x, Z3_ast q, Z3_model *m, const char *what) {
  if (x->probe && (errors_of(x) || x->unknowns > x->probe_u0))
    return 0; /* decided: the candidate is not removable */
  x->last_core_n = 0;
  x->queries++;
  if (chk_z3_dead || chk_z3_over()) { /* past the budget: undecidable */
    x->unknowns++;
    if (!x->unknown_what)
      x->unknown_what = mdl_strprintf(
          "could not ask %s: %s --max-memory-mb %u", what,
          chk_z3_dead == 2 ? "Z3 ran out of memory: more than"
                           : "Z3 needs more memory than",
          x->o ? x->o->max_memory_mb : 0);
    return -1;
  }
  if (x->deadline > 0 && now_s() > x->deadline) {
    /* --max-solver-seconds: every query past the budget is undecided */
    x->unknowns++;
    if (!x->unknown_what)
      x->unknown_what = mdl_strprintf(
          "could not ask %s: the solver budget of %u s per kernel ran out "
          "(--max-solver-seconds)",
          what, x->o->budget_s);
    return -1;
  }
  if (x->run_deadline > 0 && chk_wall() > x->run_deadline) {
    x->unknowns++;
    if (!x->unknown_what)
      x->unknown_what = mdl_strprintf("could not ask %s: out of time", what);
    return -1;
  }
  int capped = cap_timeout(x);
  Z3_solver_push(x->c, x->s);
  chk_smt_add(x, q);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  /* with cores wanted the kept syncs are assumptions (the core names
     them), otherwise run() has asserted them: much faster */
  Z3_lbool r = x->want_core
                   ? Z3_solver_check_assumptions(x->c, x->s, x->assume.len,
                                                 (Z3_ast *)x->assume.data)
                   : Z3_solver_check(x->c, x->s);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("KSV_SMT_TRACE"))
    fprintf(stderr, "smt: %-40s %s %.1f ms\n", what,
            r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown",
            (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
  int out = r == Z3_L_TRUE ? 1 : r == Z3_L_FALSE ? 0 : -1;
  if (z3_failed)
    out = -1;
  if (out == 1 && m) {
    *m = Z3_solver_get_model(x->c, x->s);
    Z3_model_inc_ref(x->c, *m);
  }
  if (out == 0 && x->want_core) {
    /* the kept syncs this proof needs (for --explain) */
    Z3_ast_vector core = Z3_solver_get_unsat_core(x->c, x->s);
    unsigned nc = Z3_ast_vector_size(x->c, core);
    for (unsigned i = 0; i < nc && x->last_core_n < 64; i++)
      x->last_core[x->last_core_n++] = Z3_ast_vector_get(x->c, core, i);
  }
  const char *why = out == -1 && capped && !z3_failed
                        ? Z3_solver_get_reason_unknown(x->c, x->s)
                        : "";
  if (strstr(why, "cancel") || strstr(why, "timeout")) {
    x->unknowns++; /* the budget ended the query, not --timeout-ms */
    if (!x->unknown_what)
      x->unknown_what =
          capped == 1 ? mdl_strprintf("could not finish %s: the solver "
                                      "budget of %u s per kernel ran out "
                                      "(--max-solver-seconds)", what,
                                      x->o->budget_s)
                      : mdl_strprintf("could not finish %s: out of time",
                                      what);
  } else if (out == -1) {
    x->unknowns++;
    if (!x->unknown_what)
      x->unknown_what = mdl_strprintf(
          "asked %s (%s)", what,
          z3_memout ? "Z3 ran out of memory: more than --max-memory-mb"
          : z3_failed ? "Z3 error"
          : strstr(Z3_solver_get_reason_unknown(x->c, x->s), "memout")
              ? "Z3 reached --max-memory-mb"
              : Z3_solver_get_reason_unknown(x->c, x->s));
  }
  Z3_solver_pop(x->c, x->s, 1);
  return out;
}

bool chk_smt_model_true(sx *x, Z3_model m, Z3_ast a) {
  Z3_ast v = NULL;
  if (!Z3_model_eval(x->c, m, a, true, &v) || !v)
    return false;
  return Z3_get_bool_value(x->c, v) == Z3_L_TRUE;
}

bool chk_smt_model_int(sx *x, Z3_model m, Z3_ast a, int64_t *out) {
  Z3_ast v = NULL;
  if (!Z3_model_eval(x->c, m, a, true, &v) || !v)
    return false;
  return Z3_get_numeral_int64(x->c, v, out);
}

/* Witness text: branch outcomes, trip counts and argument values the
** model chose, then start times of the named instances. */
char *chk_smt_witness(sx *x, Z3_model m, const uint32_t *insts, int ni) {
  char buf[1024];
  size_t w = 0;
  buf[0] = 0;
#define APP(...)                                                           \
  do {                                                                     \
    int r_ = snprintf(buf + w, sizeof buf - w, __VA_ARGS__);               \
    if (r_ > 0 && (size_t)r_ < sizeof buf - w)                             \
      w += (size_t)r_;                                                     \
  } while (0)
  const mdl_kernel *k = x->k;
  /* literals: each distinct (loc, kind) once */
  uint32_t shown = 0;
  for (uint32_t i = 0; i < k->lits.len && shown < 8; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++) {
      const mdl_lit *o = &MDL_VEC_AT(k->lits, mdl_lit, j);
      dup = o->loc.line == l->loc.line && o->loc.col == l->loc.col &&
            o->kind == l->kind && o->atom_form == l->atom_form;
    }
    if (dup)
      continue;
    int64_t v;
    if (!chk_smt_model_int(x, m, chk_smt_form_expr(x, l->atom_form), &v))
      continue;
    if (l->kind == 1)
      APP("%strip count %lld for the loop at %u:%u", shown ? ", " : "",
          (long long)(v < 0 ? 0 : v), l->loc.line, l->loc.col);
    else
      APP("%sbranch at %u:%u %s", shown ? ", " : "", l->loc.line, l->loc.col,
          v ? "taken" : "not taken");
    shown++;
  }
  for (uint32_t i = 0; i < k->atoms.len && w < sizeof buf - 64; i++) {
    const mdl_atom *a = &MDL_VEC_AT(k->atoms, mdl_atom, i);
    if (!x->acache[i] ||
        (a->kind != MDL_ATOM_ARG && a->kind != MDL_ATOM_BLOCK_IDX &&
         a->kind != MDL_ATOM_BLOCK_NUM))
      continue;
    int64_t v;
    if (chk_smt_model_int(x, m, x->acache[i], &v)) {
      APP("%s%s = %lld", shown ? ", " : "",
          a->kind == MDL_ATOM_ARG ? a->text : a->kind == MDL_ATOM_BLOCK_IDX
                                                  ? "block_idx"
                                                  : "block_num",
          (long long)v);
      shown++;
    }
  }
  if (ni) {
    APP("%sschedule:", shown ? "; " : "");
    for (int i = 0; i < ni; i++) {
      int64_t s0, e0;
      if (insts[i] == NONE ||
          !chk_smt_model_int(x, m, chk_smt_T(x, NS(insts[i])), &s0) ||
          !chk_smt_model_int(x, m, chk_smt_T(x, NE(insts[i])), &e0))
        continue;
      const mdl_inst *in = mdl_inst_at(k, insts[i]);
      APP(" %s at %u:%u runs [%lld, %lld]", chk_op_name(k, in), in->loc.line,
          in->loc.col, (long long)s0, (long long)e0);
    }
  }
#undef APP
  return w ? mdl_strprintf("%s", buf) : NULL;
}

/* The witness of fd: its text, and with o->valuations the values of the
** atoms the queries used (mdl_valuation), for replay on a concrete copy. */
void chk_smt_set_witness(sx *x, Z3_model m, chk_finding *fd,
                        const uint32_t *insts, int ni) {
  fd->witness = chk_smt_witness(x, m, insts, ni);
  for (int i = 0; i < ni; i++) { /* the schedule, for the witness steps */
    chk_sched t = {insts[i], 0, 0};
    if (insts[i] != NONE &&
        chk_smt_model_int(x, m, chk_smt_T(x, NS(insts[i])), &t.t0) &&
        chk_smt_model_int(x, m, chk_smt_T(x, NE(insts[i])), &t.t1))
      *(chk_sched *)mdl_vec_push(&fd->sched, sizeof t) = t;
  }
  if (!x->o->valuations || fd->val)
    return;
  uint32_t na = x->k->atoms.len;
  mdl_valuation *v = calloc(1, sizeof *v);
  if (v) {
    v->natoms = na;
    v->val = calloc(na ? na : 1, sizeof *v->val);
    v->known = calloc(na ? na : 1, 1);
  }
  if (!v || !v->val || !v->known) {
    mdl_valuation_free(v);
    return;
  }
  for (uint32_t i = 0; i < na; i++)
    if (x->acache[i] && chk_smt_model_int(x, m, x->acache[i], &v->val[i]))
      v->known[i] = 1;
  fd->val = v;
}

/* ------------------------------------------------------------ building */

Z3_ast chk_smt_done_node(sx *x, uint32_t i) {
  return chk_smt_T(x, x->sk.chain[i] != NONE ? NC(i) : NE(i));
}

bool chk_smt_disabled_inst(const sx *x, uint32_t i) {
  const mdl_inst *in = mdl_inst_at(x->k, i);
  return in->kind != MDL_I_OP && !chk_sync_valid(x->k, in);
}

void chk_smt_match_edge_req(sx *x, uint32_t from, uint32_t to, Z3_ast cond,
                           const uint32_t *req, uint32_t nreq) {
  mreqs *r = mdl_vec_push(&x->mreq, sizeof *r);
  r->first = req ? x->mpool.len : NONE;
  r->n = req ? nreq : 0;
  for (uint32_t i = 0; req && i < nreq; i++)
    *(uint32_t *)mdl_vec_push(&x->mpool, sizeof(uint32_t)) = req[i];
  chk_edge *e = mdl_vec_push(&x->medges, sizeof *e);
  e->from = from;
  e->to = to;
  e->cond = x->mconds.len;
  *(Z3_ast *)mdl_vec_push(&x->mconds, sizeof(Z3_ast)) = cond;
  chk_smt_add(
      x, Z3_mk_implies(x->c, cond,
                       Z3_mk_le(x->c, chk_smt_T(x, from), chk_smt_T(x, to))));
}

/* A count known without the solver: e's count is a numeral (counts()). */
bool chk_smt_count_is(sx *x, const seqel *e, int64_t *v) {
  return Z3_is_numeral_ast(x->c, e->cnt) &&
         Z3_get_numeral_int64(x->c, e->cnt, v);
}

/* Does literal a imply literal b?  Trip literals "trip > k" of one trip
** count imply those with a smaller k (iteration k exists, so do the
** earlier ones); a branch literal implies only itself. */
bool chk_smt_lit_implies(const mdl_lit *a, const mdl_lit *b) {
  if (a->kind != b->kind || a->atom_form != b->atom_form ||
      a->positive != b->positive)
    return false;
  return a->kind == 1 ? a->k >= b->k : a->k == b->k;
}

/* Does guard ga imply guard gb (every literal of gb follows from one of
** ga's)?  Syntactic, hence sound but incomplete. */
static bool guard_implies(const mdl_kernel *k, uint32_t ga, uint32_t gb) {
  if (ga == gb || gb == 0)
    return true;
  if (ga == 0)
    return false;
  const mdl_guard *A = &MDL_VEC_AT(k->guards, mdl_guard, ga);
  const mdl_guard *B = &MDL_VEC_AT(k->guards, mdl_guard, gb);
  for (uint32_t j = 0; j < B->n; j++) {
    const mdl_lit *lb = &MDL_VEC_AT(k->lits, mdl_lit, B->first + j);
    bool found = false;
    for (uint32_t i = 0; i < A->n && !found; i++)
      found =
          chk_smt_lit_implies(&MDL_VEC_AT(k->lits, mdl_lit, A->first + i), lb);
    if (!found)
      return false;
  }
  return true;
}

/* The switch literal of instance i's statement that its existence
** includes (build()), or NULL. */
Z3_ast chk_smt_on_of(const sx *x, uint32_t i) {
  const mdl_inst *in = mdl_inst_at(x->k, i);
  if ((in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
       in->kind == MDL_I_BARRIER) && !in->implicit)
    return x->on[in->stmt];
  return NULL;
}

/* Whenever sequence member e belongs to its sequence, so does j: the
** guard of e implies j's, j's switch literal is e's (or j has none) and
** j's flag is fixed or computed by the same expression. */
bool chk_smt_member_implies(const sx *x, const seqel *e, const seqel *j) {
  const mdl_inst *ie = mdl_inst_at(x->k, e->inst);
  const mdl_inst *ij = mdl_inst_at(x->k, j->inst);
  Z3_ast oj = chk_smt_on_of(x, j->inst);
  if (oj && oj != chk_smt_on_of(x, e->inst))
    return false;
  if (ij->id < 0 && !(ie->id < 0 && ie->id_form == ij->id_form))
    return false;
  return guard_implies(x->k, ie->guard, ij->guard);
}

/* The count of member i of v assuming i belongs to v: 1 for itself, 1 for
** each earlier member its membership implies, an if-then-else for the
** rest; with pipe < MDL_PIPE_COUNT only the earlier members on that pipe
** or on PIPE_S count (rank_counts). */
static Z3_ast count_of(sx *x, const mdl_vec *v, uint32_t i, int pipe) {
  const seqel *e = &MDL_VEC_AT(*v, seqel, i);
  int64_t sure = 1;
  Z3_ast rest = NULL;
  for (uint32_t j = 0; j < i; j++) {
    const seqel *q = &MDL_VEC_AT(*v, seqel, j);
    uint8_t pq = mdl_inst_at(x->k, q->inst)->pipe;
    if (pipe < MDL_PIPE_COUNT && pq != pipe && pq != MDL_PIPE_S)
      continue;
    if (chk_smt_member_implies(x, e, q))
      sure++;
    else {
      Z3_ast t =
          Z3_mk_ite(x->c, q->mem, chk_smt_mk_int(x, 1), chk_smt_mk_int(x, 0));
      rest = rest ? chk_smt_mk_add2(x, rest, t) : t;
    }
  }
  return rest ? Z3_simplify(x->c,
                            chk_smt_mk_add2(x, chk_smt_mk_int(x, sure), rest))
              : chk_smt_mk_int(x, sure);
}

/* Appends the guarded running count of v's instances (1-based) and sets
** *total.  A member's count is only ever used where the member belongs to
** the sequence, so it is written under that assumption: the earlier
** members its membership implies count as 1, not as an if-then-else.  In
** a loop without branches every count is then a constant, the matching
** conditions of the flags simplify to their members' guards, and the
** solver has far fewer case splits to make. */
void chk_smt_counts(sx *x, mdl_vec *v, Z3_ast *total) {
  Z3_ast cnt = chk_smt_mk_int(x, 0);
  for (uint32_t i = 0; i < v->len; i++) {
    seqel *e = &MDL_VEC_AT(*v, seqel, i);
    cnt = Z3_simplify(x->c, chk_smt_mk_add2(x, cnt, Z3_mk_ite(x->c, e->mem,
                                                      chk_smt_mk_int(x, 1),
                                                      chk_smt_mk_int(x, 0))));
    e->cnt = count_of(x, v, i, MDL_PIPE_COUNT);
    e->rcnt = e->cnt;
  }
  *total = cnt;
}

/* The waits of a cross-core counter where a wait blocks only its pipe
** (a5): rcnt counts, besides the wait itself, only the earlier waits sure
** to pass before it (chk_xwait_ranks): those on its pipe and on PIPE_S. */
void chk_smt_rank_counts(sx *x, mdl_vec *v) {
  if (x->k->prof->xcore_wait_scalar)
    return;
  for (uint32_t i = 0; i < v->len; i++) {
    seqel *e = &MDL_VEC_AT(*v, seqel, i);
    e->rcnt = count_of(x, v, i, mdl_inst_at(x->k, e->inst)->pipe);
  }
}

void chk_smt_push_seq(mdl_vec *v, uint32_t i, Z3_ast mem) {
  seqel *e = mdl_vec_push(v, sizeof *e);
  e->inst = i;
  e->mem = mem;
}

chk_finding *chk_smt_add_finding(sx *x, mdl_rule rule, uint32_t b,
                                uint32_t a) {
  chk_finding *f = mdl_vec_push(&x->findings, sizeof *f);
  f->rule = rule;
  f->b = b;
  f->a = a;
  f->mem = NONE;
  return f;
}

/* The instance of seq whose guard holds and whose count equals c in m. */
uint32_t chk_smt_pick(sx *x, Z3_model m, const mdl_vec *seq, Z3_ast c) {
  for (uint32_t i = 0; i < seq->len; i++) {
    const seqel *e = &MDL_VEC_AT(*seq, seqel, i);
    if (chk_smt_model_true(
            x, m, chk_smt_mk_and2(x, e->mem, Z3_mk_eq(x->c, e->cnt, c))))
      return e->inst;
  }
  return NONE;
}

const char *chk_smt_pn(uint8_t p) { return mdl_pipe_name((mdl_pipe)p); }

/* Intra-core flags: matching edges, then deadlock / unpaired / double
** set queries per statement. */
void chk_smt_flags(sx *x, mdl_vec *keys) {
  const mdl_kernel *k = x->k;
  for (uint32_t i = 0; i < x->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind != MDL_I_SET && in->kind != MDL_I_WAIT) ||
        chk_smt_disabled_inst(x, i))
      continue;
    uint8_t src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
    uint8_t dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
    /* an id computed at run time belongs to the flag of its value */
    int32_t lo = in->id, hi = in->id;
    if (in->id < 0) {
      lo = 0;
      hi = k->prof->max_event_id;
    }
    for (int32_t id = lo; id <= hi; id++) {
      fkey *f = NULL;
      for (uint32_t j = 0; j < keys->len && !f; j++) {
        fkey *q = &MDL_VEC_AT(*keys, fkey, j);
        if (q->core == in->core && q->src == src && q->dst == dst &&
            q->id == id)
          f = q;
      }
      if (!f) {
        f = mdl_vec_push(keys, sizeof *f);
        f->core = in->core;
        f->src = src;
        f->dst = dst;
        f->id = id;
      }
      Z3_ast mem = x->ex[i];
      if (in->id < 0)
        mem = Z3_simplify(
            x->c,
            chk_smt_mk_and2(x, mem,
                            Z3_mk_eq(x->c, chk_smt_form_expr(x, in->id_form),
                                     chk_smt_mk_int(x, id))));
      chk_smt_push_seq(in->kind == MDL_I_SET ? &f->sets : &f->waits, i, mem);
    }
  }
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    chk_smt_counts(x, &f->sets, &f->nsets);
    chk_smt_counts(x, &f->waits, &f->nwaits);
    for (uint32_t w = 0; w < f->waits.len; w++) {
      seqel *we = &MDL_VEC_AT(f->waits, seqel, w);
      for (uint32_t s = 0; s < f->sets.len; s++) {
        seqel *se = &MDL_VEC_AT(f->sets, seqel, s);
        Z3_ast cond = Z3_simplify(
            x->c, chk_smt_mk_and2(x, chk_smt_mk_and2(x, se->mem, we->mem),
                                  Z3_mk_eq(x->c, se->cnt, we->cnt)));
        if (Z3_get_bool_value(x->c, cond) == Z3_L_FALSE)
          continue;
        int64_t cs, cw;
        uint32_t req[2] = {se->inst, we->inst};
        bool sure = chk_smt_count_is(x, se, &cs) &&
                    chk_smt_count_is(x, we, &cw) && cs == cw &&
                    mdl_inst_at(k, se->inst)->id >= 0 &&
                    mdl_inst_at(k, we->inst)->id >= 0;
        chk_smt_match_edge_req(x, NS(se->inst), NE(we->inst), cond,
                               sure ? req : NULL, 2);
      }
    }
  }
}

/* ------------------------------------------------------------ analysis */

static uint32_t count_sync_all_guarded(const mdl_kernel *k) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    n += in->kind == MDL_I_SYNC_ALL && in->guard;
  }
  return n;
}

static void sx_free(sx *x) {
  mdl_vec_free(&x->sa_stuck);
  chk_skel_free(&x->sk);
  free(x->behind);
  free(x->t);
  free(x->ex);
  free(x->gcache);
  free(x->acache);
  mdl_vec_free(&x->medges);
  mdl_vec_free(&x->mconds);
  mdl_vec_free(&x->mreq);
  mdl_vec_free(&x->mpool);
  free(x->moff);
  free(x->madj);
  free(x->mseen);
  free(x->mqueue);
  free(x->mok);
  chk_findings_free(&x->findings);
  free(x->unknown_what);
  free(x->dead);
  free(x->on);
  mdl_vec_free(&x->assume);
  for (uint32_t j = 0; j < x->keys.len; j++) {
    mdl_vec_free(&MDL_VEC_AT(x->keys, fkey, j).sets);
    mdl_vec_free(&MDL_VEC_AT(x->keys, fkey, j).waits);
  }
  mdl_vec_free(&x->keys);
  chk_smt_xrecs_free(&x->xrecs);
  mdl_vec_free(&x->ranged);
  mdl_vec_free(&x->ranges);
  /* past the hard limit Z3's teardown itself allocates, and the
     out-of-memory exception it then throws from a destructor ends the
     process (an abort at 3000 racing iterations under 64 MB): it gets
     room for the teardown, then the limit is back */
  if (z3_memout)
    Z3_global_param_set("memory_max_size", "0");
  if (x->s)
    Z3_solver_dec_ref(x->c, x->s);
  if (x->c)
    Z3_del_context(x->c);
  if (z3_memout && x->o) {
    char hard[24];
    hard_limit(x->o, hard);
    Z3_global_param_set("memory_max_size", hard);
  }
}

/* Z3's hard memory limit for options o, in MB ("0": none). */
static void hard_limit(const chk_options *o, char hard[24]) {
  const char *env = getenv("KSV_Z3_MEMORY_MAX_MB");
  if (env && *env)
    snprintf(hard, 24, "%s", env);
  else if (o->max_memory_mb)
    snprintf(hard, 24, "%llu", 4ull * o->max_memory_mb);
  else
    snprintf(hard, 24, "0");
}

/* A Z3 context and solver for k: the error handler, the memory limit,
** the logic (difference logic for concrete kernels), the per-query
** timeout, and the value caches. */
static void z3_open(sx *x, const mdl_kernel *k, const chk_options *o) {
  memset(x, 0, sizeof *x);
  x->k = k;
  x->o = o;
  x->n = k->insts.len;
  z3_failed = 0;
  z3_memout = 0;
  chk_z3_dead = 0;
  /* the terms stop at 5/8 of the budget: the call that crosses it can
     double a table of Z3's, a third or more of what Z3 holds (measured:
     from under 64 MB to 88 MB in one call) */
  z3_soft = ((uint64_t)o->max_memory_mb << 20) / 8 * 5;
  if (o->max_memory_mb) {
    /* --max-memory-mb: past this much memory Z3 gives up the search (the
       query is `unknown`, reason "memout") instead of the process running
       out.  The high watermark, not memory_max_size: at the hard limit Z3
       API calls fail and return NULL (a context could not even be made
       under a few MB, and ksv crashed).  The parameter is process-wide and
       an unsigned int of bytes. */
    char wm[24];
    uint64_t bytes = (uint64_t)o->max_memory_mb << 20;
    snprintf(wm, sizeof wm, "%llu",
             (unsigned long long)(bytes > 0xffffffffull ? 0xffffffffull
                                                        : bytes));
    Z3_global_param_set("memory_high_watermark", wm);
  }
  /* the encoding stops at the budget too: chk_z3_over, looked at every
     64 constructors (chk_z3.h), past which no Z3 call is made.  One call
     can still double a table of Z3's (tens of MB at once), so Z3's own
     hard limit is at four times the budget (MB; KSV_Z3_MEMORY_MAX_MB, for
     tests, sets it alone), for what runs away between two looks: past it
     Z3's constructors fail and return NULL, which chk_z3.h passes on, and
     the kernel is unknown.  (An encoding once grew to 7 GB under the
     default 4096 MB, in an audit, with only the watermark set.) */
  char hard[24];
  hard_limit(o, hard);
  Z3_global_param_set("memory_max_size", hard);
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  x->c = Z3_mk_context(cfg); /* ASTs live with the context */
  bool nocontext = !x->c;
  if (nocontext) { /* under the hard limit: a context made without it,
                      whose every query is then undecided (z3_failed) */
    Z3_global_param_set("memory_max_size", "0");
    x->c = Z3_mk_context(cfg);
    Z3_global_param_set("memory_max_size", hard);
  }
  Z3_del_config(cfg);
  Z3_set_error_handler(x->c, on_z3_error);
  /* concrete kernels are pure difference logic over the node times */
  /* concrete kernels are pure difference logic; for symbolic ones Z3's
     default solver copes far better with the guarded counts than the
     QF_LIA setup (10x on corpus/grid_stride); KSV_Z3_LOGIC overrides
     (for experiments) */
  const char *logic = getenv("KSV_Z3_LOGIC");
  if (!logic)
    logic = k->lits.len ? "ALL" : "QF_IDL";
  x->s = !strcmp(logic, "ALL")
             ? Z3_mk_solver(x->c)
             : Z3_mk_solver_for_logic(x->c, Z3_mk_string_symbol(x->c, logic));
  Z3_solver_inc_ref(x->c, x->s);
  Z3_params p = Z3_mk_params(x->c);
  Z3_params_inc_ref(x->c, p);
  Z3_params_set_uint(x->c, p, Z3_mk_string_symbol(x->c, "timeout"),
                     o->timeout_ms ? o->timeout_ms : 1000);
  /* smaller unsat cores name fewer syncs in --explain */
  Z3_params_set_bool(x->c, p, Z3_mk_string_symbol(x->c, "core.minimize"),
                     true);
  Z3_solver_set_params(x->c, x->s, p);
  if (z3_failed) { /* an older Z3 without the parameter */
    z3_failed = 0;
    Z3_params_dec_ref(x->c, p);
    p = Z3_mk_params(x->c);
    Z3_params_inc_ref(x->c, p);
    Z3_params_set_uint(x->c, p, Z3_mk_string_symbol(x->c, "timeout"),
                       o->timeout_ms ? o->timeout_ms : 1000);
    Z3_solver_set_params(x->c, x->s, p);
  }
  Z3_params_dec_ref(x->c, p);
  /* Z3 would take SIGINT for the length of each check (its own handler,
     the caller's restored after it) and only end that query: the query
     would come back unknown and ksv fix, whose handler never saw the
     signal, would go on.  Ctrl-C is the caller's */
  p = Z3_mk_params(x->c);
  Z3_params_inc_ref(x->c, p);
  Z3_params_set_bool(x->c, p, Z3_mk_string_symbol(x->c, "ctrl_c"), false);
  Z3_solver_set_params(x->c, x->s, p);
  z3_failed = 0; /* a Z3 without the parameter: nothing to turn off */
  if (nocontext)
    z3_failed = z3_memout = 1, chk_z3_dead = 2;
  Z3_params_dec_ref(x->c, p);
  x->isort = Z3_mk_int_sort(x->c);
  x->gcache = calloc(k->guards.len + 1, sizeof *x->gcache);
  x->acache = calloc(k->atoms.len + 1, sizeof *x->acache);
}

/* The block index lies in [0, block_num); unknown trip counts within the
** unrolled bound. */
static void value_domain(sx *x) {
  const mdl_kernel *k = x->k;
  for (uint32_t a = 0; a < k->atoms.len; a++) {
    const mdl_atom *at = &MDL_VEC_AT(k->atoms, mdl_atom, a);
    if (at->kind == MDL_ATOM_BLOCK_IDX || at->kind == MDL_ATOM_BLOCK_NUM) {
      Z3_ast bi = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, "block_idx"),
                              x->isort);
      Z3_ast bn = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, "block_num"),
                              x->isort);
      chk_smt_add(x, Z3_mk_ge(x->c, bi, chk_smt_mk_int(x, 0)));
      chk_smt_add(x, Z3_mk_lt(x->c, bi, bn));
      chk_smt_add(x, Z3_mk_le(x->c, bn, chk_smt_mk_int(x, MDL_BLOCK_NUM_MAX)));
      break;
    }
  }

  for (uint32_t i = 0; i < k->lits.len; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    if (l->kind != 1)
      continue;
    Z3_ast le = Z3_mk_le(x->c, chk_smt_form_expr(x, l->atom_form),
                         chk_smt_mk_int(x, (int64_t)k->trip_bound));
    chk_smt_add(x, x->bounded ? Z3_mk_implies(x->c, x->bounded, le) : le);
  }
}

static void build(sx *x, const mdl_kernel *k, const chk_options *o,
                  bool with_on) {
  z3_open(x, k, o);
  chk_skeleton(k, NULL, &x->sk);
  x->ex = calloc(x->n ? x->n : 1, sizeof *x->ex);
  /* one assumption literal per removable sync statement: the redundancy
     search and --explain's unsat cores work by switching them */
  x->on = calloc(k->nstmts + 1, sizeof *x->on);
  for (uint32_t i = 0; i < x->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    Z3_ast g = guard_expr(x, in->guard);
    /* (the literals make every query slower: only when needed) */
    if (with_on && (in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
                    in->kind == MDL_I_BARRIER) && !in->implicit) {
      if (!x->on[in->stmt]) {
        char nm[32];
        snprintf(nm, sizeof nm, "on%u", in->stmt);
        x->on[in->stmt] = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, nm),
                                      Z3_mk_bool_sort(x->c));
      }
      g = Z3_simplify(x->c, chk_smt_mk_and2(x, g, x->on[in->stmt]));
    }
    x->ex[i] = g;
  }
  value_domain(x);
  /* node count: instances, then sync_all meets and increment nodes */
  uint32_t nextnode = x->sk.nnodes;

  /* skeleton edges */
  const chk_edge *es = x->sk.edges.data;
  for (uint32_t e = 0; e < x->sk.edges.len; e++) {
    Z3_ast le =
        Z3_mk_le(x->c, chk_smt_T(x, es[e].from), chk_smt_T(x, es[e].to));
    chk_smt_add(x, es[e].cond == NONE ? le
                              : Z3_mk_implies(x->c, x->ex[es[e].cond], le));
  }
  /* sync_all: k-th with k-th (only unguarded ones reach here) */
  {
    mdl_vec per[3] = {{0}, {0}, {0}};
    for (uint32_t i = 0; i < x->n; i++)
      if (mdl_inst_at(k, i)->kind == MDL_I_SYNC_ALL &&
          !chk_smt_disabled_inst(x, i))
        *(uint32_t *)mdl_vec_push(&per[mdl_inst_at(k, i)->core],
                                  sizeof(uint32_t)) = i;
    uint32_t mx = 0;
    for (uint32_t c = 0; c < k->ncores; c++)
      if (per[c].len > mx)
        mx = per[c].len;
    for (uint32_t m = 0; m < mx; m++) {
      int gone = mdl_sync_all_absent(k, per, m);
      if (gone >= 0) {
        /* never meets: reported by run(); later meetings are behind */
        for (uint32_t c = 0; c < k->ncores; c++)
          if (m < per[c].len)
            *(uint32_t *)mdl_vec_push(&x->sa_stuck, sizeof(uint32_t)) =
                MDL_VEC_AT(per[c], uint32_t, m);
        x->sa_m = m;
        x->sa_gone = (uint32_t)gone;
        break;
      }
      uint32_t meet = nextnode++;
      for (uint32_t c = 0; c < k->ncores; c++)
        if (m < per[c].len) {
          uint32_t i = MDL_VEC_AT(per[c], uint32_t, m);
          chk_smt_match_edge_req(x, NS(i), meet, Z3_mk_true(x->c), &i, 0);
          chk_smt_match_edge_req(x, meet, NE(i), Z3_mk_true(x->c), &i, 0);
        }
    }
    for (uint32_t c = 0; c < 3; c++)
      mdl_vec_free(&per[c]);
  }
  /* ids computed at run time: whether they can leave the range is a
     query of run() */
  for (uint32_t i = 0; i < x->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->id != -1 || !in->id_form || in->kind == MDL_I_OP ||
        in->kind == MDL_I_BARRIER || in->kind == MDL_I_SYNC_ALL)
      continue;
    Z3_ast f = chk_smt_form_expr(x, in->id_form);
    int mx = in->kind == MDL_I_SET || in->kind == MDL_I_WAIT
                 ? k->prof->max_event_id : k->prof->max_block_flag;
    *(uint32_t *)mdl_vec_push(&x->ranged, sizeof(uint32_t)) = i;
    *(Z3_ast *)mdl_vec_push(&x->ranges, sizeof(Z3_ast)) =
        chk_smt_mk_and2(x, Z3_mk_ge(x->c, f, chk_smt_mk_int(x, 0)),
                        Z3_mk_le(x->c, f, chk_smt_mk_int(x, mx)));
  }
  chk_smt_flags(x, &x->keys);
  chk_smt_xcore(x, &x->xrecs, &nextnode);
  x->nnodes = nextnode;
}

static void reset_run(sx *x) {
  chk_findings_free(&x->findings);
  x->findings = (mdl_vec){0};
  free(x->dead);
  x->dead = NULL;
  x->deadlock = false;
}

/* Runs every query with the syncs in dis (by statement) removed.  A probe
** stops at the first error and asks the likeliest queries first. */
/* A sync_block meeting that waits for a core without one
** (mdl_sync_all_absent): every core that reaches it waits forever, on
** every execution (the instances are unguarded: guarded ones are
** declined).  One deadlock, the other arrivals related. */
static void sync_all_stuck(sx *x) {
  if (!x->sa_stuck.len)
    return;
  const mdl_kernel *k = x->k;
  chk_finding *fd = chk_smt_add_finding(
      x, MDL_RULE_DEADLOCK, MDL_VEC_AT(x->sa_stuck, uint32_t, 0), NONE);
  for (uint32_t r = 1; r < x->sa_stuck.len; r++)
    *(uint32_t *)mdl_vec_push(&fd->related, sizeof(uint32_t)) =
        MDL_VEC_AT(x->sa_stuck, uint32_t, r);
  bool none = true;
  for (uint32_t i = 0; i < k->insts.len; i++)
    if (mdl_inst_at(k, i)->kind == MDL_I_SYNC_ALL &&
        mdl_inst_at(k, i)->core == x->sa_gone)
      none = false;
  fd->msg = mdl_strprintf(
      "sync_block number %u waits forever: it waits for %s, which %s",
      x->sa_m + 1, k->cores[x->sa_gone].label,
      none ? "never executes one" : "executes fewer sync_blocks");
  x->deadlock = true;
}

static void run(sx *x, const uint8_t *dis, const mdl_stmt *probe) {
  const mdl_kernel *k = x->k;
  reset_run(x);
  if (getenv("KSV_SMT_TRACE"))
    fprintf(stderr, "smt: run: Z3 holds %.1f MB\n",
            (double)Z3_get_estimated_alloc_size() / 1048576.0);
  /* the push takes in the whole encoding: Z3 then holds two to two and a
     half times what it held before (measured).  An encoding past half the
     budget (4/5 of z3_soft) is not taken in */
  if (chk_z3_dead ||
      (z3_soft && Z3_get_estimated_alloc_size() > z3_soft / 5 * 4)) {
    z3_failed = z3_memout = 1;
    chk_z3_dead = chk_z3_dead ? chk_z3_dead : 1;
    chk_smt_check(x, NULL, NULL, "about the kernel");
    return;
  }
  x->dis = dis;
  x->assume.len = 0;
  for (uint32_t s = 0; s < k->nstmts; s++)
    if (x->on[s])
      *(Z3_ast *)mdl_vec_push(&x->assume, sizeof(Z3_ast)) =
          dis && dis[s] ? Z3_mk_not(x->c, x->on[s]) : x->on[s];
  Z3_solver_push(x->c, x->s);
  if (!x->want_core)
    for (uint32_t i = 0; i < x->assume.len; i++)
      chk_smt_add(x, MDL_VEC_AT(x->assume, Z3_ast, i));
  /* a runtime id out of range is invalid-sync (reported once per
     statement); like a constant one, the sync is then absent: it belongs
     to no flag */
  for (uint32_t r = 0; r < x->ranged.len; r++) {
    uint32_t i = MDL_VEC_AT(x->ranged, uint32_t, r);
    Z3_ast in = MDL_VEC_AT(x->ranges, Z3_ast, r);
    const mdl_inst *ii = mdl_inst_at(k, i);
    bool seen = false;
    for (uint32_t q = 0; q < x->findings.len && !seen; q++) {
      chk_finding *f = &MDL_VEC_AT(x->findings, chk_finding, q);
      seen = f->rule == MDL_RULE_INVALID_SYNC &&
             mdl_inst_at(k, f->b)->stmt == ii->stmt;
    }
    Z3_model m;
    if (!seen && !probe &&
        chk_smt_check(x, chk_smt_mk_and2(x, x->ex[i], Z3_mk_not(x->c, in)), &m,
                      "a runtime id out of range") == 1) {
      int64_t v = 0;
      chk_smt_model_int(x, m, chk_smt_form_expr(x, ii->id_form), &v);
      chk_finding *fd = chk_smt_add_finding(x, MDL_RULE_INVALID_SYNC, i, NONE);
      fd->msg = mdl_strprintf(
          "the %s computed at run time can be %lld, out of range 0..%d",
          ii->kind == MDL_I_SET || ii->kind == MDL_I_WAIT ? "event id"
                                                          : "cross-core flag",
          (long long)v,
          ii->kind == MDL_I_SET || ii->kind == MDL_I_WAIT
              ? k->prof->max_event_id : k->prof->max_block_flag);
      chk_smt_set_witness(x, m, fd, NULL, 0);
      Z3_model_dec_ref(x->c, m);
    }
  }
  x->probe = probe != NULL;
  x->probe_u0 = x->unknowns;
  if (probe) {
    x->probe_src = probe->kind == MDL_S_BARRIER ? probe->u.bar.pipe
                                                : probe->u.flag.src;
    x->probe_dst = probe->kind == MDL_S_BARRIER ? probe->u.bar.pipe
                                                : probe->u.flag.dst;
  }
  if (x->probe)
    chk_smt_races(
        x); /* the likeliest error first; check() stops at the first */
  sync_all_stuck(x);
  chk_smt_cycles(x);
  chk_smt_flag_queries(x, &x->keys);
  chk_smt_xcore_queries(x, &x->xrecs);
  mdl_vec stuck = {0};
  for (uint32_t i = 0; i < x->findings.len; i++) {
    chk_finding *f = &MDL_VEC_AT(x->findings, chk_finding, i);
    if (f->rule == MDL_RULE_DEADLOCK)
      *(uint32_t *)mdl_vec_push(&stuck, sizeof(uint32_t)) = f->b;
  }
  chk_smt_double_sets(x, &x->keys, &stuck);
  if (!x->deadlock && !x->probe)
    chk_smt_races(x);
  mdl_vec_free(&stuck);
  Z3_solver_pop(x->c, x->s, 1);
}

static uint32_t errors_of(const sx *x) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < x->findings.len; i++) {
    const chk_finding *f = &MDL_VEC_AT(x->findings, chk_finding, i);
    /* a broken parallel_loop contract blocks redundancy claims too */
    if (f->error || mdl_rule_severity(f->rule) == MDL_SEV_ERROR ||
        f->rule == MDL_RULE_PARALLEL_LOOP)
      n++;
  }
  return n;
}

/* Greedy redundant-sync search, as the graph engine does it: a wait with
** every set/wait of its flag, or a barrier, is redundant when the kernel
** stays free of errors for every outcome without it. */
static void redundant(sx *x, mdl_diags *out, uint32_t *nwarn,
                      uint32_t *nunk) {
  const mdl_kernel *k = x->k;
  const chk_options *o = x->o;
  uint32_t ns = k->nstmts;
  uint8_t *dis = calloc(ns ? ns : 1, 1), *tried = calloc(ns ? ns : 1, 1);
  uint8_t *is_sync = calloc(ns ? ns : 1, 1);
  uint32_t nsync = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_WAIT || in->kind == MDL_I_BARRIER ||
         in->kind == MDL_I_SET) && !in->implicit && !is_sync[in->stmt]) {
      is_sync[in->stmt] = 1;
      nsync++;
    }
  }
  if ((uint64_t)nsync * k->insts.len > o->redundant_budget)
    nsync = 0;
  chk_groups *groups = nsync ? chk_groups_new(k) : NULL;
  for (uint32_t s = 0; s < ns && nsync; s++) {
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    if (!is_sync[s] || tried[s] ||
        (st->kind != MDL_S_WAIT && st->kind != MDL_S_BARRIER))
      continue;
    if ((x->deadline > 0 && now_s() > x->deadline) ||
        (x->run_deadline > 0 && chk_wall() > x->run_deadline)) {
      (*nunk)++; /* the budget is spent: the rest is not tried */
      break;
    }
    uint8_t *grp = calloc(ns, 1);
    chk_group_of(groups, st, grp);
    bool removable = grp[s] == 1;
    for (uint32_t q = 0; q < ns; q++)
      if (grp[q]) {
        tried[q] = 1;
        if (dis[q])
          removable = false;
      }
    if (removable) {
      for (uint32_t q = 0; q < ns; q++)
        if (grp[q])
          dis[q] = 1;
      uint32_t u0 = x->unknowns;
      run(x, dis, st);
      bool ok = !errors_of(x) && x->unknowns == u0;
      if (x->unknowns != u0)
        (*nunk)++;
      if (ok) {
        mdl_diag *d;
        if (st->kind == MDL_S_BARRIER)
          d = mdl_diag_add_at(out, MDL_RULE_REDUNDANT_BARRIER, MDL_SEV_WARNING,
                              k, st->loc,
                              "pipe_barrier(%s) is redundant: without it no "
                              "outcome of the kernel has a race, deadlock or "
                              "flag error (proven by Z3)",
                              mdl_pipe_name(st->u.bar.pipe));
        else {
          d = mdl_diag_add_at(
              out, MDL_RULE_REDUNDANT_WAIT, MDL_SEV_WARNING, k, st->loc,
              "wait_flag[%s, %s] and its set_flag are "
              "redundant: without them no outcome of the "
              "kernel has a race, deadlock or flag error "
              "(proven by Z3)",
              mdl_pipe_name(st->u.flag.src), mdl_pipe_name(st->u.flag.dst));
          for (uint32_t q = 0; q < ns; q++)
            if (grp[q] && q != s && chk_src(k, q) == q &&
                q != st->src) { /* one note per source statement */
              const mdl_stmt *z = MDL_VEC_AT(k->stmts, mdl_stmt *, q);
              mdl_diag_related_at(d, k, z->loc,
                               "%s of the same flag, removed with it",
                               z->kind == MDL_S_SET ? "set_flag"
                                                    : "wait_flag");
            }
        }
        (*nwarn)++;
      } else {
        for (uint32_t q = 0; q < ns; q++)
          if (grp[q])
            dis[q] = 0;
      }
    }
    free(grp);
  }
  free(dis);
  free(tried);
  chk_groups_free(groups);
  free(is_sync);
}

const char *chk_z3_version(void) { return Z3_get_full_version(); }

static int vals_check(chk_vals *v, Z3_ast q, const char *what,
                      mdl_valuation **val, char **text, bool all);

/* Is every loop that runs past the bound in some run entered by some
** run within it (chk_vals_unentered)?  1 yes, or 1 with *never the
** loop's literal; -1 undecided. */
static int entered(const mdl_kernel *k, chk_vals *v, const mdl_lit **never) {
  for (uint32_t i = 0; i < k->lits.len; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    bool seen = l->kind != 1;
    for (uint32_t j = 0; j < i && !seen; j++) {
      const mdl_lit *e = &MDL_VEC_AT(k->lits, mdl_lit, j);
      seen = e->kind == 1 && e->atom_form == l->atom_form;
    }
    if (seen)
      continue;
    int r = chk_vals_unentered(v, l->atom_form, k->trip_bound);
    if (r) {
      *never = r > 0 ? l : NULL;
      return r > 0 ? 1 : -1;
    }
  }
  return 1;
}

/* Does some run keep every loop of unknown trip count within the trip
** counts unrolled?  The engine checks those runs only: with none (a trip
** count more than K in every run, or computed past 64 bits) it would
** check nothing and call the kernel clean.  False with *note saying
** why (or that it was not decided). */
static bool within_bound(const mdl_kernel *k, const chk_options *o,
                         char **note) {
  const mdl_lit *trip = NULL;
  for (uint32_t i = 0; i < k->lits.len && !trip; i++)
    if (MDL_VEC_AT(k->lits, mdl_lit, i).kind == 1)
      trip = &MDL_VEC_AT(k->lits, mdl_lit, i);
  if (!trip)
    return true;
  chk_vals *v = chk_vals_new(k, o);
  int r = v ? vals_check(v, NULL, "whether a run keeps its loops within "
                         "the trip counts unrolled", NULL, NULL, false)
            : -1;
  const mdl_lit *never = NULL;
  if (r == 1)
    r = entered(k, v, &never);
  if (r == 1 && never)
    *note = mdl_strprintf("the loop at %u:%u runs more than %u times in "
                          "some runs and never in the runs within that "
                          "bound (its trip count is large or computed past "
                          "64 bits), so its body is checked in none",
                          never->loc.line, never->loc.col, k->trip_bound);
  else if (r == 0)
    *note = mdl_strprintf("no run keeps its loops within the %u iterations "
                          "ksv unrolls (the loop at %u:%u, or another: a "
                          "trip count that is large or computed past 64 "
                          "bits)", k->trip_bound, trip->loc.line,
                          trip->loc.col);
  else if (r < 0)
    *note = mdl_strprintf("the query whether a run keeps its loops within "
                          "the trip counts unrolled timed out or failed: "
                          "%s; raise --timeout-ms or --max-memory-mb",
                          v && chk_vals_unknown(v) ? chk_vals_unknown(v)
                                                   : "the solver was not "
                                                     "started");
  chk_vals_free(v);
  return r == 1 && !never;
}

mdl_verdict chk_smt(const mdl_kernel *k, const chk_options *o,
                    mdl_diags *out, char **note) {
  *note = NULL;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP && in->kind != MDL_I_BARRIER &&
        in->kind != MDL_I_SYNC_ALL && in->id == -1 && !in->id_form) {
      *note = mdl_strprintf("the %s at %u:%u uses an event id or flag that "
                            "depends on a value ksv cannot express (loaded "
                            "from memory or computed by an unknown op)",
                            mdl_inst_kind_name(in->kind), in->loc.line,
                            in->loc.col);
      mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, in->loc,
                      "not decided: %s", *note);
      return MDL_VERDICT_UNKNOWN;
    }
    if ((in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT) &&
        k->kind != MDL_KIND_MIX && !k->open) {
      *note = mdl_strprintf("cross-core sync in a kernel whose partner "
                            "cores are not in this input");
      mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                      "not decided: %s", *note);
      return MDL_VERDICT_UNKNOWN;
    }
  }
  if (k->insts.len > CHK_SMT_MAX_INSTANCES) {
    /* past this size Z3 spends minutes asserting the encoding, before
       --max-solver-seconds could stop a query (docs/limits.md) */
    *note = mdl_strprintf("%u instances, more than the SMT engine's limit "
                          "of %u (docs/limits.md)",
                          k->insts.len, CHK_SMT_MAX_INSTANCES);
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  if (count_sync_all_guarded(k)) {
    *note = mdl_strprintf("a sync_block barrier under a runtime branch");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  if (!within_bound(k, o, note)) {
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  uint32_t nerr = 0, nwarn = 0, nunk = 0;
  chk_invalid(k, out, &nerr, &nwarn);
  double deadline = o->budget_s ? now_s() + o->budget_s : 0;
  sx x;
  build(&x, k, o, o->explain);
  x.deadline = deadline;
  x.run_deadline = o->deadline;
  /* a prefix: what a wait left waiting at the cut may order is not
     decided (chk_open.c) */
  uint32_t first_cut = NONE;
  x.behind = chk_behind_cut(k, x.nnodes, x.sk.edges.data, x.sk.edges.len,
                            x.medges.data, x.medges.len, &first_cut);
  x.explain = o->explain ? out : NULL;
  x.want_core = o->explain;
  run(&x, NULL, NULL);
  x.explain = NULL;
  x.want_core = false;
  uint32_t undecided = chk_drop_behind(k, x.behind, &x.findings);
  chk_emit(k, &x.findings, out, &nerr, &nwarn);
  bool deadlock = x.deadlock;
  if (z3_failed && !x.unknowns) { /* (an encoding cut short by an error) */
    x.unknowns = x.unasked = 1;
    if (!x.unknown_what)
      x.unknown_what = mdl_strprintf("built the encoding (%s)",
                                     z3_memout ? "Z3 ran out of memory: "
                                                 "more than --max-memory-mb"
                                               : "Z3 error");
  }
  uint32_t unknowns = x.unknowns, unasked = x.unasked;
  char *what = x.unknown_what ? mdl_strprintf("%s", x.unknown_what) : NULL;
  uint32_t queries = x.queries;
  if (o->stats) {
    o->stats->queries = x.queries;
    o->stats->pruned = x.pruned;
  }
  uint32_t blocking = errors_of(&x);
  sx_free(&x);
  if (!nerr && !blocking && !unknowns && o->redundant && !k->cut_cores) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    sx y;
    build(&y, k, o, true);
    y.deadline = deadline;
    y.run_deadline = o->deadline;
    redundant(&y, out, &nwarn, &nunk);
    if (o->stats) {
      o->stats->queries += y.queries;
      o->stats->pruned += y.pruned;
    }
    sx_free(&y);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    if (o->stats) /* --stats: CPU seconds of the search */
      o->stats->redundant_s = (double)(t1.tv_sec - t0.tv_sec) +
                              (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  }
  if (unknowns) {
    /* (a budget can leave a question open without a query: the pairs
       past their share, an encoding cut short) */
    char count[128];
    uint32_t asked = unknowns - unasked;
    int w = asked ? snprintf(count, sizeof count,
                             "%u of %u queries timed out or failed", asked,
                             queries)
                  : 0;
    if (unasked)
      snprintf(count + w, sizeof count - (size_t)w, "%s%u question%s left "
               "unasked", w ? " and " : "", unasked, unasked == 1 ? "" : "s");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                 "not decided: %s, the first %s; raise %s", count,
                 what ? what : "?",
                 what && strstr(what, "--max-memory-mb") ? "--max-memory-mb"
                 : what && strstr(what, "--max-solver-seconds")
                     ? "--max-solver-seconds"
                     : "--timeout-ms");
    *note = mdl_strprintf("%u queries undecided", unknowns);
    free(what);
    return MDL_VERDICT_UNKNOWN;
  }
  free(what);
  if (!k->concrete) {
    chk_proofs_bounded(k, o->proofs, "the SMT engine decided it (run-time "
                       "event ids, or --engine smt), which checks the "
                       "unrolled trip counts only");
    *note = chk_scope_note(k, nerr || nwarn, o->proofs);
  }
  if (deadlock && !*note)
    *note = mdl_strprintf("races are not reported behind a deadlock");
  if (nunk) {
    /* the verdict on errors stands; what is not known is whether the
       undecided candidates were redundant */
    char *n2 = mdl_strprintf(
        "%s%sthe redundant-sync search left %u candidate%s undecided (a "
        "query ran out of --timeout-ms or --max-solver-seconds)",
        *note ? *note : "", *note ? "; " : "", nunk, nunk == 1 ? "" : "s");
    free(*note);
    *note = n2;
  }
  chk_note_incomplete(k, undecided, first_cut, note);
  return nerr || nwarn ? MDL_VERDICT_FINDINGS : MDL_VERDICT_CLEAN;
}

/* ------------------------------------------------------ value oracle */

/* The SMT engine's encoding of values alone (no instances), for the graph
** engine's enumeration of outcomes (chk_int.h, chk_enum.c). */
struct chk_vals {
  sx x;
  uint32_t depth;             /* outcomes assumed (pushes) */
  uint32_t unknowns;
  char *why;                  /* the first undecided question */
};

chk_vals *chk_vals_new(const mdl_kernel *k, const chk_options *o) {
  chk_vals *v = calloc(1, sizeof *v);
  if (!v)
    return NULL;
  z3_open(&v->x, k, o);
  v->x.deadline = o->budget_s ? now_s() + o->budget_s : 0;
  v->x.run_deadline = o->deadline;
  v->x.bounded = Z3_mk_const(v->x.c, Z3_mk_string_symbol(v->x.c, "bounded"),
                             Z3_mk_bool_sort(v->x.c));
  value_domain(&v->x);
  return v;
}

void chk_vals_free(chk_vals *v) {
  if (!v)
    return;
  free(v->why);
  sx_free(&v->x);
  free(v);
}

const char *chk_vals_unknown(const chk_vals *v) { return v->why; }

uint32_t chk_vals_queries(const chk_vals *v) { return v->x.queries; }

/* The atom values of model m (the witness of an outcome or an overlap);
** with all, every kernel argument and the block index and number too
** (those the queries so far left free take the model's completion), so
** that any guard of the kernel can be evaluated under it. */
static mdl_valuation *vals_of_model(sx *x, Z3_model m, bool all) {
  uint32_t na = x->k->atoms.len;
  mdl_valuation *v = calloc(1, sizeof *v);
  if (v) {
    v->natoms = na;
    v->val = calloc(na ? na : 1, sizeof *v->val);
    v->known = calloc(na ? na : 1, 1);
  }
  if (!v || !v->val || !v->known) {
    mdl_valuation_free(v);
    return NULL;
  }
  for (uint32_t i = 0; i < na; i++) {
    mdl_atom_kind kd = MDL_VEC_AT(x->k->atoms, mdl_atom, i).kind;
    Z3_ast a = x->acache[i];
    if (!a && all && i &&
        (kd == MDL_ATOM_ARG || kd == MDL_ATOM_BLOCK_IDX ||
         kd == MDL_ATOM_BLOCK_NUM)) {
      /* a constant (nothing asserted); not cached, so that witness texts
         keep naming only the atoms some question used */
      a = atom_expr(x, i);
      x->acache[i] = NULL;
    }
    if (a && chk_smt_model_int(x, m, a, &v->val[i]))
      v->known[i] = 1;
  }
  return v;
}

/* Checks the base constraints plus q (NULL: none).  1 sat (the witness in
** *val and *text when asked), 0 unsat, -1 undecided (recorded). */
static int vals_check(chk_vals *v, Z3_ast q, const char *what,
                      mdl_valuation **val, char **text, bool all) {
  sx *x = &v->x;
  Z3_model m = NULL;
  q = q ? chk_smt_mk_and2(x, x->bounded, q) : x->bounded;
  int r = chk_smt_check(x, q, (val || text) ? &m : NULL, what);
  if (r < 0) {
    v->unknowns++;
    if (!v->why && x->unknown_what)
      v->why = mdl_strprintf("%s", x->unknown_what);
  }
  if (r == 1 && m) {
    if (text) /* (before all adds the atoms no question named yet) */
      *text = chk_smt_witness(x, m, NULL, 0);
    if (val)
      *val = vals_of_model(x, m, all);
    Z3_model_dec_ref(x->c, m);
  }
  return r;
}

int chk_vals_assume(chk_vals *v, uint32_t n, const chk_dim *dims,
                    const int64_t *values, mdl_valuation **val,
                    char **text) {
  sx *x = &v->x;
  Z3_solver_push(x->c, x->s);
  v->depth++;
  for (uint32_t i = 0; i < n; i++) {
    Z3_ast f = chk_smt_form_expr(x, dims[i].form);
    if (dims[i].kind == 1) /* trip count: 0 stands for every f <= 0 */
      chk_smt_add(x, values[i] > 0
                         ? Z3_mk_eq(x->c, f, chk_smt_mk_int(x, values[i]))
                         : Z3_mk_le(x->c, f, chk_smt_mk_int(x, 0)));
    else {
      Z3_ast nz = Z3_mk_not(x->c, Z3_mk_eq(x->c, f, chk_smt_mk_int(x, 0)));
      chk_smt_add(x, values[i] ? nz : Z3_mk_not(x->c, nz));
    }
  }
  return vals_check(v, NULL, "whether an outcome of the branches and trip "
                             "counts is possible", val, text, false);
}

/* Dimension i at value w: trip counts 0 (every f <= 0), 1..K-1 (f = w),
** K when at_least (f >= K); a branch taken or not. */
static Z3_ast dim_is(sx *x, const chk_dim *dim, int64_t w, bool at_least) {
  Z3_ast f = chk_smt_form_expr(x, dim->form);
  Z3_ast c = chk_smt_mk_int(x, w);
  if (dim->kind == 1)
    return w <= 0 ? Z3_mk_le(x->c, f, chk_smt_mk_int(x, 0))
           : at_least && w == dim->nvalues - 1 ? Z3_mk_ge(x->c, f, c)
                                               : Z3_mk_eq(x->c, f, c);
  Z3_ast nz = Z3_mk_not(x->c, Z3_mk_eq(x->c, f, chk_smt_mk_int(x, 0)));
  return w ? nz : Z3_mk_not(x->c, nz);
}

int chk_vals_beyond(chk_vals *v, const chk_dim *dims, uint32_t ndims,
                    uint32_t d, const int64_t *const *outs, uint32_t nouts,
                    bool at_k) {
  sx *x = &v->x;
  int64_t K = dims[d].nvalues - 1;
  Z3_ast q = Z3_mk_gt(x->c, chk_smt_form_expr(x, dims[d].form),
                      chk_smt_mk_int(x, K));
  for (uint32_t o = 0; o < nouts; o++) {
    if (at_k && outs[o][d] != K)
      continue;
    Z3_ast m = Z3_mk_true(x->c);
    for (uint32_t e = 0; e < ndims; e++)
      if (e != d && outs[o][e] >= 0)
        m = chk_smt_mk_and2(x, m, dim_is(x, &dims[e], outs[o][e], true));
    q = chk_smt_mk_and2(x, q, Z3_mk_not(x->c, m));
  }
  int r = chk_smt_check(x, q, NULL, "whether a loop runs longer than the "
                                     "trip counts checked where they do "
                                     "not reach");
  if (r < 0) {
    v->unknowns++;
    if (!v->why && x->unknown_what)
      v->why = mdl_strprintf("%s", x->unknown_what);
  }
  return r;
}

int chk_vals_unentered(chk_vals *v, uint32_t form, int64_t bound) {
  sx *x = &v->x;
  Z3_ast f = chk_smt_form_expr(x, form);
  int r = chk_smt_check(x, Z3_mk_gt(x->c, f, chk_smt_mk_int(x, bound)), NULL,
                        "whether a loop runs longer than the trip counts "
                        "checked");
  if (r == 1)
    r = vals_check(v, Z3_mk_ge(x->c, f, chk_smt_mk_int(x, 1)),
                   "whether a run within the bound enters a loop", NULL,
                   NULL, false);
  else if (r == 0)
    return 0;
  else
    v->unknowns++;
  if (r < 0 && !v->why && x->unknown_what)
    v->why = mdl_strprintf("%s", x->unknown_what);
  return r < 0 ? -1 : !r;
}

void chk_vals_pop(chk_vals *v) {
  assert(v->depth > 0);
  Z3_solver_pop(v->x.c, v->x.s, 1);
  v->depth--;
}

/* [a's start, its end) and [b's start, its end) share a byte (an open
** end: everything from its start on). */
static Z3_ast overlap_expr(sx *x, const mdl_access *a, const mdl_access *b) {
  Z3_ast la = chk_smt_mk_int(x, a->lo), lb = chk_smt_mk_int(x, b->lo);
  if (a->sym)
    la = chk_smt_mk_add2(x, la, chk_smt_form_expr(x, a->form));
  if (b->sym)
    lb = chk_smt_mk_add2(x, lb, chk_smt_form_expr(x, b->form));
  Z3_ast q = Z3_mk_true(x->c);
  if (a->hi != INT64_MAX)
    q = Z3_mk_lt(x->c, lb,
                 chk_smt_mk_add2(x, la, chk_smt_mk_int(x, a->hi - a->lo)));
  if (b->hi != INT64_MAX)
    q = chk_smt_mk_and2(
        x, q,
        Z3_mk_lt(x->c, la,
                 chk_smt_mk_add2(x, lb, chk_smt_mk_int(x, b->hi - b->lo))));
  return q;
}

int chk_vals_overlap(chk_vals *v, const mdl_access *a, const mdl_access *b,
                     mdl_valuation **val) {
  assert(a->mem == b->mem);
  return vals_check(v, overlap_expr(&v->x, a, b),
                    "whether two symbolic byte ranges overlap", val, NULL,
                    false);
}

int chk_vals_coexist(chk_vals *v, uint32_t ga, uint32_t gb,
                     const mdl_access *a, const mdl_access *b, bool ranges,
                     mdl_valuation **val, char **text) {
  sx *x = &v->x;
  Z3_ast q = chk_smt_mk_and2(x, guard_expr(x, ga), guard_expr(x, gb));
  if (ranges)
    q = chk_smt_mk_and2(x, q, overlap_expr(x, a, b));
  return vals_check(v, q, "whether two instructions under branches or "
                          "loops that sync does not depend on run together",
                    val, text, true);
}

int chk_vals_meet(chk_vals *v, uint32_t n, const uint32_t *atoms,
                  const int64_t *coefs, int64_t c, int64_t sa, int64_t sb,
                  mdl_valuation **val) {
  sx *x = &v->x;
  Z3_ast d = chk_smt_mk_int(x, c);
  for (uint32_t i = 0; i < n; i++)
    d = chk_smt_mk_add2(
        x, d, mk_mul2(x, chk_smt_mk_int(x, coefs[i]), atom_expr(x, atoms[i])));
  Z3_ast q = Z3_mk_true(x->c);
  if (sa >= 0)
    q = Z3_mk_lt(x->c, d, chk_smt_mk_int(x, sa));
  if (sb >= 0)
    q = chk_smt_mk_and2(x, q, Z3_mk_lt(x->c, chk_smt_mk_int(x, -sb), d));
  return vals_check(v, q, "whether two symbolic byte ranges overlap", val,
                    NULL, false);
}
